import path from 'node:path'
import { loadConfigFromFile, type PluginOption } from 'vite'
import { describe, expect, it } from 'vitest'
import storybook from '../.storybook/main'

const names = (plugins: PluginOption[] | undefined) =>
  (plugins ?? []).flat(Infinity as 1).flatMap((p) => (p && typeof p === 'object' && 'name' in p ? [String(p.name)] : []))

describe('Storybook’s build of the stories (what Chromatic publishes)', () => {
  it('takes the web app’s plugins but not those of the app’s own page, router and server', async () => {
    const loaded = await loadConfigFromFile(
      { command: 'build', mode: 'production' },
      path.resolve(import.meta.dirname, '../vite.config.ts'),
    )
    const app = names(loaded!.config.plugins)
    // The app's build has them: the check below would pass on a config without them.
    expect(app).toContain('scripts-after-first-paint')
    expect(app.some((n) => /tanstack/i.test(n))).toBe(true)
    const final = await storybook.viteFinal!(loaded!.config, { configType: 'PRODUCTION' } as never)
    const kept = names(final.plugins)
    // With the first, the preview's iframe.html lost its module script to the app's meta tag and showed nothing.
    expect(kept).not.toContain('scripts-after-first-paint')
    expect(kept.some((n) => /tanstack/i.test(n))).toBe(false)
    expect(kept).toEqual(expect.arrayContaining(['vite:react-babel', '@tailwindcss/vite:generate:build']))
  })
})

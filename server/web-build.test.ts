import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { readFrame } from './modules/web-shell/template'
import { buildWebApp } from './web-build'

/** A message only React DOM's development build carries. */
const DEV_ONLY = 'while rendering a different component'

describe('the web build of npm start', () => {
  const saved = process.env.NODE_ENV
  afterEach(() => {
    process.env.NODE_ENV = saved
  })

  it('is a production build even when the server runs with NODE_ENV=development', () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'callerid-web-build-'))
    process.env.NODE_ENV = 'development'
    expect(buildWebApp({ outDir, quiet: true })).toBe(true)
    const scripts = fs.readdirSync(path.join(outDir, 'assets')).filter((f) => f.endsWith('.js'))
    expect(scripts.length).toBeGreaterThan(5)
    const withDevReact = scripts.filter((f) => fs.readFileSync(path.join(outDir, 'assets', f), 'utf8').includes(DEV_ONLY))
    expect(withDevReact).toEqual([])
    // The page names its scripts for the inline script to load after the first paint (vite.config.ts):
    // none in the head, where they would share the network with the stylesheet.
    const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8')
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/)
    const named = /<meta name="app-scripts" content="([^"]+)"/.exec(html)![1].split(' ')
    expect(named[0]).toMatch(/^\/assets\/index-[\w-]+\.js$/)
    // What the first load runs is one script (vite.config.ts, ADR 0031), not a score of small shared chunks.
    expect(named).toHaveLength(1)
    for (const url of named) expect(fs.existsSync(path.join(outDir, url))).toBe(true)
    // The frame the server sends before any script, rendered from the app's components with marks the
    // server fills per request, waits in #root (ADR 0051); the server takes it out (modules/web-shell).
    const { html: served, templates } = readFrame(html)
    expect(served).toContain('<div id="root"></div>')
    expect(templates!.shell).toContain('<header')
    expect(templates!.pages['/search'].body).toContain('<h1 id="page-title"')
    fs.rmSync(outDir, { recursive: true, force: true })
  }, 300_000)
})

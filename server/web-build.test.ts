import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
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
    fs.rmSync(outDir, { recursive: true, force: true })
  }, 300_000)
})

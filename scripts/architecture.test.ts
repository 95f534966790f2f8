import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * docs/architecture.md is the map a newcomer reads first: every file it names exists, and
 * every API path is served from the folder its path table gives.
 */
const doc = fs.readFileSync('docs/architecture.md', 'utf8')
const section = (name: string) => doc.slice(doc.indexOf(`<!-- ${name}:start -->`), doc.indexOf(`<!-- ${name}:end -->`))
const rows = (name: string) =>
  section(name)
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| path |') && !l.startsWith('| question |'))
    .map((l) =>
      l
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    )

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => path.join(dir, f))
}

describe('docs/architecture.md', () => {
  it('answers at least fifteen "where is" questions, each with one or two files that exist', () => {
    const answers = rows('where')
    expect(answers.length).toBeGreaterThanOrEqual(15)
    for (const [question, where] of answers) {
      const named = [...where.matchAll(/`([^`]+)`/g)].map((m) => m[1]).filter((p) => p.includes('/'))
      const files = named.filter((p) => /\.\w+$/.test(p))
      expect(files.length, question).toBeGreaterThanOrEqual(1)
      expect(files.length, question).toBeLessThanOrEqual(2)
      for (const p of named) expect(fs.existsSync(p), `${question}: ${p}`).toBe(true)
    }
  })

  it('is the table the README shows', () => {
    const readme = fs.readFileSync('README.md', 'utf8')
    expect(readme.slice(readme.indexOf('<!-- where:start -->'), readme.indexOf('<!-- where:end -->'))).toBe(section('where'))
  })

  it('gives the folder of every API path, and each path is served from that folder', () => {
    const table = rows('paths').map(([prefix, folder]) => ({ prefix: prefix.replace(/`/g, ''), folder: folder.replace(/`/g, '') }))
    for (const { folder } of table) expect(fs.existsSync(folder), folder).toBe(true)
    const ownerOf = (apiPath: string) =>
      table.filter((r) => apiPath.startsWith(r.prefix)).sort((a, b) => b.prefix.length - a.prefix.length)[0]?.folder
    const served: Array<{ apiPath: string; file: string }> = []
    for (const file of sourceFiles('server/modules')) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/['`]\/api\/(?:v\d+\/)?([a-z][^'`?]*)['`]/g))
        served.push({ apiPath: m[1], file })
    }
    expect(served.length).toBeGreaterThan(80)
    const misplaced = served
      .filter(({ apiPath, file }) => !file.startsWith(`${ownerOf(apiPath)}/`))
      .map(({ apiPath, file }) => `${apiPath} in ${file} (table: ${ownerOf(apiPath)})`)
    expect(misplaced).toEqual([])
  })
})

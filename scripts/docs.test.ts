import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const docsDir = path.join(root, 'docs')
/** README.md and docs/*.md (the decision records in docs/decisions/ are not checked here). */
const pages = [
  'README.md',
  ...fs
    .readdirSync(docsDir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join('docs', name)),
]

/** The relative link targets of a markdown page, code blocks and code spans left out. */
function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '')
  const targets = [...prose.matchAll(/\]\(([^()\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1])
  return targets.filter((target) => !/^([a-z][a-z0-9+.-]*:|#)/i.test(target))
}

describe('the documentation (issue 31)', () => {
  it('keeps README.md to at most 250 lines', () => {
    const lines = fs.readFileSync(path.join(root, 'README.md'), 'utf8').trimEnd().split('\n')
    expect(lines.length).toBeLessThanOrEqual(250)
  })

  it.each(pages)('links from %s only to files that exist', (page) => {
    const from = path.dirname(path.join(root, page))
    const broken = relativeLinks(fs.readFileSync(path.join(root, page), 'utf8'))
      .map((target) => decodeURIComponent(target.split('#')[0]))
      .filter((file) => file !== '')
      .map((file) => path.resolve(from, file))
      .filter((file) => !fs.existsSync(file))
      .map((file) => path.relative(root, file))
    expect(broken).toEqual([])
  })

  it('finds the links it checks', () => {
    // A parser that found nothing would pass the check above on any page.
    expect(relativeLinks(fs.readFileSync(path.join(root, 'README.md'), 'utf8'))).toEqual(
      expect.arrayContaining(['docs/configuration.md', 'docs/performance.md', 'docs/decisions/README.md']),
    )
  })
})

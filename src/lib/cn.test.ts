import fs from 'node:fs'
import path from 'node:path'
import { createTailwindMerge, getDefaultConfig, twMerge } from 'tailwind-merge'
import { describe, expect, it } from 'vitest'
import { CLASS_GROUPS, cn } from './cn'

const SRC = path.resolve(import.meta.dirname, '..')

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

/** Every word in a string literal of the app that tailwind-merge knows as a class (it folds a repeated one). */
function appClasses(): string[] {
  const words = new Set<string>()
  for (const file of sources(SRC)) {
    const text = fs.readFileSync(file, 'utf8')
    for (const literal of text.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
      for (const word of literal[2].split(/\s+/)) if (/^[!\w[\]:/().%#,*&>~+=-]+$/.test(word)) words.add(word)
    }
  }
  return [...words].filter((word) => twMerge(`${word} ${word}`) === word)
}

describe('cn (tailwind-merge with the app’s class groups only)', () => {
  const classes = appClasses()

  it('lists exactly the class groups of the classes the app uses', () => {
    const config = getDefaultConfig()
    const groups = Object.keys(config.classGroups) as Array<keyof typeof config.classGroups>
    // A merge that knows one group folds a repeated class of that group only.
    const only = groups.map(
      (group) =>
        [
          group,
          createTailwindMerge(() => ({
            ...config,
            classGroups: { [group]: config.classGroups[group] },
            conflictingClassGroups: {},
            conflictingClassGroupModifiers: {},
          })),
        ] as const,
    )
    const used = new Set<string>()
    for (const word of classes) {
      const hits = only.filter(([, merge]) => merge(`${word} ${word}`) === word).map(([group]) => group)
      // Arbitrary properties ([unicode-bidi:isolate]) are folded by property, whatever the groups.
      if (hits.length < groups.length) hits.forEach((group) => used.add(group))
    }
    expect(classes.length).toBeGreaterThan(200)
    expect([...CLASS_GROUPS].sort()).toEqual([...used].sort())
  })

  it('merges any two of the app’s classes as the full tailwind-merge does', () => {
    const differences: string[] = []
    for (const a of classes) {
      for (const b of classes) {
        const full = twMerge(a, b)
        if (cn(a, b) !== full) differences.push(`${a} + ${b}: ${cn(a, b)} instead of ${full}`)
      }
    }
    expect(differences).toEqual([])
    // And it does merge: a later padding or colour wins.
    expect(cn('px-4 text-fg', 'px-0 text-success')).toBe('px-0 text-success')
  })
})

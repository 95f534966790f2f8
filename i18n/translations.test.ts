import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { SUPPORTED_LOCALES } from '../contract/constants'
import { ERROR_CODES } from '../contract/errors'
import en from './en'
import { flatten as flattenDict, type Dict } from '../tests/support/i18n-dict'

const here = path.dirname(fileURLToPath(import.meta.url))
const flatten = (dict: Dict) => flattenDict(dict, '_')

/** `{name}`, `{name:type}` and `{name:type|formatter}` arguments; `{{…}}` plural parts are not arguments. */
function placeholders(text: string): string[] {
  const withoutPlurals = text.replace(/\{\{[^}]*\}\}/g, '')
  return [...withoutPlurals.matchAll(/\{(\w+)(?::\w+)?(?:\|\w+)*\}/g)].map((m) => m[1]).sort()
}

const base = flatten(en as unknown as Dict)

/** Product and brand names stay as they are in every language. */
const PRODUCT_NAMES = new Set(['Premium', 'Premium Plus', 'WhatsApp Business'])

describe('translations', () => {
  it('has a folder for every supported language', () => {
    const folders = fs.readdirSync(here).filter((f) => fs.statSync(path.join(here, f)).isDirectory())
    expect(folders.sort()).toEqual([...SUPPORTED_LOCALES].sort())
  })

  // Every other language is held to English's keys below, so to these too (issue 33).
  it('has a text for every error code of the API, and none for a code it no longer has', () => {
    expect(Object.keys(en.apiError.code).sort()).toEqual(Object.keys(ERROR_CODES).sort())
  })

  describe.each(SUPPORTED_LOCALES.filter((l) => l !== 'en'))('%s', (locale) => {
    it('has every key and every placeholder of English, and nothing left in English', async () => {
      const mod = await import(`./${locale}/index.ts`)
      const dict = flatten(mod.default as Dict)
      expect([...dict.keys()].sort()).toEqual([...base.keys()].sort())
      for (const [key, english] of base) {
        const translated = dict.get(key)!
        expect(translated.trim(), `${locale} ${key} is empty`).not.toBe('')
        expect(placeholders(translated), `${locale} ${key} placeholders`).toEqual(placeholders(english))
        for (const plural of translated.matchAll(/\{\{([^}]*)\}\}/g)) {
          const slots = plural[1].split('|').length
          expect([1, 2, 3, 6], `${locale} ${key} plural forms`).toContain(slots)
        }
      }
      const untouched = [...base].filter(
        ([key, english]) => /[A-Za-z]{3,}\s+[A-Za-z]{3,}/.test(english) && !PRODUCT_NAMES.has(english) && dict.get(key) === english,
      )
      expect(
        untouched.map(([k]) => k),
        `${locale} strings still in English`,
      ).toEqual([])
    })
  })
})

import fs from 'node:fs'
import path from 'node:path'
import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import { LRUCache } from 'lru-cache'
import { matchLocale } from '../../../contract/locale'
import { dataFolder, prefixName } from './geo-data'

type Description = { region: string | null; carrier: string | null }

// The geocoding data's files are read once each without holding the event loop (geo-data.ts, ADR 0063);
// a number's region and carrier do not change, so answers are kept too.
const cache = new LRUCache<string, Description>({ max: 50_000 })

const regionNames = new Map<string, Intl.DisplayNames>()
function countryName(code: string, locale: string): string {
  let names = regionNames.get(locale)
  if (!names) {
    try {
      names = new Intl.DisplayNames([locale, 'en'], { type: 'region' })
    } catch {
      names = new Intl.DisplayNames(['en'], { type: 'region' })
    }
    regionNames.set(locale, names)
  }
  return names.of(code) ?? code
}

/**
 * Where a number is from and which carrier it was first given to, from Google's
 * libphonenumber geocoding and carrier data, in the searcher's language: one of the app's, so
 * that what a query names (up to 16 characters of anything) never becomes a path or a cache key.
 */
export async function describeNumber(e164: string, wanted = 'en'): Promise<Description> {
  const locale = matchLocale(wanted) ?? 'en'
  const key = `${e164}|${locale}`
  const hit = cache.get(key)
  if (hit) return hit
  const description = await lookUp(e164, locale)
  cache.set(key, description)
  return description
}

/**
 * The library's language folders for a locale of the app, best first: its own names are Java's
 * (Hebrew is `iw`, Indonesian `id`) and Chinese of Hong Kong is `zh_Hant`, then `zh`.
 */
export function geoLanguages(locale: string): string[] {
  const [base = 'en', ...rest] = locale.toLowerCase().split(/[-_]/)
  if (base === 'zh' && rest.some((p) => ['hk', 'mo', 'tw', 'hant'].includes(p))) return ['zh_Hant', 'zh']
  return [{ he: 'iw', in: 'id' }[base] ?? base]
}

const haveData = new Map<string, boolean>()
/** Whether the library names the places of a calling code in a language of its own (else it answers in English). */
function hasPlaceNames(language: string, callingCode: string): boolean {
  const key = `${language}/${callingCode}`
  let known = haveData.get(key)
  if (known === undefined) haveData.set(key, (known = fs.existsSync(path.join(dataFolder('geocodes', language), `${callingCode}.bson`))))
  return known
}

const separators = new Map<string, string>()
/**
 * What stands between the country and the place in the reader's language, from Intl.ListFormat:
 * the separator its lists put between two items, without a conjunction in it ("، " in Arabic, whose
 * lists repeat "و"; "、" in Chinese), a space where a language separates with spaces (Thai).
 */
export function placeSeparator(locale: string): string {
  let separator = separators.get(locale)
  if (separator === undefined) {
    const between = (options: Intl.ListFormatOptions) => {
      try {
        const parts = new Intl.ListFormat([locale, 'en'], options).formatToParts(['a', 'b', 'c'])
        return (parts.find((p) => p.type === 'literal')?.value ?? '').replace(/\p{L}/gu, '')
      } catch {
        return ''
      }
    }
    const found = [between({ type: 'conjunction', style: 'narrow' }), between({ type: 'unit', style: 'short' })]
    separator = found.find((s) => s.trim() !== '') ?? (found[0] ? ' ' : ', ')
    separators.set(locale, separator)
  }
  return separator
}

/** Whether a language is written in Latin letters, as the place names of the English data are. */
function writesLatin(locale: string): boolean {
  try {
    return new Intl.Locale(locale).maximize().script === 'Latn'
  } catch {
    return false
  }
}

/**
 * The country in the reader's language (Intl.DisplayNames), then the place within it as the
 * geocoding data names it in that language. Where the data names it only in English, the place
 * is kept for a reader whose language is written in Latin letters and left out for the others:
 * a line half in another script ("Соединенные Штаты, New Jersey") reads as untranslated.
 */
async function lookUp(e164: string, locale: string): Promise<Description> {
  const parsed = parsePhoneNumberFromString(e164)
  if (!parsed) return { region: null, carrier: null }
  const callingCode = String(parsed.countryCallingCode)
  const languages = geoLanguages(locale)
  const named = languages.find((l) => hasPlaceNames(l, callingCode)) ?? (writesLatin(locale) ? 'en' : null)
  const [area, carrier] = await Promise.all([
    named ? prefixName('geocodes', named, callingCode, parsed.nationalNumber) : null,
    prefixName('carrier', languages[0], callingCode, parsed.nationalNumber),
  ])
  const country = parsed.country ? countryName(parsed.country, locale) : null
  const parts = [country, area && area !== country ? area : null].filter((p): p is string => !!p)
  return { region: parts.join(placeSeparator(locale)) || null, carrier: carrier || null }
}

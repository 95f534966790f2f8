import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import { carrier as carrierOf, geocoder } from 'libphonenumber-geo-carrier'
import { LRUCache } from 'lru-cache'

type Description = { region: string | null; carrier: string | null }

// The geocoding library's data files are read and decoded once each (patches/libphonenumber-geo-carrier+*.patch);
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
 * libphonenumber geocoding and carrier data, in the searcher's language.
 */
export async function describeNumber(e164: string, locale = 'en'): Promise<Description> {
  const key = `${e164}|${locale}`
  const hit = cache.get(key)
  if (hit) return hit
  const description = await lookUp(e164, locale)
  cache.set(key, description)
  return description
}

async function lookUp(e164: string, locale: string): Promise<Description> {
  const parsed = parsePhoneNumberFromString(e164)
  if (!parsed) return { region: null, carrier: null }
  const lang = locale.split(/[-_]/)[0].toLowerCase() || 'en'
  const [area, carrier] = await Promise.all([
    geocoder(parsed, lang as never).catch(() => null),
    carrierOf(parsed, lang as never).catch(() => null),
  ])
  const country = parsed.country ? countryName(parsed.country, locale) : null
  const region = [country, area && area !== country ? area : null].filter(Boolean).join(', ') || null
  return { region, carrier: carrier || null }
}

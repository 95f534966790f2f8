import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import { carrier as carrierOf, geocoder } from 'libphonenumber-geo-carrier'

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
export async function describeNumber(e164: string, locale = 'en'): Promise<{ region: string | null; carrier: string | null }> {
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

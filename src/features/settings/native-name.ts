/** Names a language may not give itself through Intl: `ru` is the international Russian of SPEC.md section 9. */
const OWN_NAMES: Record<string, string> = { ru: 'Русский (международный)' }

/** A language's name in that language, for the language list. */
export function nativeName(code: string): string {
  if (OWN_NAMES[code]) return OWN_NAMES[code]
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code === 'in-id' ? 'id' : code)
    return name ? name[0].toLocaleUpperCase(code) + name.slice(1) : code
  } catch {
    return code
  }
}

/** The four ways every story is shown and tested: light and dark, left-to-right and right-to-left. */
export const MODES = {
  light: { theme: 'light', locale: 'en' },
  dark: { theme: 'dark', locale: 'en' },
  rtl: { theme: 'light', locale: 'ar-sa' },
  darkRtl: { theme: 'dark', locale: 'ar-sa' },
} as const

export type Mode = keyof typeof MODES

/**
 * One base story in the four modes, as story-level globals. Export each one by name
 * (Storybook reads the exports statically):
 *
 *   const signedIn = modes({ ... })
 *   export const SignedIn = signedIn.light
 *   export const SignedInDark = signedIn.dark
 *   export const SignedInRtl = signedIn.rtl
 *   export const SignedInDarkRtl = signedIn.darkRtl
 */
export function modes<S extends { globals?: Record<string, unknown> }>(base: S): Record<Mode, S> {
  const out = {} as Record<Mode, S>
  for (const mode of Object.keys(MODES) as Mode[]) {
    out[mode] = { ...base, globals: { ...base.globals, ...MODES[mode] } }
  }
  return out
}

import type { AuthMethodInfo } from '@contract/api/auth'
import { DEFAULT_SIGNING_SECRET } from '@contract/constants'

interface AppConfig {
  signingSecret: string
  /** Site key of the invisible bot check; absent means the check is off. */
  botCheckSiteKey?: string
  /** The share of page loads (0 to 1) that report their LCP, INP and CLS (VITALS_SAMPLE_RATE); absent means none. */
  vitalsSampleRate?: number
  /** An APK download is configured (APK_URL): the footer asks for its link and shows the badge. */
  apkAvailable?: boolean
  /** The server's sign-in methods without a code, shown while the sign-in page asks for one. */
  signInMethods?: AuthMethodInfo[]
  /** Origins outside the app that a key link's `to=` may send the browser to (KEY_REDIRECT_HOSTS); absent means none. */
  keyRedirectOrigins?: string[]
  /** The support mailbox (SUPPORT_EMAIL); absent only without a server (Vite dev server, stories, tests). */
  supportEmail?: string
  /** A main site serving the legal pages (MAIN_SITE_URL, no trailing slash); absent means the app's own /legal/{page}. */
  mainSiteUrl?: string
  /** The store pages configured (GOOGLE_PLAY_URL, APP_STORE_URL, APPGALLERY_URL); a badge without one is not shown. */
  storeLinks?: Partial<Record<'googlePlay' | 'appStore' | 'appGallery', string>>
}

/** Run-time configuration the server writes into the page (DESIGN.md section 7). */
function readConfig(): AppConfig {
  // No document: rendered outside a browser (the server's first paint, app/server-frame).
  const raw = typeof document === 'undefined' ? null : document.querySelector('meta[name="app-config"]')?.getAttribute('content')
  try {
    if (raw && raw.startsWith('{')) return { signingSecret: DEFAULT_SIGNING_SECRET, ...JSON.parse(raw) }
  } catch {
    // Development server: no config in the page.
  }
  return { signingSecret: DEFAULT_SIGNING_SECRET }
}

export const config = readConfig()

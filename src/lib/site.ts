import { LEGAL_PAGES, type LegalPage } from '@contract/legal-pages'
import { config } from './config'

/** The legal pages (SPEC.md section 2's footer): served by the app at /legal/{page}, or by the main site (MAIN_SITE_URL). */
export { LEGAL_PAGES, type LegalPage }

/** A page's path on the main site: the terms are `/tos` there (SPEC.md section 2), the others their own name. */
const MAIN_SITE_PATHS: Record<LegalPage, string> = {
  terms: 'tos',
  privacy: 'privacy',
  cookies: 'cookies',
  purchase: 'purchase',
  contacts: 'contacts',
}

/**
 * Without the server's run-time config (the Vite dev server, stories, unit tests) the app shows these
 * development placeholders; a server always writes its own values (SUPPORT_EMAIL, GOOGLE_PLAY_URL …),
 * and refuses the placeholders in production (server/env.ts).
 */
const DEVELOPMENT = {
  supportEmail: 'support@callerid.example',
  storeLinks: {
    googlePlay: 'https://play.google.com/store/apps/details?id=example.callerid',
    appStore: 'https://apps.apple.com/app/id0000000000',
    appGallery: 'https://appgallery.huawei.com/app/C000000000',
  },
}

const fromServer = config.supportEmail !== undefined

/** Support mailbox of SPEC.md section 1 (SUPPORT_EMAIL). */
export const SUPPORT_EMAIL = config.supportEmail ?? DEVELOPMENT.supportEmail

/** The store pages of the mobile apps that are configured (GOOGLE_PLAY_URL, APP_STORE_URL, APPGALLERY_URL); a missing one has no badge. */
export const STORE_LINKS: Partial<Record<'googlePlay' | 'appStore' | 'appGallery', string>> = fromServer
  ? (config.storeLinks ?? {})
  : DEVELOPMENT.storeLinks

/**
 * Where a legal page is: `{MAIN_SITE_URL}/{lang}/tos` when a main site is configured, else the app's own
 * `/legal/{page}` (in the app's language; issue 33).
 */
export function legalPageHref(page: LegalPage, lang: string, mainSiteUrl: string | undefined = config.mainSiteUrl): string {
  if (mainSiteUrl) return `${mainSiteUrl}/${lang.split('-')[0].toLowerCase()}/${MAIN_SITE_PATHS[page]}`
  return `/legal/${page}`
}

/** Support mailbox of SPEC.md section 1. */
export const SUPPORT_EMAIL = 'support@callerid.example'

/** The main marketing site: this app's address without its `app.` subdomain. */
export function mainSiteOrigin(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol}//${location.host.replace(/^app\./, '')}`
}

export function mainSitePage(page: string, lang: string): string {
  return `${mainSiteOrigin()}/${lang.toLowerCase()}/${page}`
}

export const STORE_LINKS = {
  googlePlay: 'https://play.google.com/store/apps/details?id=example.callerid',
  appStore: 'https://apps.apple.com/app/id0000000000',
  appGallery: 'https://appgallery.huawei.com/app/C000000000',
} as const

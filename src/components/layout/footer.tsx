import { lazy, Suspense } from 'react'
import useSWR from 'swr'
import { useSnapshot } from 'valtio'
import { useI18nContext } from '@i18n/i18n-react'
import { LIMITS } from '@contract/constants'
import { apk } from '@/stores/apk'
import { auth } from '@/stores/auth'
import { config } from '@/lib/config'
import { STORE_LINKS, SUPPORT_EMAIL } from '@/lib/site'
import { useNearViewport } from '@/lib/use-near-viewport'
import { LegalLink } from './legal-link'

const SiteQrCode = lazy(() => import('./site-qr-code'))

export function Footer() {
  const { LL } = useI18nContext()
  const { isAuthenticated } = useSnapshot(auth)
  const { isAPK } = useSnapshot(apk)
  // Store badges are for signed-in web users (SPEC.md section 2); inside the APK they would send
  // people to the app they are in. The APK badge needs a download link from the server.
  const badges = isAuthenticated && !isAPK
  const apkLink = useSWR(badges && config.apkAvailable ? 'apk-link' : null, () => import('@/lib/get-apk-link').then((m) => m.getApkLink()))
  const [qrBox, qrNear] = useNearViewport<HTMLDivElement>()
  const links = [
    [LL.footer.terms(), 'terms'],
    [LL.footer.privacy(), 'privacy'],
    [LL.footer.cookies(), 'cookies'],
    [LL.footer.purchase(), 'purchase'],
    [LL.footer.contacts(), 'contacts'],
  ] as const
  // Only the stores the server has an address for (GOOGLE_PLAY_URL, APP_STORE_URL, APPGALLERY_URL).
  const storeBadges = (
    [
      ['googlePlay', LL.footer.googlePlay(), STORE_LINKS.googlePlay],
      ['appStore', LL.footer.appStore(), STORE_LINKS.appStore],
      ['appGallery', LL.footer.appGallery(), STORE_LINKS.appGallery],
    ] as const
  ).flatMap(([store, label, href]) => (href ? [[store, label, href] as const] : []))
  return (
    <footer className="mt-12 border-t border-border bg-surface">
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-8 wide:grid-cols-[1fr_auto]">
        <div className="flex flex-col gap-4">
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
            {links.map(([label, page]) => (
              <li key={page}>
                {/* The app's own page (issue 33), or the main site's when MAIN_SITE_URL is set. */}
                <LegalLink className="text-muted underline-offset-4 hover:text-fg hover:underline" page={page}>
                  {label}
                </LegalLink>
              </li>
            ))}
          </ul>
          <p className="flex flex-wrap gap-2 text-sm text-muted">
            <span>{LL.footer.support()}</span>
            <a className="text-primary underline-offset-4 hover:underline" href={`mailto:${SUPPORT_EMAIL}`}>
              {SUPPORT_EMAIL}
            </a>
          </p>
          {badges && (storeBadges.length > 0 || apkLink.data) && (
            <div className="flex flex-wrap gap-2" aria-label={LL.footer.getApp()} role="group" data-testid="store-badges">
              {storeBadges.map(([store, label, href]) => (
                <a key={store} className="rounded-lg border border-border px-3 py-2 text-sm" href={href}>
                  {label}
                </a>
              ))}
              {apkLink.data && (
                <a className="rounded-lg border border-border px-3 py-2 text-sm" href={apkLink.data}>
                  {LL.footer.apk()}
                </a>
              )}
            </div>
          )}
          <p className="text-xs text-muted">{LL.footer.rights({ year: new Date().getFullYear() })}</p>
        </div>
        <div ref={qrBox} className="self-start justify-self-start rounded-xl bg-white p-2 wide:justify-self-end">
          {/* Below the fold: the QR code is encoded (its encoder loaded) only once the footer comes near the
              screen, not while a slow phone is loading the page (issue 13); its box keeps its size meanwhile. */}
          {qrNear ? (
            <Suspense fallback={<div style={{ width: LIMITS.qrCodeSize, height: LIMITS.qrCodeSize }} />}>
              <SiteQrCode size={LIMITS.qrCodeSize} label={LL.footer.qr()} />
            </Suspense>
          ) : (
            <div style={{ width: LIMITS.qrCodeSize, height: LIMITS.qrCodeSize }} />
          )}
        </div>
      </div>
    </footer>
  )
}

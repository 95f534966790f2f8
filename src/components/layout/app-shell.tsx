import { lazy, Suspense, useLayoutEffect, type ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { useI18nContext } from '@i18n/i18n-react'
import { apk } from '@/stores/apk'
import { auth } from '@/stores/auth'
import { restoreFrameFocus } from '@/lib/shell-focus'
import { Header } from './header'
import { Footer } from './footer'

// Only signed-in free users see it, after their profile has loaded: it need not load with the first page.
const PromoBanner = lazy(() => import('./promo-banner'))

/** `bell`: what the header shows as the notifications bell (composed in by the root route). */
export function AppShell({ children, bell }: { children: ReactNode; bell?: ReactNode }) {
  const { LL } = useI18nContext()
  const { isAuthenticated } = useSnapshot(auth)
  const { isAPK } = useSnapshot(apk)
  // The server's frame is gone now: what had focus there gets its twin here.
  useLayoutEffect(() => restoreFrameFocus(), [])
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-surface focus:p-2">
        {LL.app.skipToContent()}
      </a>
      <Header bell={bell} />
      <main id="main" tabIndex={-1} className="mx-auto min-h-[calc(100dvh-4rem)] w-full max-w-5xl flex-1 px-4 py-6">
        {children}
      </main>
      <Footer />
      {isAuthenticated && !isAPK && (
        // Held at the bottom of the screen: it appears once the profile has loaded, and above the
        // page it would push everything down (a layout shift, issue 13).
        <div className="sticky bottom-0 z-20">
          <Suspense fallback={null}>
            <PromoBanner />
          </Suspense>
        </div>
      )}
    </div>
  )
}

/** The frame of one page: its visible title (h1) and content. */
export function Page({ title, srTitle, children, actions }: { title: string; srTitle?: string; children?: ReactNode; actions?: ReactNode }) {
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-fg wide:text-3xl">
          {title || <span className="sr-only">{srTitle}</span>}
        </h1>
        {actions}
      </div>
      {children}
    </section>
  )
}

import { lazy, Suspense, useLayoutEffect, type ReactNode, type Ref } from 'react'
import { useSnapshot } from 'valtio'
import { useI18nContext } from '@i18n/i18n-react'
import { apk } from '@/stores/apk'
import { auth } from '@/stores/auth'
import { restoreFrameFocus } from '@/lib/shell-focus'
import { Header } from './header'

// Below the first screen (main is a screen high): it loads while the first render shows the page.
const Footer = lazy(() => import('./footer').then((m) => ({ default: m.Footer })))
// Only signed-in free users see it, after their profile has loaded: it need not load with the first page.
const PromoBanner = lazy(() => import('./promo-banner'))

/** `bell`: what the header shows as the notifications bell (composed in by the root route). */
export function AppShell({ children, bell }: { children: ReactNode; bell?: ReactNode }) {
  const { isAuthenticated } = useSnapshot(auth)
  const { isAPK } = useSnapshot(apk)
  // The server's frame is gone now: what had focus there gets its twin here.
  useLayoutEffect(() => restoreFrameFocus(), [])
  return (
    <AppFrame
      header={<Header bell={bell} />}
      after={
        <>
          <Suspense fallback={null}>
            <Footer />
          </Suspense>
          {isAuthenticated && !isAPK && (
            // Held at the bottom of the screen: it appears once the profile has loaded, and above the
            // page it would push everything down (a layout shift, issue 13).
            <div className="sticky bottom-0 z-20">
              <Suspense fallback={null}>
                <PromoBanner />
              </Suspense>
            </div>
          )}
        </>
      }
    >
      {children}
    </AppFrame>
  )
}

/**
 * The app's frame: the skip link, the header and `main`, then `after` (footer, banners). The
 * server's first paint is this frame too, rendered from here at build time (app/server-frame,
 * ADR 0051); `shell` marks that copy, which the app replaces when it starts.
 */
export function AppFrame({
  header,
  children,
  after,
  shell = false,
}: {
  header: ReactNode
  children: ReactNode
  after?: ReactNode
  shell?: boolean
}) {
  const { LL } = useI18nContext()
  return (
    <div className="flex min-h-dvh flex-col" data-shell={shell ? '' : undefined}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-surface focus:p-2"
      >
        {LL.app.skipToContent()}
      </a>
      {header}
      <main id="main" tabIndex={-1} className="mx-auto min-h-[calc(100dvh-4rem)] w-full max-w-5xl flex-1 px-4 py-6">
        {children}
      </main>
      {after}
    </div>
  )
}

/**
 * The frame of one page: its visible title (h1) and content. `title` null: no heading (the
 * server's first paint of a page whose heading is its data); `busy` while the content is a skeleton;
 * `titleRef`: the heading, focusable from script (a view that replaces another moves focus to it).
 */
export function Page({
  title,
  titleRef,
  children,
  actions,
  busy,
}: {
  title: string | null
  titleRef?: Ref<HTMLHeadingElement>
  children?: ReactNode
  actions?: ReactNode
  busy?: boolean
}) {
  return (
    <section aria-labelledby={title === null ? undefined : 'page-title'} aria-busy={busy || undefined} className="flex flex-col gap-6">
      {title !== null && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1
            id="page-title"
            ref={titleRef}
            tabIndex={titleRef ? -1 : undefined}
            className="text-2xl font-bold tracking-tight text-fg outline-none wide:text-3xl"
          >
            {title}
          </h1>
          {actions}
        </div>
      )}
      {children}
    </section>
  )
}

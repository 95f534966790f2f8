import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryHistory, createRootRoute, createRouter, RouterContextProvider } from '@tanstack/react-router'
import { I18nContext } from '@i18n/i18n-react'
import type { Locales, TranslationFunctions } from '@i18n/i18n-types'
import { AUTH_METHODS, type AuthMethod } from '@contract/constants'
import { AppFrame, Page } from '@/components/layout/app-shell'
import { HeaderBar } from '@/components/layout/header'
import { NotAuthorizedHead } from '@/components/layout/not-authorized-page'
import { buttonVariants } from '@/components/ui/button-variants'
import { SkeletonBar } from '@/components/ui/skeleton'
import { LoginHead, LoginScreenSkeleton, MethodSkeleton, NoMethods } from '@/features/auth/components/login-screen'
import { NumberCardSkeleton } from '@/features/number/components/number-card'
import { PaywallHead } from '@/features/paywall/components/paywall-page'
import { SearchHead } from '@/features/search/components/search-page'
import { NumberNotFoundHead } from '@/app/number-page/number-not-found'
import { numberPageTitle } from '@/app/number-page/number-page'
import { parseSearch, stringifySearch } from '@/app/search-params'

/**
 * The page the server sends before any script runs (ADR 0030), rendered from the app's own
 * components once, when the web app is built (ADR 0051): the frame (AppFrame, the header's bar),
 * each page's heading and what stands under it (the heads the pages themselves render), and a
 * skeleton. Its texts and the request's own values are placeholders, which the server fills per
 * request in the user's language (server/modules/web-shell). Nothing here runs in the browser.
 */

/** The stand-ins the server fills per request (server/modules/web-shell/template.ts makes them). */
export interface FramePlaceholders {
  /** Every text, in the user's language. */
  LL: TranslationFunctions
  /** A text only the request knows: a number's page's number, the number SMS goes to (as shown). */
  value(name: 'number' | 'smsNumber'): string
  /** Markup only the request knows: the page inside the frame, the server's sign-in methods. */
  slot(name: 'page' | 'signInMethods'): string
}

export interface FramePage {
  /** The document's title (before " · " and the app's name); null: the app's name alone. */
  title: string | null
  /** The page inside the frame's `main`. */
  body: string
}

export interface FrameTemplates {
  /** The frame: the skip link, the header's bar and `main`, holding the `page` slot. */
  shell: string
  /** By path: the pages whose heading needs nothing but the language. */
  pages: Record<string, FramePage>
  /** A number's page, headed with its number. */
  number: FramePage
  /** Any other page (a profile, whose heading is its data): no heading. */
  other: FramePage
  /** /login's `signInMethods` slot: a card per method, in the server's order; or that there is none. */
  signInMethods: Record<AuthMethod, string>
  noSignInMethods: string
}

/** What the page shows while its data and the app load; a screen reader hears that it loads. */
function Loading({ LL, children }: { LL: TranslationFunctions; children: ReactNode }) {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-6">
      <span className="sr-only">{LL.app.loading()}</span>
      {children}
    </div>
  )
}

const generic = (
  <div className="flex flex-col gap-3">
    <SkeletonBar className="h-4 w-2/3" />
    <SkeletonBar className="h-24 w-full" />
  </div>
)

/** The search box, then the history's and the featured numbers' cards. */
const searchShapes = (
  <>
    <SkeletonBar className="h-12 w-full" />
    <div className="grid gap-4 wide:grid-cols-2">
      <SkeletonBar className="h-32 w-full" />
      <SkeletonBar className="h-32 w-full" />
    </div>
  </>
)

export function renderFrameTemplates({ LL, value, slot }: FramePlaceholders): FrameTemplates {
  // Links are rendered by the router (TanStack's Link): one that knows no route and writes search params as the app does.
  const router = createRouter({
    routeTree: createRootRoute(),
    history: createMemoryHistory({ initialEntries: ['/'] }),
    parseSearch,
    stringifySearch,
  })
  const i18n = { locale: 'en' as Locales, LL, setLocale: () => undefined }
  const render = (node: ReactNode) =>
    renderToStaticMarkup(
      <RouterContextProvider router={router}>
        <I18nContext.Provider value={i18n}>{node}</I18nContext.Provider>
      </RouterContextProvider>,
    )
  const page = (title: string | null, node: ReactNode): FramePage => ({ title, body: render(node) })
  const loading = (children: ReactNode) => <Loading LL={LL}>{children}</Loading>
  const search = page(LL.search.title(), <SearchHead>{loading(searchShapes)}</SearchHead>)
  const notFound = page(LL.number.notFoundTitle(), <NumberNotFoundHead>{loading(generic)}</NumberNotFoundHead>)
  const heading = numberPageTitle(LL, value('number'))
  return {
    shell: render(
      <AppFrame shell header={<HeaderBar />}>
        {slot('page')}
      </AppFrame>,
    ),
    pages: {
      '/': search,
      '/search': search,
      '/login': page(LL.login.title(), <LoginHead>{loading(<LoginScreenSkeleton methods={slot('signInMethods')} />)}</LoginHead>),
      // features/settings/settings-page.tsx: the panel always opens on its main list. Its button out of
      // the panel is a link here, which works before any script.
      '/settings': page(
        LL.settings.title(),
        <Page
          title={LL.settings.title()}
          actions={
            <a href="/" className={buttonVariants({ variant: 'secondary' })}>
              {LL.settings.closeSettings()}
            </a>
          }
        >
          {loading(generic)}
        </Page>,
      ),
      '/moderation': page(LL.moderation.title(), <Page title={LL.moderation.title()}>{loading(generic)}</Page>),
      '/paywall': page(LL.paywall.title(), <PaywallHead kind="tiers">{loading(generic)}</PaywallHead>),
      '/paywall/numcy': page(LL.paywall.numcyTitle(), <PaywallHead kind="numcy">{loading(generic)}</PaywallHead>),
      '/not-authorized': page(LL.notAuthorized.title(), <NotAuthorizedHead>{loading(generic)}</NotAuthorizedHead>),
      '/number/my': page(LL.number.myTitle(), <Page title={LL.number.myTitle()}>{loading(generic)}</Page>),
      '/number/not-found': notFound,
      '/number/empty': notFound,
    },
    number: page(
      heading,
      <Page title={heading}>
        {loading(
          <>
            <SkeletonBar className="h-14 w-full" />
            <NumberCardSkeleton shown={value('number')} />
          </>,
        )}
      </Page>,
    ),
    other: page(null, <Page title={null}>{loading(generic)}</Page>),
    signInMethods: Object.fromEntries(
      AUTH_METHODS.map((m) => [m, render(<MethodSkeleton method={m} smsNumber={value('smsNumber')} />)]),
    ) as Record<AuthMethod, string>,
    noSignInMethods: render(<NoMethods />),
  }
}

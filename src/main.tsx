import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createRouter, RouterProvider } from '@tanstack/react-router'
import { routeTree } from './route-tree.gen'
import { setSignedOutHandler } from './lib/signed-out'
import { initialLocale } from './lib/i18n'
import { switchLocale } from './lib/locale-switch'
import { applyThemeToDocument } from './stores/theme'
import { watchFrameFocus } from './lib/shell-focus'
import { AppProviders } from './app/providers'
import { parseSearch, stringifySearch } from './app/search-params'
import { isNotFound, loadNotFound, NotFound } from './app/not-found'
import { RouteError } from './components/layout/route-error'
import './styles.css'

// `//key/abc` reaches us as a path with a double slash; the router wants one.
if (window.location.pathname.startsWith('//')) {
  window.history.replaceState(null, '', window.location.pathname.replace(/^\/+/, '/') + window.location.search + window.location.hash)
}

const makeRouter = () =>
  createRouter({
    routeTree,
    defaultPreload: 'intent',
    scrollRestoration: true,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFound,
    // Search params as plain strings in the address (app/search-params.ts).
    parseSearch,
    stringifySearch,
  })

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof makeRouter>
  }
}

applyThemeToDocument()
// Until the app's frame replaces the server's: what a keyboard user focused there (lib/shell-focus.ts).
watchFrameFocus()

const locale = initialLocale()
// While the language file and the page's data are on their way (lib/warm-up.ts, itself not in the first load).
void import('./lib/warm-up').then(({ warmUp }) => warmUp(locale, window.location.pathname))

// The app replaces the server's frame only once it can show the page: its language, and the
// route matched with its code loaded. Rendered earlier, the router's first render is empty,
// and the frame would give way to a blank page (and drop a keyboard user's focus) meanwhile.
// Each step in a task of its own, none long on a slow phone (issue 13, total blocking time): this
// module's evaluation, then the API client (which every page's data needs; without zod in
// production, ADR 0032), the router's making (its history and route table: as long as the rest of
// this module's evaluation on a slow phone), its match, then the route's own modules, then the first render.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))
void nextTask().then(() => import('./lib/api'))
const routed = nextTask().then(async () => {
  const router = makeRouter()
  setSignedOutHandler(() => void router.navigate({ to: '/not-authorized' }))
  await nextTask()
  await router.load().catch(() => {
    // A route that fails to load shows its error page once the app renders.
  })
  // Not in the first load: a page that is not found waits for the not-found page's code.
  if (isNotFound(router)) await loadNotFound().catch(() => undefined)
  await nextTask()
  return router
})
Promise.all([switchLocale(locale), routed]).then(([active, router]) => {
  const root = createRoot(document.getElementById('root')!)
  // The server's frame is on screen already (server/modules/web-shell): the app's first render
  // takes over in slices that leave the main thread free in between (a transition), rather
  // than in one long task that would block a tap (issue 13, total blocking time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders locale={active}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    )
  })
})

/**
 * The smallest app on the libraries the first load cannot do without (`npm run size:floor`):
 * React 19 and React DOM, TanStack Router, SWR, valtio and typesafe-i18n, each used as the web
 * app uses it, with a page of a few lines. Its gzip size is the floor under the web app's first
 * load, before any code of the product's own (docs/performance.md, "Page measurements").
 */
import { createRoot } from 'react-dom/client'
import { createRootRoute, createRoute, createRouter, Link, Outlet, RouterProvider } from '@tanstack/react-router'
import useSWR, { preload, SWRConfig } from 'swr'
import { i18nObject } from 'typesafe-i18n'
import { proxy, useSnapshot } from 'valtio'

const store = proxy({ count: 0 })
const LL = i18nObject('en', { hello: 'Hello {name}' } as never) as unknown as { hello: (args: { name: string }) => string }
const load = () => fetch('/api').then((r) => r.text())

function Page() {
  const { count } = useSnapshot(store)
  const { data } = useSWR('page', load)
  return (
    <p onClick={() => store.count++}>
      {LL.hello({ name: String(count) })} {data} <Link to="/">home</Link>
    </p>
  )
}

const rootRoute = createRootRoute({ component: () => <Outlet /> })
const pageRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: Page, loader: () => void preload('page', load) })
const router = createRouter({ routeTree: rootRoute.addChildren([pageRoute]) })

createRoot(document.getElementById('root')!).render(
  <SWRConfig value={{ revalidateOnFocus: false }}>
    <RouterProvider router={router} />
  </SWRConfig>,
)

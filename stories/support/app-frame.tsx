import { createContext, useContext, useState, type ReactNode } from 'react'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { SWRConfig } from 'swr'
import type { Locales } from '@i18n/i18n-types'
import { AppProviders } from '@/app/providers'

const StorySlot = createContext<ReactNode>(null)

/**
 * A router of its own for one story, at `path`: the root route shows the story, so
 * Link, useRouter, useParams and useNavigate work without the app's route tree.
 * Its routes carry the params the header reads (`/number/$phoneNumber`, `/number/my`).
 */
export function createStoryRouter(path = '/') {
  const root = createRootRoute({ component: StoryOutlet })
  const blank = () => null
  const routeTree = root.addChildren([
    createRoute({ getParentRoute: () => root, path: '/', component: blank }),
    createRoute({ getParentRoute: () => root, path: '/number/my', component: blank }),
    createRoute({ getParentRoute: () => root, path: '/number/$phoneNumber', component: blank }),
    createRoute({ getParentRoute: () => root, path: '$', component: blank }),
  ])
  return createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }), defaultNotFoundComponent: blank })
}

/** The root route's view: the story itself. */
function StoryOutlet() {
  return useContext(StorySlot)
}

export type StoryRouter = ReturnType<typeof createStoryRouter>

/**
 * The app's providers (translations, direction, SWR settings) around a story, with a
 * fresh SWR cache so stories never share data, and no retries so error states stay put.
 */
export function AppFrame({ locale, router, children }: { locale: Locales; router?: StoryRouter; children: ReactNode }) {
  const [own] = useState(() => router ?? createStoryRouter())
  return (
    <AppProviders locale={locale}>
      <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, revalidateOnFocus: false, revalidateOnReconnect: false }}>
        <StorySlot.Provider value={children}>
          <RouterProvider router={own} />
        </StorySlot.Provider>
      </SWRConfig>
    </AppProviders>
  )
}

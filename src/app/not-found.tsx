import { Suspense } from 'react'
import { lazyRouteComponent, rootRouteId, type AnyRouter } from '@tanstack/react-router'

// Not in the first load: few pages are not found.
const NotFoundPage = lazyRouteComponent(() => import('@/components/layout/not-found-page'), 'NotFoundPage')

/**
 * The router's page for an address nothing answers. When the first page is one, its code comes
 * before the first render (main.tsx, loadNotFound); reached later, it shows once its code has come.
 */
export function NotFound() {
  return (
    <Suspense fallback={null}>
      <NotFoundPage />
    </Suspense>
  )
}

/** Whether the router's page is not found: a route said so, or no route but the root matched. */
export function isNotFound(router: AnyRouter): boolean {
  const { matches } = router.state
  return matches.some((match) => match.status === 'notFound') || matches.at(-1)?.routeId === rootRouteId
}

export async function loadNotFound(): Promise<void> {
  await NotFoundPage.preload?.()
}

import { useEffect } from 'react'
import { createRootRoute, Outlet } from '@tanstack/react-router'
import { AppShell } from '@/components/layout/app-shell'
import { validateGlobalSearch } from '@/app/search-params'
import { setTheme } from '@/stores/theme'
import { SessionBootstrap } from '@/features/auth/session-bootstrap'

export const Route = createRootRoute({
  validateSearch: validateGlobalSearch,
  component: Root,
})

function Root() {
  const { theme } = Route.useSearch()
  useEffect(() => {
    if (theme) setTheme(theme)
  }, [theme])
  return (
    <AppShell>
      <SessionBootstrap />
      <Outlet />
    </AppShell>
  )
}

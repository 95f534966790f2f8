import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { useI18nContext } from '@i18n/i18n-react'
import { usePageTitle } from '@/lib/use-page-title'
import { Button, buttonVariants } from '@/components/ui/button'
import { Page } from './app-shell'

/**
 * Where a refused session (403) and a client the server no longer accepts (426) end up
 * (SPEC.md section 8): sign in again, or reload to get the current version of the app.
 */
export function NotAuthorizedPage() {
  const { LL } = useI18nContext()
  usePageTitle(LL.notAuthorized.title())
  return (
    <NotAuthorizedHead>
      <div className="flex flex-wrap gap-3">
        <Link to="/login" className={buttonVariants({ variant: 'primary' })}>
          {LL.notAuthorized.signIn()}
        </Link>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          {LL.notAuthorized.reload()}
        </Button>
      </div>
    </NotAuthorizedHead>
  )
}

/** The page's heading and what it says, around the rest: the server's first paint draws them too (app/server-frame). */
export function NotAuthorizedHead({ children }: { children?: ReactNode }) {
  const { LL } = useI18nContext()
  return (
    <Page title={LL.notAuthorized.title()}>
      <p className="text-muted">{LL.notAuthorized.text()}</p>
      <p className="text-muted">{LL.notAuthorized.reloadText()}</p>
      {children}
    </Page>
  )
}

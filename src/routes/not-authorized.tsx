import { createFileRoute, Link } from '@tanstack/react-router'
import { useI18nContext } from '@i18n/i18n-react'
import { usePageTitle } from '@/lib/use-page-title'
import { Page } from '@/components/layout/app-shell'
import { buttonVariants } from '@/components/ui/button'

export const Route = createFileRoute('/not-authorized')({ component: NotAuthorizedPage })

function NotAuthorizedPage() {
  const { LL } = useI18nContext()
  usePageTitle(LL.notAuthorized.title())
  return (
    <Page title={LL.notAuthorized.title()}>
      <p className="text-muted">{LL.notAuthorized.text()}</p>
      <Link to="/login" className={buttonVariants({ variant: 'primary' }) + ' self-start'}>
        {LL.notAuthorized.signIn()}
      </Link>
    </Page>
  )
}

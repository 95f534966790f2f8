import { Link } from '@tanstack/react-router'
import { useI18nContext } from '@i18n/i18n-react'
import { usePageTitle } from '@/lib/use-page-title'
import { buttonVariants } from '@/components/ui/button-variants'
import { Page } from './app-shell'

export function NotFoundPage() {
  const { LL } = useI18nContext()
  usePageTitle(LL.notFound.title())
  return (
    <Page title={LL.notFound.title()}>
      <p className="text-muted">{LL.notFound.text()}</p>
      <Link to="/search" className={buttonVariants({ variant: 'primary' }) + ' self-start'}>
        {LL.notFound.home()}
      </Link>
    </Page>
  )
}

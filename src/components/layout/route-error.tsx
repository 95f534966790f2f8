import { useRouter } from '@tanstack/react-router'
import { useI18nContext } from '@i18n/i18n-react'
import { ErrorState } from '@/components/ui/states'

export function RouteError() {
  const { LL } = useI18nContext()
  const router = useRouter()
  return <ErrorState message={LL.app.genericError()} retryLabel={LL.app.retry()} onRetry={() => router.invalidate()} />
}

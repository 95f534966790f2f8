import { digitsOnly } from '@contract/digits'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { useI18nContext } from '@i18n/i18n-react'
import { usePageTitle } from '@/lib/use-page-title'
import { LoginHead, LoginScreen } from '@/features/auth/components/login-screen'
import { theme } from '@/stores/theme'

export const Route = createFileRoute('/login')({ component: LoginPage })

function LoginPage() {
  const { LL } = useI18nContext()
  const { locale } = useSnapshot(theme)
  const { number } = Route.useSearch()
  const navigate = useNavigate()
  usePageTitle(LL.login.title())
  return (
    <LoginHead>
      <LoginScreen
        lang={locale}
        onSignedIn={() =>
          void navigate(
            number && digitsOnly(number).length > 1
              ? { to: '/number/$phoneNumber', params: { phoneNumber: digitsOnly(number) } }
              : { to: '/search' },
          )
        }
      />
    </LoginHead>
  )
}

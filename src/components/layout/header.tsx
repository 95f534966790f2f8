import { Link, useRouter } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { useI18nContext } from '@i18n/i18n-react'
import { auth } from '@/stores/auth'
import { buttonVariants } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { Logo, IconBack, IconSettings, IconUser, IconWallet } from './icons'

const iconButton = cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'rounded-full')

export function Header() {
  const { LL } = useI18nContext()
  const { isAuthenticated } = useSnapshot(auth)
  const router = useRouter()
  return (
    <header className="sticky top-0 z-20 border-b border-border bg-surface/90 backdrop-blur">
      <nav aria-label={LL.app.name()} className="mx-auto flex h-16 max-w-5xl items-center gap-2 px-4">
        {isAuthenticated && (
          <button type="button" className={iconButton} aria-label={LL.app.back()} onClick={() => router.history.back()}>
            <IconBack className="h-5 w-5 rtl:-scale-x-100" />
          </button>
        )}
        <Link to="/search" aria-label={LL.header.home()} className="flex items-center gap-2 rounded-xl pe-2 font-semibold text-fg">
          <Logo className="h-8 w-8" />
          <span className="mobile:hidden">{LL.app.name()}</span>
        </Link>
        <div className="ms-auto flex items-center gap-1">
          {isAuthenticated && (
            <Link to="/paywall" aria-label={LL.header.wallet()} className={iconButton}>
              <IconWallet className="h-5 w-5" />
            </Link>
          )}
          <Link to="/settings" aria-label={LL.header.settings()} className={iconButton}>
            <IconSettings className="h-5 w-5" />
          </Link>
          {isAuthenticated ? (
            <Link to="/number/my" aria-label={LL.header.profile()} className={iconButton}>
              <IconUser className="h-5 w-5" />
            </Link>
          ) : (
            <Link to="/login" className={buttonVariants({ variant: 'primary', size: 'sm' })}>
              {LL.header.login()}
            </Link>
          )}
        </div>
      </nav>
    </header>
  )
}

import { lazy, Suspense, useState, type ReactNode } from 'react'
import { Link, useParams, useRouterState } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { useI18nContext } from '@i18n/i18n-react'
import { auth } from '@/stores/auth'
import { buttonVariants } from '@/components/ui/button-variants'
import { Spinner } from '@/components/ui/spinner'
import { useBack } from '@/lib/back'
// Not '@/lib/format', which re-exports it: that module's date and decimal formatting would come with the header.
import { formatNumber } from '@i18n/formatters'
import { useBalance } from '@/lib/use-balance'
import { iconButton } from './icon-button'
import { digitsOnly } from '@contract/digits'
import { IconBack, IconCoin, IconMore, IconSettings, IconUser, IconWallet, Logo } from './icons'

// The menu (Radix, phone formatting) loads on first use: it is not needed to paint the page.
const HeaderMenu = lazy(() => import('./header-menu'))

/** The number the current page is about, if any: a number page or the own number. */
function usePageNumber(): { digits: string | null; own: boolean } {
  const params = useParams({ strict: false }) as { phoneNumber?: string }
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const { phoneNumber } = useSnapshot(auth)
  const ownDigits = phoneNumber ? digitsOnly(phoneNumber) : null
  if (pathname === '/number/my') return { digits: ownDigits, own: true }
  const digits = params.phoneNumber ? digitsOnly(params.phoneNumber) : null
  return { digits, own: Boolean(digits && digits === ownDigits) }
}

/** `bell`: the notifications bell, handed in by the app (a feature of its own), signed in only. */
export function Header({ bell }: { bell?: ReactNode }) {
  const { LL, locale } = useI18nContext()
  const { isAuthenticated } = useSnapshot(auth)
  const back = useBack()
  const page = usePageNumber()
  const { balance, loading } = useBalance(page.own)
  // How the menu was first asked for: from the keyboard its first item takes focus (WAI-ARIA menu button).
  const [menuWanted, setMenuWanted] = useState<false | 'keyboard' | 'pointer'>(false)

  return (
    <HeaderBar
      start={
        isAuthenticated && (
          <button type="button" className={iconButton} aria-label={LL.app.back()} onClick={back}>
            <IconBack className="h-5 w-5 rtl:-scale-x-100" />
          </button>
        )
      }
    >
      <div className="ms-auto flex items-center gap-1">
        {isAuthenticated && page.own && (
          <Link
            to="/paywall"
            className="inline-flex h-10 items-center gap-1.5 rounded-full bg-surface-2 px-3 text-sm font-semibold text-fg"
            aria-label={LL.header.balance({ balance })}
            data-testid="coin-balance"
          >
            <IconCoin className="h-5 w-5 text-warning" />
            {loading ? <Spinner /> : <span className="phone">{formatNumber(locale, balance)}</span>}
          </Link>
        )}
        {isAuthenticated && bell}
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
          <Link to="/login" className={buttonVariants({ variant: 'primary', size: 'sm', className: 'ms-1' })}>
            {LL.header.login()}
          </Link>
        )}
        {menuWanted ? (
          <Suspense fallback={<MenuButton />}>
            <HeaderMenu digits={page.digits} defaultOpen focusFirstItem={menuWanted === 'keyboard'} />
          </Suspense>
        ) : (
          <MenuButton onActivate={setMenuWanted} />
        )}
      </div>
    </HeaderBar>
  )
}

/**
 * The header's bar and its home link, `start` before the link and `children` after it. The
 * server's first paint shows it bare (app/server-frame, ADR 0051): what it holds depends on the
 * session, which the server does not know.
 */
export function HeaderBar({ start, children }: { start?: ReactNode; children?: ReactNode }) {
  const { LL } = useI18nContext()
  return (
    <header className="sticky top-0 z-20 border-b border-border bg-surface/90 backdrop-blur">
      <nav aria-label={LL.app.name()} className="mx-auto flex h-16 max-w-5xl items-center gap-1 px-4">
        {start}
        <Link to="/search" aria-label={LL.header.home()} className="flex items-center gap-2 rounded-xl pe-2 font-semibold text-fg">
          <Logo className="h-8 w-8" />
          <span className="mobile:hidden">{LL.app.name()}</span>
        </Link>
        {children}
      </nav>
    </header>
  )
}

/** The menu button before the menu itself has loaded; activating it loads and opens the menu. */
function MenuButton({ onActivate }: { onActivate?: (how: 'keyboard' | 'pointer') => void }) {
  const { LL } = useI18nContext()
  return (
    <button
      type="button"
      className={iconButton}
      aria-label={LL.header.more()}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerDown={() => onActivate?.('pointer')}
      onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') && onActivate?.('keyboard')}
      onClick={(e) => onActivate?.(e.detail === 0 ? 'keyboard' : 'pointer')}
    >
      <IconMore className="h-5 w-5" />
    </button>
  )
}

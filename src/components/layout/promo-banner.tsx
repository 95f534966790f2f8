import { useState } from 'react'
import { Link, useRouterState } from '@tanstack/react-router'
import useSWR from 'swr'
import { useSnapshot } from 'valtio'
import { useI18nContext } from '@i18n/i18n-react'
import { productsKey } from '@/lib/products-key'
import { storage, STORAGE_KEYS as K } from '@/lib/storage'
import { useMyProfile } from '@/lib/use-my-profile'
import { apk } from '@/stores/apk'
import { iconButton } from './icon-button'

/** A dismissed offer stays away this long. */
const QUIET_MS = 7 * 86_400_000

function dismissedRecently(now: number): boolean {
  const at = Number(storage.get(K.promoDismissedAt))
  return Number.isFinite(at) && at > 0 && now - at < QUIET_MS
}

/**
 * The promotion banner (DESIGN.md section 8): the product's own plan, never a third
 * party's ad. Shown to signed-in free users only; not with a plan in force, not in APK
 * mode, not on the payment pages themselves; dismissed for a week.
 */
export default function PromoBanner() {
  const { LL, locale } = useI18nContext()
  const { isAPK } = useSnapshot(apk)
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const [dismissed, setDismissed] = useState(() => dismissedRecently(Date.now()))
  const me = useMyProfile()
  const free = me.data ? me.data.planTier === null : false
  const shown = free && !isAPK && !dismissed && !/^\/pay(wall|ment)(\/|$)/.test(pathname)
  // The plan's limit is configuration: read from the catalogue, loaded with its client on demand.
  const catalogue = useSWR(shown ? productsKey(locale) : null, () => import('@/lib/get-products').then((m) => m.getProducts(locale)))
  if (!shown || !catalogue.data) return null
  const dismiss = () => {
    storage.set(K.promoDismissedAt, String(Date.now()))
    setDismissed(true)
  }
  return (
    <aside aria-label={LL.money.promoRegion()} className="border-t border-border bg-surface-2" data-testid="promo-banner">
      <div className="mx-auto flex max-w-5xl items-center gap-3 px-4 py-1.5 text-sm">
        <p className="flex-1">
          {LL.money.promoText({ count: catalogue.data.tiers.tier1.searchDailyLimit })}{' '}
          <Link to="/paywall" search={{ tab: 'tier1' }} className="font-semibold text-primary underline underline-offset-4">
            {LL.money.promoLink()}
          </Link>
        </p>
        <button type="button" className={iconButton} aria-label={LL.money.promoDismiss()} onClick={dismiss}>
          <span aria-hidden className="text-lg leading-none">
            ×
          </span>
        </button>
      </div>
    </aside>
  )
}

import { useId } from 'react'
import { useSnapshot } from 'valtio'
import { useI18nContext } from '@i18n/i18n-react'
import { LIMITS } from '@contract/constants'
import { Switch } from '@/components/ui/switch'
import { auth, setPaidSearch } from '@/stores/auth'

/**
 * The paid-search switch (DESIGN.md section 8), shown once paid searches are allowed in
 * the settings: on, every search past the daily limit is paid for in coins (`paidSearch=1`).
 */
export function PaidSearchSwitch() {
  const { LL } = useI18nContext()
  const id = useId()
  const { paidSearch } = useSnapshot(auth)
  return (
    <div className="flex items-center justify-between gap-4 rounded-2xl border border-border bg-surface px-4 py-3">
      <div className="flex flex-col">
        <label htmlFor={id} className="font-medium">
          {LL.money.paidSearch()}
        </label>
        <p id={`${id}-text`} className="text-sm text-muted">
          {LL.money.paidSearchText({ price: LIMITS.defaultPaidSearchPrice })}
        </p>
      </div>
      <Switch id={id} aria-describedby={`${id}-text`} checked={paidSearch} onCheckedChange={setPaidSearch} />
    </div>
  )
}

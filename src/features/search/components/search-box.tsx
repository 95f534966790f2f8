import { useState, type FormEvent } from 'react'
import { useSnapshot } from 'valtio'
import { useRouter } from '@tanstack/react-router'
import { useI18nContext } from '@i18n/i18n-react'
import { LIMITS } from '@contract/constants'
import { Button } from '@/components/ui/button'
import { IconSearch, IconWarning } from '@/components/layout/page-icons'
import { digitsOnly } from '@contract/digits'
import { withoutExtension } from '@contract/extension'
import { loadPhoneTools, useTypingFormat } from '@/lib/phone-display'
import { auth } from '@/stores/auth'
import { cn } from '@/lib/cn'

/**
 * The number search box of SPEC.md section 2: digits only, shown in international
 * format, submitted with Enter or the button; warns at 5 or fewer searches left.
 */
export function SearchBox({
  initial = '',
  leftRequests,
  onSearch,
  className,
}: {
  initial?: string
  leftRequests?: number | null
  onSearch: (digits: string) => void
  className?: string
}) {
  const { LL } = useI18nContext()
  const router = useRouter()
  const [digits, setDigits] = useState(digitsOnly(initial))
  function submit(e: FormEvent) {
    e.preventDefault()
    // Counted by the page it was made from, read before the search moves on (ru-RU only). The
    // counter loads with the first search, not with the pages that show this box.
    const { matches } = router.state
    void import('@/lib/analytics').then(({ routePattern, track }) => track('search', routePattern(matches) ?? '/search'))
    onSearch(digits)
  }
  // Read as the server reads the search: with the region of the person's own number.
  const { phoneNumber } = useSnapshot(auth)
  const shown = useTypingFormat(digits, phoneNumber)
  const showLeft = typeof leftRequests === 'number' && leftRequests <= LIMITS.remainingSearchWarning
  return (
    <form role="search" onSubmit={submit} className={cn('flex flex-col gap-2', className)}>
      <label htmlFor="number-search" className="sr-only">
        {LL.search.label()}
      </label>
      <div className="flex gap-2">
        <input
          id="number-search"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          className="phone h-14 min-w-0 flex-1 rounded-2xl border border-input bg-surface px-4 text-lg text-fg shadow-sm placeholder:text-muted"
          placeholder={LL.search.placeholder()}
          value={shown}
          // The metadata formats as one types; it loads as the box is about to be used (lib/phone-display.ts).
          onPointerDown={loadPhoneTools}
          onFocus={loadPhoneTools}
          // A pasted `+1 201 555 0166 ext. 12` is the number without its extension.
          onChange={(e) => setDigits(digitsOnly(withoutExtension(e.target.value)))}
        />
        <Button type="submit" size="lg" className="h-14 rounded-2xl" aria-label={LL.search.submit()}>
          <IconSearch className="h-5 w-5" />
          <span className="mobile:hidden">{LL.search.submit()}</span>
        </Button>
      </div>
      {showLeft && (
        <p className="flex items-center gap-2 text-sm text-warning" role="status">
          <IconWarning className="h-4 w-4" />
          {LL.search.remaining({ count: Math.max(0, leftRequests!) })}
        </p>
      )}
    </form>
  )
}

/** Where a search goes: more than one digit to its page, otherwise to not-found. */
export function searchTarget(
  digits: string,
): { to: '/number/$phoneNumber'; params: { phoneNumber: string } } | { to: '/number/not-found' } {
  return digits.length > 1 ? { to: '/number/$phoneNumber', params: { phoneNumber: digits } } : { to: '/number/not-found' }
}

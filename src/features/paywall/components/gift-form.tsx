import { useId, useState, type FormEvent } from 'react'
import { useI18nContext } from '@i18n/i18n-react'
import type { Period, ProductInfo } from '@contract/api/payments'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { phone } from '@/lib/phone'
import { useCheckout } from '../use-checkout'
import { CheckoutStatus } from './checkout-status'
import { periodName } from '../product-name'

/**
 * "Gift this plan" (DESIGN.md section 8): another number and a period. The number is
 * checked with libphonenumber before anything is sent; what the server refuses (your own
 * number, say) shows under the form.
 */
export function GiftForm({ planName, options }: { planName: string; options: ProductInfo[] }) {
  const { LL } = useI18nContext()
  const id = useId()
  const [open, setOpen] = useState(false)
  const [number, setNumber] = useState('')
  const [period, setPeriod] = useState<Period>(options[0]?.period ?? 'month')
  const [invalid, setInvalid] = useState(false)
  const checkout = useCheckout(`gift-${planName}`)
  const chosen = options.find((o) => o.period === period) ?? options[0]
  if (!chosen) return null

  function submit(e: FormEvent) {
    e.preventDefault()
    const parsed = phone.normalize(number)
    setInvalid(!parsed)
    if (!parsed || !chosen) return
    checkout.start({ product: chosen.id, giftNumber: parsed.e164, provider: chosen.providers[0] })
  }

  return (
    <div className="flex flex-col gap-3">
      <Button variant="link" className="self-start" aria-expanded={open} aria-controls={`${id}-form`} onClick={() => setOpen((o) => !o)}>
        {LL.paywall.giftOpen()}
      </Button>
      {open && (
        <form
          id={`${id}-form`}
          onSubmit={submit}
          noValidate
          aria-label={LL.paywall.giftTitle({ plan: planName })}
          className="flex flex-col gap-3 rounded-xl bg-surface-2 p-4"
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-number`} className="text-sm font-medium">
              {LL.paywall.giftNumber()}
            </label>
            <Input
              id={`${id}-number`}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              dir="ltr"
              className="phone"
              placeholder={LL.login.devPhonePlaceholder()}
              value={number}
              aria-invalid={invalid}
              aria-describedby={invalid ? `${id}-invalid` : undefined}
              onChange={(e) => {
                setNumber(e.target.value)
                setInvalid(false)
              }}
              autoFocus
            />
            {invalid && (
              <p id={`${id}-invalid`} role="alert" className="text-sm text-danger">
                {LL.paywall.giftInvalid()}
              </p>
            )}
          </div>
          {options.length > 1 && (
            <fieldset className="flex flex-wrap gap-4">
              <legend className="mb-1 text-sm font-medium">{LL.paywall.giftPeriod()}</legend>
              {options.map((o) => (
                <label key={o.id} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`${id}-period`}
                    value={o.period ?? ''}
                    checked={o.period === period}
                    onChange={() => o.period && setPeriod(o.period)}
                  />
                  {periodName(LL, o.period ?? 'month')} · {o.priceText}
                </label>
              ))}
            </fieldset>
          )}
          <p className="text-sm text-muted">{LL.paywall.giftNote()}</p>
          <Button type="submit" className="self-start" disabled={checkout.busy}>
            {LL.paywall.giftSubmit({ price: chosen.priceText })}
          </Button>
          <CheckoutStatus checkout={checkout} />
        </form>
      )}
    </div>
  )
}

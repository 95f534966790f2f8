import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { useSWRConfig } from 'swr'
import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import type { TranslationFunctions as LLType } from '@i18n/i18n-types'
import { DISPUTE_CATEGORIES, type DisputeCategory } from '@contract/dispute-categories'
import { Button } from '@/components/ui/button'
import { Card, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { ApiError } from '@/lib/api'
import { isNumberPageKey } from '@/lib/page-keys'
import { addDispute } from '../api/add-dispute'

const REASONS_MIN = 10
const REASONS_MAX = 2000

type Field = 'category' | 'reasons' | 'link' | 'ownedSince'
type Errors = Partial<Record<Field, string>>

export function categoryLabel(LL: LLType, category: DisputeCategory): string {
  return category === 'new_owner' ? LL.dispute.newOwner() : category === 'not_spam' ? LL.dispute.notSpam() : LL.dispute.business()
}

/** What the server's refusal means for the owner. */
function refusalText(LL: LLType, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 409) return LL.dispute.errorOpen()
    if (error.status === 403) return LL.dispute.errorNotOwner()
    if (error.status === 400) return LL.dispute.errorInvalid()
  }
  return LL.dispute.errorGeneric()
}

function isWebAddress(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol)
  } catch {
    return false
  }
}

interface Values {
  category: DisputeCategory | null
  reasons: string
  link: string
  ownedSince: string
}

function validate(LL: LLType, v: Values): Errors {
  const errors: Errors = {}
  if (!v.category) errors.category = LL.dispute.errorCategory()
  if (v.reasons.trim().length < REASONS_MIN) errors.reasons = LL.dispute.errorReasons()
  if (v.link.trim() && !isWebAddress(v.link.trim())) errors.link = LL.dispute.errorLink()
  if (v.category === 'new_owner' && !v.ownedSince) errors.ownedSince = LL.dispute.errorOwnedSince()
  return errors
}

/**
 * "Contest this rating", on the owner's own number page: what is wrong (new owner, not
 * spam, business), the reasons, an optional link and, for a new owner, since when the
 * number is theirs. Moderators decide; the number page shows the dispute meanwhile.
 */
export function DisputeForm({ phone, underReview = false }: { phone: string; underReview?: boolean }) {
  const { LL } = useI18nContext()
  const id = useId()
  const { mutate } = useSWRConfig()
  const [values, setValues] = useState<Values>({ category: null, reasons: '', link: '', ownedSince: '' })
  const [errors, setErrors] = useState<Errors>({})
  const [sent, setSent] = useState(false)
  const send = useSWRMutation(
    ['dispute-add', phone],
    async ([, p]: [string, string], { arg }: { arg: Values & { category: DisputeCategory } }) => {
      await addDispute({ phone: p, category: arg.category, reasons: arg.reasons.trim(), link: arg.link.trim(), ownedSince: arg.ownedSince })
    },
    {
      throwOnError: false,
      onSuccess: () => {
        setSent(true)
        void mutate(isNumberPageKey)
      },
    },
  )
  const pending = send.isMutating
  const refusal = send.error && !pending ? refusalText(LL, send.error) : null
  const today = new Date().toISOString().slice(0, 10)
  // A dispute under review leaves nothing to send; the form stays only to say that its own was sent.
  if (underReview && !sent) return null

  function set<K extends keyof Values>(key: K, value: Values[K]) {
    setValues((v) => ({ ...v, [key]: value }))
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }))
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const found = validate(LL, values)
    setErrors(found)
    const first = (Object.keys(found) as Field[])[0]
    if (first) {
      e.currentTarget.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus()
      return
    }
    void send.trigger({ ...values, category: values.category! })
  }

  const describedBy = (field: Field, hint?: boolean) =>
    [hint && `${id}-${field}-hint`, errors[field] && `${id}-${field}-error`].filter(Boolean).join(' ') || undefined
  const fieldError = (field: Field) =>
    errors[field] && (
      <p id={`${id}-${field}-error`} className="text-sm text-danger">
        {errors[field]}
      </p>
    )

  return (
    <Card role="region" aria-labelledby={`${id}-title`} className="flex flex-col gap-3" data-testid="dispute-form">
      <CardTitle id={`${id}-title`}>{LL.dispute.formTitle()}</CardTitle>
      {sent ? (
        <p role="status" className="rounded-xl bg-success/15 p-3 text-fg">
          {LL.dispute.sent()}
        </p>
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-busy={pending || undefined}>
          <p className="text-sm text-muted">{LL.dispute.formIntro()}</p>
          <fieldset
            role="radiogroup"
            aria-labelledby={`${id}-category`}
            className="flex flex-col gap-2"
            aria-describedby={describedBy('category')}
            aria-invalid={errors.category ? true : undefined}
            aria-required
          >
            <legend id={`${id}-category`} className="mb-1 text-sm font-medium text-fg">
              {LL.dispute.category()}
            </legend>
            {DISPUTE_CATEGORIES.map((category, i) => (
              <label key={category} className="flex items-center gap-2 text-sm text-fg">
                <input
                  type="radio"
                  name={`${id}-category`}
                  value={category}
                  checked={values.category === category}
                  onChange={() => set('category', category)}
                  data-field={i === 0 ? 'category' : undefined}
                  className="h-4 w-4 accent-primary"
                />
                {categoryLabel(LL, category)}
              </label>
            ))}
            {fieldError('category')}
          </fieldset>
          <Labelled id={`${id}-reasons`} label={LL.dispute.reasons()} hint={LL.dispute.reasonsHint()} error={fieldError('reasons')}>
            <textarea
              id={`${id}-reasons`}
              data-field="reasons"
              dir="auto"
              rows={4}
              maxLength={REASONS_MAX}
              value={values.reasons}
              onChange={(e) => set('reasons', e.target.value)}
              aria-describedby={describedBy('reasons', true)}
              aria-invalid={errors.reasons ? true : undefined}
              className="w-full resize-y rounded-xl border border-input bg-surface px-3 py-2 text-base text-fg focus-visible:outline-2 focus-visible:outline-focus aria-[invalid=true]:border-danger"
            />
          </Labelled>
          <Labelled id={`${id}-link`} label={LL.dispute.link()} hint={LL.dispute.linkHint()} error={fieldError('link')}>
            <Input
              id={`${id}-link`}
              data-field="link"
              type="url"
              dir="ltr"
              inputMode="url"
              autoComplete="url"
              maxLength={500}
              value={values.link}
              onChange={(e) => set('link', e.target.value)}
              aria-describedby={describedBy('link', true)}
              aria-invalid={errors.link ? true : undefined}
            />
          </Labelled>
          <Labelled
            id={`${id}-ownedSince`}
            label={LL.dispute.ownedSince()}
            hint={LL.dispute.ownedSinceHint()}
            error={fieldError('ownedSince')}
          >
            <Input
              id={`${id}-ownedSince`}
              data-field="ownedSince"
              type="date"
              max={today}
              className="w-auto"
              value={values.ownedSince}
              onChange={(e) => set('ownedSince', e.target.value)}
              aria-required={values.category === 'new_owner'}
              aria-describedby={describedBy('ownedSince', true)}
              aria-invalid={errors.ownedSince ? true : undefined}
            />
          </Labelled>
          {refusal && (
            <p role="alert" className="rounded-xl bg-danger-bg p-3 text-sm text-danger">
              {refusal}
            </p>
          )}
          <Button type="submit" className="self-start" disabled={pending}>
            {pending ? LL.dispute.submitting() : LL.dispute.submit()}
          </Button>
        </form>
      )}
    </Card>
  )
}

function Labelled({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string
  label: string
  hint: string
  error: ReactNode
  children: ReactNode
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      {children}
      <p id={`${id}-hint`} className="text-sm text-muted">
        {hint}
      </p>
      {error}
    </div>
  )
}

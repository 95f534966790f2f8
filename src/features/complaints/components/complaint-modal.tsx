import { lazy, Suspense, useId, useState } from 'react'
import { useI18nContext } from '@i18n/i18n-react'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { legalPageHref, SUPPORT_EMAIL } from '@/lib/site'
import { openModal } from '@/stores/modal'
import type { ComplaintTarget, LLType } from '../types'
import { openComplaintAfter } from './complaint-after'

// The form, with its checks (the contract's e-mail rule, so zod), loads when the user asks for it.
const ComplaintForm = lazy(() => import('./complaint-form').then((m) => ({ default: m.ComplaintForm })))

/** The legal conditions of a complaint (SPEC.md sections 1 and 9), folded until asked for. */
function LegalText() {
  const { LL } = useI18nContext()
  const id = useId()
  const [open, setOpen] = useState(false)
  return (
    <div className="flex flex-col items-start gap-2">
      <Button variant="link" size="sm" className="px-0" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {open ? LL.complaints.showLess() : LL.complaints.showMore()}
      </Button>
      <div id={id} hidden={!open} data-testid="complaint-legal" className="flex flex-col gap-2 text-sm text-fg">
        <p>{LL.complaints.legalDays()}</p>
        <p>{LL.complaints.legalAuthorities()}</p>
        <p>{LL.complaints.legalModerators()}</p>
        <p>{LL.complaints.legalRepeat()}</p>
        <p>
          {LL.complaints.legalEmail()}{' '}
          <a className="text-primary underline" href={`mailto:${SUPPORT_EMAIL}`} dir="ltr">
            {SUPPORT_EMAIL}
          </a>
        </p>
      </div>
    </div>
  )
}

/** The complaint modal's body: terms link, folded legal text, and the form behind its own button. */
export function ComplaintBody({ target }: { target: ComplaintTarget }) {
  const { LL, locale } = useI18nContext()
  const [formShown, setFormShown] = useState(false)
  return (
    <div className="flex flex-col gap-3" data-testid="complaint">
      {/* The app's own terms page, or the main site's (MAIN_SITE_URL), in a new tab: a plain link, no router needed. */}
      <a
        className="self-start text-primary underline underline-offset-4"
        href={legalPageHref('terms', locale)}
        target="_blank"
        rel="noopener noreferrer"
      >
        {LL.complaints.termsLink()} <span className="sr-only">{LL.complaints.newTab()}</span>
        <svg
          aria-hidden
          viewBox="0 0 24 24"
          className="ms-1 inline h-4 w-4 rtl:-scale-x-100"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
        >
          <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
        </svg>
      </a>
      <LegalText />
      {formShown ? (
        <Suspense fallback={<Spinner label={LL.app.loading()} className="self-center py-4" />}>
          <ComplaintForm target={target} onSent={() => openComplaintAfter(LL)} />
        </Suspense>
      ) : (
        <Button className="self-end" onClick={() => setFormShown(true)}>
          {LL.complaints.claim_title()}
        </Button>
      )}
    </div>
  )
}

let opened = 0

/**
 * Opens the complaint (terms breach) modal for a target. After a complaint is sent the
 * complaint-after modal takes the container's place, so focus still goes back to
 * whatever opened the complaint once the user closes it.
 */
export function openComplaint(LL: LLType, target: ComplaintTarget): void {
  // A fresh key each time: a new target never inherits the last form's state.
  const profile = target.type === 'profile'
  openModal({
    modalId: 'complaint',
    title: profile ? LL.complaints.complainProfile() : LL.complaints.title(),
    description: profile ? LL.complaints.profileDescription() : LL.complaints.description(),
    body: <ComplaintBody key={++opened} target={target} />,
  })
}

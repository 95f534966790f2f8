import { useI18nContext } from '@i18n/i18n-react'
import { Button, buttonVariants } from '@/components/ui/button'
import { PhoneText, ltr } from '@/components/ui/phone-text'
import { phone } from '@/lib/phone'
import { openModal } from '@/stores/modal'
import { copyText, notifyCopied } from '@/stores/notification'

type LLType = ReturnType<typeof useI18nContext>['LL']

/** The ways to reach a number from the browser; `digits` is the number in E.164 without the plus. */
export function phoneLinks(digits: string) {
  return {
    sms: `sms:+${digits}`,
    call: `tel:+${digits}`,
    whatsapp: `whatsapp://send?phone=${digits}`,
    whatsappWeb: `https://web.whatsapp.com/send?phone=${digits}`,
    viber: `viber://chat?number=%2B${digits}`,
  }
}

const link = buttonVariants({ variant: 'secondary' }) + ' w-full justify-start'

/** Body of the phone modal: the number in international format and links to call, message or copy it. */
export function PhoneModal({ number }: { number: string }) {
  const { LL } = useI18nContext()
  const digits = number.replace(/\D/g, '')
  const href = phoneLinks(digits)
  async function copy() {
    if (!(await copyText(phone.formatInternational(number), LL.notice.numberCopied()))) notifyCopied(LL.notice.copyFailed())
  }
  return (
    <div className="flex flex-col gap-4" data-testid="phone-modal">
      <p className="text-center text-2xl font-bold tracking-tight">
        <PhoneText value={number} className="[unicode-bidi:isolate]" />
      </p>
      <ul className="grid gap-2 sm:grid-cols-2">
        <li>
          <a className={link} href={href.call}>
            {LL.phoneModal.call()}
          </a>
        </li>
        <li>
          <a className={link} href={href.sms}>
            {LL.phoneModal.sms()}
          </a>
        </li>
        <li>
          <a className={link} href={href.whatsapp}>
            {LL.phoneModal.whatsapp()}
          </a>
        </li>
        <li>
          <a className={link} href={href.whatsappWeb} target="_blank" rel="noopener noreferrer">
            {LL.phoneModal.whatsappWeb()}
            <span className="sr-only"> {LL.phoneModal.newTab()}</span>
          </a>
        </li>
        <li>
          <a className={link} href={href.viber}>
            {LL.phoneModal.viber()}
          </a>
        </li>
        <li>
          <Button variant="secondary" className="w-full justify-start" onClick={() => void copy()}>
            {LL.phoneModal.copy()}
          </Button>
        </li>
      </ul>
    </div>
  )
}

/** Opens the phone modal for a number (E.164, with or without the plus). */
export function openPhoneModal(LL: LLType, number: string) {
  const e164 = `+${number.replace(/\D/g, '')}`
  openModal({
    modalId: 'phone',
    title: LL.phoneModal.title({ number: ltr(phone.formatInternational(e164)) }),
    description: LL.phoneModal.intro(),
    body: <PhoneModal number={e164} />,
  })
}

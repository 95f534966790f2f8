import { useEffect, useRef } from 'react'
import { useI18nContext } from '@i18n/i18n-react'
import { Button } from '@/components/ui/button'
import { ltr } from '@/components/ui/phone-text'
import { phone } from '@/lib/phone'
import { closeModal, openModal } from '@/stores/modal'

/**
 * /profile-no-check/{phoneNumber} is the number page reached from a shared link; the
 * "with a modal" of SPEC.md section 2 is this notice, shown once when the page opens,
 * saying what the visitor is looking at and that it counts as a search.
 */
export function useLinkNotice(digits: string) {
  const { LL } = useI18nContext()
  const shown = useRef<string | null>(null)
  useEffect(() => {
    if (!digits || shown.current === digits) return
    shown.current = digits
    openModal({
      modalId: 'profile-link',
      title: LL.profilePage.linkTitle(),
      description: LL.profilePage.linkText({ number: ltr(phone.formatInternational(`+${digits}`)) }),
      body: (
        <Button className="self-end" onClick={closeModal}>
          {LL.profilePage.linkOk()}
        </Button>
      ),
    })
  }, [digits, LL])
}

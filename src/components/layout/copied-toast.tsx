import type { ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { useI18nContext } from '@i18n/i18n-react'
import { Toast, ToastProvider, ToastTitle, ToastViewport } from '@/components/ui/toast'
import { dismissNotice, notification } from '@/stores/notification'

/**
 * A toast is the top layer while it shows, so it takes Escape (Radix): the notice goes, and the
 * key goes on to what is under it once the toast is gone (the dialog it was shown over closes at
 * the same press, issue 33).
 */
function passEscapeOn() {
  dismissNotice()
  setTimeout(() => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })), 50)
}

/** The "copied" toast of SPEC.md section 2, shown while the notification says so. */
export function CopiedToast() {
  const { copied, attention, text } = useSnapshot(notification)
  return (
    <Toast
      open={copied || attention}
      onOpenChange={() => undefined}
      onEscapeKeyDown={passEscapeOn}
      duration={Infinity}
      data-testid="copied-toast"
    >
      <ToastTitle>{text}</ToastTitle>
    </Toast>
  )
}

/** The toast provider, the copied toast and its viewport. */
export default function ToastHost({ children }: { children?: ReactNode }) {
  const { LL } = useI18nContext()
  return (
    <ToastProvider swipeDirection="down" label={LL.notice.announce()}>
      {children}
      <CopiedToast />
      <ToastViewport label={LL.notice.region()} />
    </ToastProvider>
  )
}

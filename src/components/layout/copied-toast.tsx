import type { ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { useI18nContext } from '@i18n/i18n-react'
import { Toast, ToastProvider, ToastTitle, ToastViewport } from '@/components/ui/toast'
import { notification } from '@/stores/notification'

/** The "copied" toast of SPEC.md section 2, shown while the notification says so. */
export function CopiedToast() {
  const { copied, attention, text } = useSnapshot(notification)
  return (
    <Toast open={copied || attention} onOpenChange={() => undefined} duration={Infinity} data-testid="copied-toast">
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

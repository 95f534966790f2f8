import { useSnapshot } from 'valtio'
import { useI18nContext } from '@i18n/i18n-react'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/cn'
import { closeModal, modal, modalOpener } from '@/stores/modal'
import { IconWarning } from './page-icons'

/** The one modal container, driven by the modal store. */
export default function ModalContainer() {
  const { LL } = useI18nContext()
  const m = useSnapshot(modal)
  const keepOpen = (e: Event) => {
    if (m.ebola) e.preventDefault()
  }
  return (
    <Dialog open={m.open} onOpenChange={(open) => !open && closeModal()}>
      <DialogContent
        data-modal-id={m.modalId ?? undefined}
        closeLabel={m.buttonClose && !m.ebola ? LL.app.close() : undefined}
        onEscapeKeyDown={keepOpen}
        onPointerDownOutside={keepOpen}
        onInteractOutside={keepOpen}
        onCloseAutoFocus={(e) => {
          // The modal has no Radix trigger: give focus back to whatever opened it.
          const opener = modalOpener()
          if (opener) {
            e.preventDefault()
            opener.focus()
          }
        }}
        className={cn(m.ebola && 'h-[100dvh] max-h-none w-screen max-w-none rounded-none', m.className)}
      >
        <DialogTitle className="flex items-center gap-2">
          {m.attention && <IconWarning className="h-5 w-5 text-warning" aria-hidden />}
          {m.title}
        </DialogTitle>
        {m.description ? (
          <DialogDescription>{m.description}</DialogDescription>
        ) : (
          <DialogDescription className="sr-only">{m.title}</DialogDescription>
        )}
        {m.body as React.ReactNode}
        {m.dotLoader && <Spinner label={LL.app.loading()} className="self-center" />}
      </DialogContent>
    </Dialog>
  )
}

import { useId, useState } from 'react'
import { useI18nContext } from '@i18n/i18n-react'
import type { TranslationFunctions as LLType } from '@i18n/i18n-types'
import { Button } from '@/components/ui/button'
import { DialogFooter } from '@/components/ui/dialog'
import { Switch } from '@/components/ui/switch'
import { closeModal, openModal } from '@/stores/modal'

/**
 * The delete confirmations of SPEC.md section 2 ("Number-profile modals"), shared by
 * comments, replies and contact names; each opens in the app's one modal container.
 */

type Run = () => void | Promise<void>

/** Cancel, and the act confirmed: a red Delete, or `action` (a report) as the primary button. */
function Footer({ cancel, onDelete, action }: { cancel: string; onDelete: Run; action?: string }) {
  const { LL } = useI18nContext()
  return (
    <DialogFooter>
      <Button variant="secondary" onClick={closeModal}>
        {cancel}
      </Button>
      <Button
        variant={action ? 'primary' : 'danger'}
        onClick={() => {
          closeModal()
          void onDelete()
        }}
      >
        {action ?? LL.complaints.delete()}
      </Button>
    </DialogFooter>
  )
}

/** (a) Keep or delete. */
export function confirmKeepOrDelete(LL: LLType, opts: { title: string; text?: string; onDelete: Run }): void {
  openModal({
    modalId: 'delete-keep',
    title: opts.title,
    description: opts.text,
    body: <Footer cancel={LL.complaints.keep()} onDelete={opts.onDelete} />,
  })
}

function ToggleBody({ onDelete, action }: { onDelete: (complain: boolean) => void | Promise<void>; action?: string }) {
  const { LL } = useI18nContext()
  const id = useId()
  const [complain, setComplain] = useState(false)
  return (
    <>
      <div className="flex items-center justify-between gap-3 rounded-xl bg-surface-2 p-3">
        <label htmlFor={id} className="text-fg">
          {LL.complaints.complainToggle()}
        </label>
        <Switch id={id} checked={complain} onCheckedChange={setComplain} />
      </div>
      <Footer cancel={LL.app.cancel()} onDelete={() => onDelete(complain)} action={action} />
    </>
  )
}

/**
 * (b) Warning with a toggle labelled as the complaint option (off by default); its value is passed on.
 * `action` names what is confirmed when it is not a deletion (a contact name's report: "Send report").
 */
export function confirmDeleteWithToggle(
  _LL: LLType,
  opts: {
    title: string
    text?: string
    action?: string
    onDelete: (complain: boolean) => void | Promise<void>
  },
): void {
  openModal({
    modalId: 'delete-toggle',
    title: opts.title,
    description: opts.text,
    attention: true,
    body: <ToggleBody onDelete={opts.onDelete} action={opts.action} />,
  })
}

/** (c) Optional sub-text, cancel and delete. */
export function confirmDeleteWithSubtext(LL: LLType, opts: { title: string; subtext?: string; onDelete: Run }): void {
  openModal({
    modalId: 'delete-subtext',
    title: opts.title,
    description: opts.subtext,
    body: <Footer cancel={LL.app.cancel()} onDelete={opts.onDelete} />,
  })
}

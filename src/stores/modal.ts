import type { ReactNode } from 'react'
import { proxy, ref } from 'valtio'

/** Modal state of SPEC.md section 3: one modal container for the whole app. */
export const modal = proxy({
  open: false,
  body: null as ReactNode | null,
  modalId: null as string | null,
  className: null as string | null,
  /** Shows an attention mark beside the title. */
  attention: false,
  balance: null as number | null,
  dotLoader: false,
  /** "Ebola" mode: the modal covers the screen and cannot be dismissed by clicking outside or Escape. */
  ebola: false,
  buttonClose: true,
  title: '' as string,
  description: null as string | null,
})

export interface OpenModal {
  modalId: string
  title: string
  description?: string
  body?: ReactNode
  className?: string
  attention?: boolean
  balance?: number | null
  ebola?: boolean
  buttonClose?: boolean
}

/** The control that opened the modal: focus goes back to it on close (WCAG 2.4.3). Not state, so not in the proxy. */
let opener: HTMLElement | null = null

export function modalOpener(): HTMLElement | null {
  return opener?.isConnected ? opener : null
}

export function openModal(options: OpenModal) {
  if (!modal.open)
    opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null
  Object.assign(modal, {
    open: true,
    modalId: options.modalId,
    title: options.title,
    description: options.description ?? null,
    body: options.body ? ref(options.body as object) : null,
    className: options.className ?? null,
    attention: options.attention ?? false,
    balance: options.balance ?? null,
    ebola: options.ebola ?? false,
    buttonClose: options.buttonClose ?? true,
    dotLoader: false,
  })
}

export function closeModal() {
  Object.assign(modal, { open: false, dotLoader: false, ebola: false })
}

export function setDotLoader(on: boolean) {
  modal.dotLoader = on
}

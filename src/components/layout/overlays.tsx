import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { useI18nContext } from '@i18n/i18n-react'
import { Spinner } from '@/components/ui/spinner'
import { setBotCheckHost } from '@/lib/bot-check'
import { config } from '@/lib/config'
import { backdrop } from '@/stores/backdrop'
import { modal } from '@/stores/modal'
import { notification } from '@/stores/notification'
import { BusyNotice } from './busy-notice'

/** Renders its (lazy) children from the first time `when` holds, and keeps them: their code loads then. */
function OnceWanted({ when, children }: { when: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(when)
  useEffect(() => {
    if (when) setWanted(true)
  }, [when])
  return wanted ? <Suspense fallback={null}>{children}</Suspense> : null
}

// The toast (Radix) loads the first time there is something to say.
const ToastHost = lazy(() => import('./copied-toast'))

function LazyToast() {
  const { copied, attention } = useSnapshot(notification)
  return (
    <OnceWanted when={copied || attention}>
      <ToastHost />
    </OnceWanted>
  )
}

/** A screen-wide loading veil while any flow holds the backdrop counter. */
export function Backdrop() {
  const { LL } = useI18nContext()
  const { count } = useSnapshot(backdrop)
  if (!count) return null
  return (
    <div data-testid="backdrop" className="fixed inset-0 z-[55] flex items-center justify-center bg-black/30">
      <Spinner label={LL.app.loading()} className="rounded-full bg-surface p-3" />
    </div>
  )
}

const ModalContainer = lazy(() => import('./modal-container'))

/** The modal code (Radix dialog) loads the first time a modal opens. */
function LazyModal() {
  const { open } = useSnapshot(modal)
  return (
    <OnceWanted when={open}>
      <ModalContainer />
    </OnceWanted>
  )
}

/** The invisible bot-check widget's anchor; renders nothing visible. */
export function BotCheckWidget() {
  return config.botCheckSiteKey ? <div ref={setBotCheckHost} hidden data-testid="bot-check" /> : null
}

/**
 * The app-wide overlays (GlobalOverlays): not drawn in the first render, so they load beside it
 * rather than in the first load. Their stores keep whatever was asked for meanwhile.
 */
export default function Overlays() {
  return (
    <>
      <LazyToast />
      <LazyModal />
      <Backdrop />
      <BusyNotice />
      <BotCheckWidget />
    </>
  )
}

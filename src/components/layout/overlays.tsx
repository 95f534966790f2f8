import { lazy, Suspense, useEffect, useState } from 'react'
import { useSnapshot } from 'valtio'
import { useI18nContext } from '@i18n/i18n-react'
import { Spinner } from '@/components/ui/spinner'
import { setBotCheckHost } from '@/lib/bot-check'
import { config } from '@/lib/config'
import { backdrop } from '@/stores/backdrop'
import { modal } from '@/stores/modal'
import { notification } from '@/stores/notification'
import { BusyNotice } from './busy-notice'

// The toast (Radix) loads the first time there is something to say.
const ToastHost = lazy(() => import('./copied-toast'))

function LazyToast() {
  const { copied, attention } = useSnapshot(notification)
  const [wanted, setWanted] = useState(copied || attention)
  useEffect(() => {
    if (copied || attention) setWanted(true)
  }, [copied, attention])
  return wanted ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null
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
  const [wanted, setWanted] = useState(open)
  useEffect(() => {
    if (open) setWanted(true)
  }, [open])
  return wanted ? (
    <Suspense fallback={null}>
      <ModalContainer />
    </Suspense>
  ) : null
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

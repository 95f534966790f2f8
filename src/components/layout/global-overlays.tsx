import { lazy, Suspense, type ReactNode } from 'react'

// Toasts, dialogs, the loading veil, the busy notice and the bot check's anchor: none shows in the
// first render, so their code loads beside it instead of in the first load (overlays.tsx).
const Overlays = lazy(() => import('./overlays'))

export function GlobalOverlays({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Suspense fallback={null}>
        <Overlays />
      </Suspense>
    </>
  )
}

import { Component, startTransition, Suspense, useEffect, useId, useState, type ReactNode } from 'react'
import { useI18nContext } from '@i18n/i18n-react'
import { cn } from '@/lib/cn'
import { Card, CardTitle } from './card'
import { ErrorState } from './states'

/**
 * A card of the lower part of a page (a number's community cards): in the page's first render its
 * frame with its heading, so the page's outline and a screen reader's list of headings are whole,
 * and a skeleton of about its height; right after, in a transition (interruptible, in slices), the
 * card itself, wherever it is. Every card is then in the document: find in page and a screen
 * reader's browse mode reach a comment without scrolling. What keeps a slow phone fast is CSS:
 * `content-visibility: auto` with a size hint lets the browser skip the layout and paint of a card
 * off the screen, not its existence (issue 33; ADR 0055 replaces ADR 0041's rendering near the
 * screen). A card's code may be loaded only then (React.lazy: the frame stays until it has come).
 */
export function DeferredCard({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  const { LL } = useI18nContext()
  const [ready, setReady] = useState(false)
  useEffect(() => startTransition(() => setReady(true)), [])
  const headingId = useId()
  const frame = (inside: ReactNode, busy: boolean) => (
    <Card role="region" aria-labelledby={headingId} aria-busy={busy ? 'true' : undefined} className="flex min-h-48 flex-col gap-4">
      <CardTitle id={headingId}>{title}</CardTitle>
      {inside}
    </Card>
  )
  const waiting = frame(
    <>
      <p className="sr-only">{LL.app.loading()}</p>
      <div aria-hidden="true" className="flex flex-col gap-3">
        <div className="h-4 w-3/4 rounded bg-surface-2" />
        <div className="h-4 w-1/2 rounded bg-surface-2" />
        <div className="h-4 w-2/3 rounded bg-surface-2" />
      </div>
    </>,
    true,
  )
  // The browser lays out and paints the card only near the screen; its last size is kept as the hint.
  const skipped = (inside: ReactNode) => (
    <div className={cn('[contain-intrinsic-size:auto_12rem] [content-visibility:auto]', className)}>{inside}</div>
  )
  if (!ready) return skipped(waiting)
  // A card whose code is loaded only now (React.lazy) keeps its frame until it has come; one that
  // cannot come (the network went away) says so in its frame, not by replacing the whole page.
  return skipped(
    <CardFailure
      fallback={frame(
        <ErrorState message={LL.app.genericError()} retryLabel={LL.app.retry()} onRetry={() => window.location.reload()} />,
        false,
      )}
    >
      <Suspense fallback={waiting}>{children}</Suspense>
    </CardFailure>,
  )
}

/** What a card that failed to load or render shows instead, the rest of the page going on. */
class CardFailure extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}

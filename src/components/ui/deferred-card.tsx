import { Component, Suspense, useId, type ReactNode } from 'react'
import { useI18nContext } from '@i18n/i18n-react'
import { cn } from '@/lib/cn'
import { useNearViewport } from '@/lib/use-near-viewport'
import { Card, CardTitle } from './card'
import { ErrorState } from './states'

/**
 * A card below the first screen, rendered only when it comes near the screen (or at the first
 * Tab, or before printing): until then its frame with its heading, so the page's outline and a
 * screen reader's list of headings are whole, and a skeleton of about its height. On a slow phone
 * the page's first render is then only what the first screen shows, and a card's code may be
 * loaded only then (React.lazy: the frame stays until it has come; issue 13, ADR 0041).
 */
export function NearScreen({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  const { LL } = useI18nContext()
  const [ref, near] = useNearViewport<HTMLDivElement>('200px', true)
  const headingId = useId()
  const frame = (inside: ReactNode, busy: boolean) => (
    <Card
      ref={near ? undefined : ref}
      role="region"
      aria-labelledby={headingId}
      aria-busy={busy ? 'true' : undefined}
      className={cn('flex min-h-48 flex-col gap-4', className)}
    >
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
  if (!near) return waiting
  // A card whose code is loaded only now (React.lazy) keeps its frame until it has come; one that
  // cannot come (the network went away) says so in its frame, not by replacing the whole page.
  return (
    <CardFailure
      fallback={frame(
        <ErrorState message={LL.app.genericError()} retryLabel={LL.app.retry()} onRetry={() => window.location.reload()} />,
        false,
      )}
    >
      <Suspense fallback={waiting}>{children}</Suspense>
    </CardFailure>
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

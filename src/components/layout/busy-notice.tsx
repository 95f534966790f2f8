import { useEffect, useMemo, useState } from 'react'
import { useSnapshot } from 'valtio'
import { useI18nContext } from '@i18n/i18n-react'
import { busy } from '@/stores/busy'

const secondsUntil = (until: number, now: number) => Math.max(0, Math.ceil((until - now) / 1000))

/** The whole seconds left until `until`, ticking down while there are any. */
function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const tick = () => {
      const at = Date.now()
      setNow(at)
      if (at >= until) clearInterval(timer)
    }
    const timer = setInterval(tick, 250)
    tick()
    return () => clearInterval(timer)
  }, [until])
  return secondsUntil(until, now)
}

/**
 * "The service is busy. Trying again in N s" while the server sheds load (src/stores/busy).
 * The live region is always there, so screen readers pick up what appears in it; they
 * hear the notice once when it appears, not every second of its countdown.
 */
export function BusyNotice() {
  const { LL } = useI18nContext()
  const { until, retrying } = useSnapshot(busy)
  const left = useSecondsLeft(until)
  const announced = useMemo(() => secondsUntil(until, Date.now()), [until])
  const say = (seconds: number) => (retrying ? LL.busy.retrying({ seconds }) : LL.busy.tryLater({ seconds }))
  return (
    <div role="status" data-slot="busy-notice" className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex justify-center px-4">
      {left > 0 && (
        <p
          data-testid="busy-notice"
          className="pointer-events-auto rounded-xl border border-border border-s-4 border-s-warning bg-surface px-4 py-3 text-center text-sm font-medium text-fg shadow-lg"
        >
          <span aria-hidden="true">{say(left)}</span>
          <span className="sr-only">{say(announced)}</span>
        </p>
      )}
    </div>
  )
}

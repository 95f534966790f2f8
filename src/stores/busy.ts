import { proxy } from 'valtio'

/**
 * The "busy" notice (issue 12): the server shed a call (503, or 429 from the rate limit)
 * and said in Retry-After when to come back. `until` is when that is (ms since the epoch);
 * `retrying`: the call is tried again then by itself (src/lib/api.ts), or the user must.
 */
export const busy = proxy({ until: 0, retrying: false })

/** Shows the notice for `seconds`; the latest refusal decides what it says. */
export function showBusy(seconds: number, retrying: boolean) {
  busy.until = Date.now() + seconds * 1000
  busy.retrying = retrying
}

export function resetBusy() {
  Object.assign(busy, { until: 0, retrying: false })
}

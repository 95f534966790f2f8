/**
 * Waits, every 5 ms, until a shared write clock has heard Redis within its lease (ADR 0037: only then
 * may a search be answered from memory), or until `until` (a `performance.now()` time) has passed.
 * Whether it has. A loaded machine can miss the 30 ms lease for a while.
 */
export async function untilCurrent(clock: { current(): boolean }, until: number): Promise<boolean> {
  while (!clock.current() && performance.now() < until) await new Promise((r) => setTimeout(r, 5))
  return clock.current()
}

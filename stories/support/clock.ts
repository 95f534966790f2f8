/** The moment every story lives in, so dates, years and countdowns render the same each run. */
export const STORY_NOW = Date.UTC(2025, 2, 14, 9, 30, 0)

/**
 * Freezes `Date.now()` and `new Date()` (timers keep running); returns the undo. Dates
 * built from a value behave as usual.
 */
export function freezeTime(at: number = STORY_NOW): () => void {
  const RealDate = globalThis.Date
  class FixedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(at)
      else super(...(args as [string | number | Date]))
    }
    static now() {
      return at
    }
  }
  globalThis.Date = FixedDate as DateConstructor
  return () => {
    globalThis.Date = RealDate
  }
}

import { formatDate } from './format'

type Step = 'dates' | 'classes' | 'phone'

/**
 * What a page's first screen does once and slowly, by its path: the number page merges classes,
 * but shows no date before its comments come near the screen (ADR 0041), and its number as the
 * server's frame wrote it, without the phone-number metadata (lib/phone-display.ts); the search
 * page (also `/`) lists its history with dates and formatted numbers. Neither makes a number
 * formatter: their reputation indexes are written without one (formatTenths). Elsewhere, as on
 * the sign-in page, warming up would be work the first screen does not need.
 */
export function warmUpSteps(path: string): Step[] {
  if (/^\/number(\/|$)/.test(path)) return ['classes']
  if (/^\/(search)?(\/|$)/.test(path)) return ['dates', 'classes', 'phone']
  return []
}

/**
 * What the first screens do once and slowly — the first date formatter of a
 * language (the browser loads its data), tailwind-merge's class tables, the phone-number
 * metadata — done ahead, each in a short task of its own, while the page waits for its
 * data. Done inside the first render, each made that render's task longer and blocked a
 * tap on a slow phone (issue 13, total blocking time).
 */
export function warmUp(locale: string, path: string): void {
  const work: Record<Step, Array<() => unknown>> = {
    dates: [() => formatDate(locale, new Date())],
    classes: [() => import('./cn').then(({ cn }) => cn('px-1 py-1', 'px-2'))],
    phone: [
      () => import('./phone').then(({ phone }) => phone.formatInternational('+14155550100')),
      () => import('./phone').then(({ phone }) => phone.formatTyping('4155550100')),
    ],
  }
  const steps = warmUpSteps(path).flatMap((step) => work[step])
  if (steps.length === 0) return
  const next = () => {
    const step = steps.shift()
    if (!step) return
    Promise.resolve()
      .then(step)
      .catch(() => {
        // A warm-up that fails costs nothing: the page does the same work when it needs it.
      })
      .finally(() => setTimeout(next, 0))
  }
  setTimeout(next, 0)
}

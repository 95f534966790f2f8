import { formatDate, numberFormat } from './format'

/**
 * What the first screens do once and slowly — the first date and number formatter of a
 * language (the browser loads its data), tailwind-merge's class tables, the phone-number
 * metadata — done ahead, each in a short task of its own, while the page waits for its
 * data. Done inside the first render, each made that render's task longer and blocked a
 * tap on a slow phone (issue 13, total blocking time).
 */
export function warmUp(locale: string, path: string): void {
  // The pages whose first screen formats numbers and dates (the number's page, the search page
  // with its history) and reads phone numbers (the search box). Elsewhere, as on the sign-in
  // page, this would be work the first screen does not need.
  if (!/^\/(number|search)?(\/|$)/.test(path)) return
  const steps: Array<() => unknown> = [
    () => numberFormat(locale, { maximumFractionDigits: 1 }).format(1.5),
    () => formatDate(locale, new Date()),
    () => import('./cn').then(({ cn }) => cn('px-1 py-1', 'px-2')),
    () => import('./phone').then(({ phone }) => phone.formatInternational('+14155550100')),
    () => import('./phone').then(({ phone }) => phone.formatTyping('4155550100')),
  ]
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

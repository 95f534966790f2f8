import { formatDate } from './format'

type Step = 'intl' | 'classes' | 'phone'

/**
 * What a page's first screen does once and slowly, by its path: the number page merges classes,
 * and shows its number as the server's frame wrote it, without the phone-number metadata
 * (lib/phone-display.ts), and dates only when its comments come near the screen (ADR 0041); the
 * search page (also `/`) lists its history with dates and formatted numbers. Neither makes a
 * number formatter on its first screen: their reputation indexes are written without one
 * (formatTenths). ICU's data for the dates is loaded off the main thread on both (`intl`).
 * Elsewhere, as on the sign-in page, warming up would be work the first screen does not need.
 */
export function warmUpSteps(path: string): Step[] {
  if (/^\/number(\/|$)/.test(path)) return ['intl', 'classes']
  if (/^\/(search)?(\/|$)/.test(path)) return ['intl', 'classes', 'phone']
  return []
}

/**
 * What the first screens do once and slowly — the first date formatter of a language (the
 * browser loads its data: in a worker, lib/intl-warm.worker.ts), tailwind-merge's class tables,
 * the phone-number metadata — done ahead, each in a short task of its own, while the page waits
 * for its data. Done inside the first render, each made that render's task longer and blocked a
 * tap on a slow phone (issue 13, total blocking time).
 */
export function warmUp(locale: string, path: string): void {
  const work: Record<Step, Array<() => unknown>> = {
    intl: [() => intlOffThread(locale)],
    // The module, its configuration, then its class map and first merge: three short tasks, not one long one.
    classes: [
      () => import('./cn'),
      () => import('./cn').then(({ prepareMerge }) => prepareMerge()),
      () => import('./cn').then(({ cn }) => cn('px-1 py-1', 'px-2')),
    ],
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

/**
 * Loads ICU's data for the language's dates and numbers in a worker, on another core: the caches
 * it fills are the whole renderer's, so the page's first formatter then costs about 1 ms instead
 * of 15–40 (four times that on a slow phone). Where a worker cannot start, the main thread makes
 * the formatter now, as before, rather than in the render that shows the first date. Does not
 * wait for the worker: the page formats when it needs to, whether or not it has finished.
 */
export function intlOffThread(locale: string): void {
  let worker: Worker
  try {
    worker = new Worker(new URL('./intl-warm.worker.ts', import.meta.url), { type: 'module' })
  } catch {
    formatDate(locale, new Date())
    return
  }
  const done = () => worker.terminate()
  worker.addEventListener('message', done)
  worker.addEventListener('error', done)
  worker.postMessage(locale)
}

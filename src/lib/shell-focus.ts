/**
 * The server's frame (server/modules/web-shell) can take focus before the app has loaded:
 * a keyboard user may already be on "Skip to content". The app's first render replaces
 * the frame, and the browser would drop focus to the page's start; the app gives it to
 * its own control of the same address or id instead.
 */
let focusedInFrame: string | null = null

/** A double-quoted attribute value in a selector. */
const quoted = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`

function selectorOf(el: Element): string | null {
  if (el.id) return `[id=${quoted(el.id)}]`
  const href = el.getAttribute('href')
  return href ? `a[href=${quoted(href)}]` : null
}

/** Notes what takes focus inside the frame until the app takes over (main.tsx). */
export function watchFrameFocus(): () => void {
  const onFocus = (event: FocusEvent) => {
    const target = event.target
    if (target instanceof Element && target.closest('[data-shell]')) focusedInFrame = selectorOf(target)
  }
  // Focused before this script ran (it loads after the frame has painted).
  const already = document.activeElement
  if (already?.closest('[data-shell]')) focusedInFrame = selectorOf(already)
  document.addEventListener('focusin', onFocus)
  return () => document.removeEventListener('focusin', onFocus)
}

/** Once the app's frame is in place: focus its control for what had focus in the server's frame, if focus was lost. */
export function restoreFrameFocus(): void {
  const wanted = focusedInFrame
  focusedInFrame = null
  if (!wanted || (document.activeElement && document.activeElement !== document.body)) return
  document.querySelector<HTMLElement>(wanted)?.focus()
}

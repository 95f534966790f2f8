import { startTransition, useCallback, useState, useSyncExternalStore } from 'react'

/**
 * Everything waiting for the screen, revealed at once: by the first Tab (a keyboard user moves
 * through the whole page and must find every part of it) and before printing (a printout shows
 * the whole page). Listened for only once something waits.
 */
const everything = {
  revealed: false,
  listeners: new Set<() => void>(),
  watching: false,
}

function revealEverything() {
  if (everything.revealed) return
  everything.revealed = true
  window.removeEventListener('keydown', onKey, true)
  window.removeEventListener('beforeprint', revealEverything)
  for (const listener of everything.listeners) listener()
}

function onKey(event: KeyboardEvent) {
  if (event.key === 'Tab') revealEverything()
}

function subscribe(listener: () => void) {
  everything.listeners.add(listener)
  if (!everything.watching && typeof window !== 'undefined') {
    everything.watching = true
    window.addEventListener('keydown', onKey, true)
    window.addEventListener('beforeprint', revealEverything)
  }
  return () => everything.listeners.delete(listener)
}

const revealed = () => everything.revealed

/** Tests only: as a new page load, nothing revealed. */
export function resetRevealed() {
  everything.revealed = false
  everything.watching = false
  window.removeEventListener('keydown', onKey, true)
  window.removeEventListener('beforeprint', revealEverything)
}

/**
 * Whether an element has come near the screen (within `margin`), once and for good: what sits
 * below the fold (the footer's QR code, a number's community cards) is built only when the user
 * scrolls towards it, not while the page is loading on a slow phone. Without IntersectionObserver
 * the answer is yes at once. With `reveal`, also yes after the first Tab or before printing
 * (`revealEverything`), so that the keyboard, a printout and what the page's heading list names
 * reach all of it.
 */
export function useNearViewport<T extends Element>(margin = '200px', reveal = false): [(element: T | null) => void, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined')
  const allRevealed = useSyncExternalStore(reveal ? subscribe : noSubscription, reveal ? revealed : no, no)
  const ref = useCallback(
    (element: T | null) => {
      if (!element || near) return
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) {
            observer.disconnect()
            // In slices: the part may be large (ten reviews with their threads), and a scroll must stay smooth.
            startTransition(() => setNear(true))
          }
        },
        { rootMargin: margin },
      )
      observer.observe(element)
      return () => observer.disconnect()
    },
    [near, margin],
  )
  return [ref, near || allRevealed]
}

const noSubscription = () => () => {}
const no = () => false

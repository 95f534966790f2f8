import { startTransition, useCallback, useState } from 'react'

/**
 * Whether an element has come near the screen (within `margin`), once and for good: the footer's
 * QR code, a picture and no part of the page's text, is built only when the user scrolls towards
 * it, not while the page is loading on a slow phone. Without IntersectionObserver the answer is
 * yes at once. (The number page's cards are always in the document: components/ui/deferred-card.tsx.)
 */
export function useNearViewport<T extends Element>(margin = '200px'): [(element: T | null) => void, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined')
  const ref = useCallback(
    (element: T | null) => {
      if (!element || near) return
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) {
            observer.disconnect()
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
  return [ref, near]
}

import { useEffect } from 'react'
import { openInTopWindow } from '@/lib/top-window'

/** Payment pages open in the top window (SPEC.md section 2): shown inside a frame, they move the whole window there. */
export function useTopWindow() {
  useEffect(() => {
    if (window.top && window.top !== window.self) openInTopWindow(window.location.href)
  }, [])
}

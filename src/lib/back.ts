import { useCallback, useEffect } from 'react'
import { useRouter } from '@tanstack/react-router'

/** A page's own step back: closes its most specific open view; false when it has none open. */
type BackStep = () => boolean

// Only the shown page's step: read when Back is pressed, never rendered.
let pageStep: BackStep | null = null

/** The page's own step back, taken before the app's history for as long as the page is shown. */
export function useBackStep(step: BackStep) {
  useEffect(() => {
    pageStep = step
    return () => {
      if (pageStep === step) pageStep = null
    }
  }, [step])
}

/**
 * The header's Back (SPEC.md section 2): the page's own view first (a settings sub-view closes to
 * the list), then the page the person came from in the app. Never out of the app: a page opened
 * from a link or typed in has no page of the app before it, and Back goes to the app's home.
 */
export function useBack(): () => void {
  const router = useRouter()
  return useCallback(() => {
    if (pageStep?.()) return
    if (router.history.canGoBack()) router.history.back()
    else void router.navigate({ to: '/', replace: true })
  }, [router])
}

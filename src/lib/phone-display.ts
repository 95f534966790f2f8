import { useEffect, useSyncExternalStore } from 'react'
import type { PhoneTools } from '@contract/phone'
import { digitsOnly } from '@contract/digits'

/**
 * Phone numbers on screen without waiting for the phone-number metadata (issue 13): the metadata
 * (lib/phone.ts, 36 kB gzip and 60–100 ms of a slow phone's main thread) is not part of the number
 * page's first screen. The server's frame names the page's own number as this app formats it
 * (`<meta name="page-number">`, server/modules/web-shell); any other number shows as `+` and its
 * digits until the metadata has loaded, which such a number asks for, and renders again then.
 * A route whose first screen lists numbers imports lib/phone.ts itself (the search page).
 */
let tools: PhoneTools | null = null
let loading: Promise<PhoneTools> | null = null
const listeners = new Set<() => void>()

/** lib/phone.ts, once evaluated, however it was loaded. */
export function setPhoneTools(loaded: PhoneTools): void {
  tools = loaded
  listeners.forEach((listener) => listener())
}

/**
 * Loads the metadata, once: when a number not in the frame is shown, or the search box is about to
 * be used. A load that fails (the network went away) is tried again at the next such moment; until
 * then numbers show as digits.
 */
export function loadPhoneTools(): void {
  loading ??= import('./phone').then(
    ({ phone }) => phone,
    (error: unknown) => {
      loading = null
      throw error
    },
  )
  loading.catch(() => {
    // Said above: numbers stay as digits until a later load.
  })
}

/** The tools if the metadata has loaded, else null (no render waits on it). */
export function phoneToolsNow(): PhoneTools | null {
  return tools
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** The phone tools once loaded; the component renders again when they arrive. */
export function usePhoneTools(): PhoneTools | null {
  return useSyncExternalStore(subscribe, phoneToolsNow, phoneToolsNow)
}

interface Shown {
  international: string
  typing: string
}
let frame: Map<string, Shown> | undefined
/** The page's own number as the server formatted it, by its digits. */
function fromFrame(digits: string): Shown | undefined {
  if (!frame) {
    frame = new Map()
    const meta = typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>('meta[name="page-number"]')
    const { international, typing } = meta?.dataset ?? {}
    if (meta?.content && international && typing) frame.set(meta.content, { international, typing })
  }
  return frame.get(digits)
}

/** Forgets what was read from the frame (tests that change the document). */
export function resetPhoneDisplay(): void {
  frame = undefined
}

function useShown(digits: string, kind: keyof Shown, format: (t: PhoneTools) => string, fallback: string): string {
  const loaded = usePhoneTools()
  const shown = loaded ? format(loaded) : fromFrame(digits)?.[kind]
  const missing = !shown && digits !== ''
  useEffect(() => {
    if (missing) loadPhoneTools()
  }, [missing])
  return shown ?? fallback
}

/** A number (digits or E.164) in international format, as `phone.formatInternational` writes it. */
export function useInternational(value: string): string {
  const digits = digitsOnly(value)
  return useShown(digits, 'international', (t) => t.formatInternational(value), digits ? `+${digits}` : '')
}

/**
 * Digits as the search box shows them while typing, as `phone.formatTyping` writes them: read
 * with the region of the person's own number, as the server reads the search (issue 33).
 */
export function useTypingFormat(digits: string, ownPhone?: string | null): string {
  return useShown(digits, 'typing', (t) => t.formatTyping(digits, t.regionOf(ownPhone)), digits)
}

/**
 * Opens an address in the top window (SPEC.md section 2: payment pages open there), so a
 * checkout is never shown inside a frame; a frame that may not navigate its parent opens it itself.
 */
export function openInTopWindow(url: string) {
  try {
    ;(window.top ?? window).location.href = url
  } catch {
    window.location.href = url
  }
}

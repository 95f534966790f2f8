/**
 * Where `/key/{key}?banner=1&to=…` may send the top window (issue 29): an address of this app,
 * or one of the origins the server allows (KEY_REDIRECT_HOSTS, in the page's config). The
 * address is read as the browser reads it, against this app's origin, and its origin compared
 * whole: `//evil`, `/\evil`, `https:evil` (elsewhere), `javascript:`, credentials and encoded
 * forms all come out as another origin, or none. Null when it may not be followed.
 */
export function redirectTarget(to: string, appOrigin: string, allowedOrigins: readonly string[] = []): string | null {
  let target: URL
  let app: URL
  try {
    app = new URL(appOrigin)
    target = new URL(to, app.origin)
  } catch {
    return null
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return null
  if (target.username || target.password) return null
  if (target.origin !== app.origin && !allowedOrigins.includes(target.origin)) return null
  return target.href
}

export function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`))
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null
}

/**
 * Sets (or, with null, removes) a cookie of the whole site. `strict` by default; `lax` for one
 * the server must see also when a link from elsewhere opens the page (the language and theme
 * of its first page, server/modules/web-shell).
 */
export function writeCookie(name: string, value: string | null, maxAgeSeconds: number, sameSite: 'strict' | 'lax' = 'strict') {
  document.cookie =
    value === null
      ? `${name}=; max-age=0; path=/; samesite=${sameSite}`
      : `${name}=${encodeURIComponent(value)}; max-age=${maxAgeSeconds}; path=/; samesite=${sameSite}`
}

export function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`))
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null
}

export function writeCookie(name: string, value: string | null, maxAgeSeconds: number) {
  document.cookie = value === null
    ? `${name}=; max-age=0; path=/; samesite=strict`
    : `${name}=${encodeURIComponent(value)}; max-age=${maxAgeSeconds}; path=/; samesite=strict`
}

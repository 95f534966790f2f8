/**
 * Signed calls of DESIGN.md section 4: hex SHA-256 over method, host, path, the sorted
 * parameters and the shared secret, joined by newlines. Pure string building here;
 * the hash function is passed in so the web app (WebCrypto) and the server (node:crypto)
 * share this one definition.
 */
export type Params = Record<string, string | number | boolean | undefined | null>

export function canonicalParams(params: Params): string {
  return Object.keys(params)
    .filter((k) => k !== 'signature' && params[k] !== undefined && params[k] !== null)
    .sort()
    .map((k) => `${k}=${String(params[k])}`)
    .join('&')
}

export function signingBase(method: string, host: string, path: string, params: Params, secret: string): string {
  return [method.toUpperCase(), host, path, canonicalParams(params), secret].join('\n')
}

export const DEFAULT_SIGNING_SECRET = 'callerid-web'

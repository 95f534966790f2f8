/**
 * Signed calls of DESIGN.md section 4: hex SHA-256 over method, host, path, the sorted
 * parameters and the shared secret, joined by newlines. One definition for every
 * signer (the web app, tests, scripts) and the server's verifier; the hash is
 * @noble/hashes, which runs the same in the browser and in Node.
 */
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'

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

// Where the web app's first load needs it without the hashing code (src/lib/config.ts).
export { DEFAULT_SIGNING_SECRET } from './constants'

export interface SignOptions {
  host: string
  secret: string
  /** Fixed values for tests of replay and clock skew; fresh ones otherwise. */
  cnonce?: string
  timestamp?: number
}

function freshNonce(): string {
  const bytes = new Uint8Array(16)
  globalThis.crypto.getRandomValues(bytes)
  return bytesToHex(bytes)
}

/** The parameters of a signed call: the given ones plus cnonce, timestamp and signature, as strings. */
export function signParams(method: string, path: string, params: Params, opts: SignOptions): Record<string, string> {
  const full: Params = { ...params, cnonce: opts.cnonce ?? freshNonce(), timestamp: opts.timestamp ?? Math.floor(Date.now() / 1000) }
  const signature = bytesToHex(sha256(utf8ToBytes(signingBase(method, opts.host, path, full, opts.secret))))
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(full)) if (v !== undefined && v !== null) out[k] = String(v)
  out.signature = signature
  return out
}

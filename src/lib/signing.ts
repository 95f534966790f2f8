import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import { signingBase, type Params } from '@contract/signing'
import { config } from './config'

function nonce(): string {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return bytesToHex(bytes)
}

/** Adds cnonce, timestamp and signature to a signed call (DESIGN.md section 4). */
export function signParams(method: 'GET' | 'POST', path: string, params: Params): Record<string, string> {
  const full: Params = { ...params, cnonce: nonce(), timestamp: Math.floor(Date.now() / 1000) }
  const base = signingBase(method, window.location.host, path, full, config.signingSecret)
  const signature = bytesToHex(sha256(utf8ToBytes(base)))
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(full)) if (v !== undefined && v !== null) out[k] = String(v)
  out.signature = signature
  return out
}

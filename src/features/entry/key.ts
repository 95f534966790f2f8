import { decodeJwt } from 'jose'
import { signInWithKey } from '@/stores/auth'

/**
 * A key parameter is a token: one that cannot be decoded or whose expiry has passed
 * is rejected silently (SPEC.md section 4); otherwise it becomes the access token.
 */
export function acceptKey(key: string, now: number = Date.now()): boolean {
  try {
    const claims = decodeJwt(key)
    if (typeof claims.exp === 'number' && claims.exp * 1000 <= now) return false
  } catch {
    return false
  }
  signInWithKey(key)
  return true
}

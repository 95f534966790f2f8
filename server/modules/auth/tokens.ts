import crypto from 'node:crypto'
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose'
import { LRUCache } from 'lru-cache'
import { LIMITS } from '../../../contract/constants'

const ALG = 'HS256'
const ISSUER = 'callerid-web'
const KEY_TYPE = 'key'
/** A one-time key lives 15 minutes (DESIGN.md section 8). */
export const ONE_TIME_KEY_TTL_SECONDS = 15 * 60

export interface TokenClaims {
  userId: number
  sessionId: string
}

export function createTokenService(secret: string) {
  // A KeyObject made once: jose would import raw bytes again on every sign and verify.
  const key = crypto.createSecretKey(Buffer.from(secret, 'utf8'))
  // A token's signature check always comes out the same: the tokens verified lately are kept
  // with their expiry (checked on every use), which saved a tenth of a search's CPU (ADR 0029).
  // Whether the session is still open is asked on every call all the same (sessions.ts).
  const verified = new LRUCache<string, { claims: TokenClaims; exp: number }>({ max: 10_000 })
  return {
    async sign(claims: TokenClaims, ttlSeconds: number = LIMITS.tokenTtlSeconds): Promise<string> {
      return new SignJWT({})
        .setProtectedHeader({ alg: ALG, typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setJti(claims.sessionId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key)
    },
    /** Verifies signature (HS256 only), issuer and expiry; null for anything else. */
    async verify(token: string): Promise<TokenClaims | null> {
      const kept = verified.get(token)
      if (kept) {
        if (kept.exp * 1000 > Date.now()) return { ...kept.claims }
        verified.delete(token)
        return null
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALG], issuer: ISSUER })
        // A one-time key is traded for a session, never used as one.
        if (payload.typ === KEY_TYPE) return null
        const userId = Number(payload.sub)
        if (!Number.isInteger(userId) || !payload.jti || typeof payload.exp !== 'number') return null
        const claims = { userId, sessionId: payload.jti }
        verified.set(token, { claims, exp: payload.exp })
        return { ...claims }
      } catch (err) {
        if (err instanceof joseErrors.JOSEError) return null
        throw err
      }
    },
    /** A one-time key (claim `typ: "key"`) that the web app trades for a session with POST /api/v6/auth/key. */
    async signKey(userId: number, jti: string): Promise<string> {
      return new SignJWT({ typ: KEY_TYPE })
        .setProtectedHeader({ alg: ALG, typ: 'JWT' })
        .setSubject(String(userId))
        .setJti(jti)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ONE_TIME_KEY_TTL_SECONDS}s`)
        .sign(key)
    },
    /** The key's user and id when it is a well-signed, unexpired one-time key; null otherwise. */
    async verifyKey(token: string): Promise<{ userId: number; jti: string } | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALG], issuer: ISSUER })
        const userId = Number(payload.sub)
        if (payload.typ !== KEY_TYPE || !Number.isInteger(userId) || !payload.jti) return null
        return { userId, jti: payload.jti }
      } catch (err) {
        if (err instanceof joseErrors.JOSEError) return null
        throw err
      }
    },
  }
}
export type TokenService = ReturnType<typeof createTokenService>

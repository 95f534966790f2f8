import { SignJWT, jwtVerify, errors as joseErrors } from 'jose'
import { LIMITS } from '../../../contract/constants'

const ALG = 'HS256'
const ISSUER = 'callerid-web'

export interface TokenClaims {
  userId: number
  sessionId: string
}

export function createTokenService(secret: string) {
  const key = new TextEncoder().encode(secret)
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
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALG], issuer: ISSUER })
        const userId = Number(payload.sub)
        if (!Number.isInteger(userId) || !payload.jti) return null
        return { userId, sessionId: payload.jti }
      } catch (err) {
        if (err instanceof joseErrors.JOSEError) return null
        throw err
      }
    },
  }
}
export type TokenService = ReturnType<typeof createTokenService>

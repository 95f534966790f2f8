import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import { AppError, unauthorized } from '../errors'
import { ERROR_CODES } from '../../contract/errors'
import { sessionUser } from '../modules/auth/session-repository'
import type { TokenService } from '../modules/auth/tokens'
import type { Role } from '../../contract/constants'

export interface AuthUser {
  id: number
  phone: string
  role: Role
  sessionId: string
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The handler checks the session in its own statement (the search, ADR 0029): a
     * session this process checked before is not asked again before it.
     */
    sessionCheckedByHandler?: boolean
  }
  interface FastifyRequest {
    user: AuthUser | null
    /** Why a presented token was refused, if it was. */
    authRefusal: string | null
  }
  interface FastifyInstance {
    tokens: TokenService
    requireUser: (request: FastifyRequest) => Promise<void>
    /** Asks the database again for the request's session (its handler found it changed); 403 when it ended. */
    recheckSession: (request: FastifyRequest) => Promise<AuthUser>
  }
}

const signedOut = 'You have been signed out. Sign in again.'

/** The 403 of a call whose session ended (signed out, revoked, expired, account deactivated). */
export const signedOutError = () => new AppError(403, ERROR_CODES.SESSION_INVALID, signedOut)

/** Reads the bearer token of every request; routes that need a user add `app.requireUser`. */
export const authPlugin = fp(
  async (app, opts: { tokens: TokenService }) => {
    app.decorate('tokens', opts.tokens)
    app.decorateRequest('user', null)
    app.decorateRequest('authRefusal', null)
    // The sessions this process checked lately; only routes that check the session again in
    // their own statement use it (sessionCheckedByHandler), every other call asks the database.
    // Kept whole, session id included: the copy each request takes is then a plain clone (a copy with a key
    // added took V8's slow path, a hundredth of a look-up's CPU).
    const checked = new LRUCache<string, AuthUser>({ max: 50_000 })

    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization
      if (!header || request.routeOptions.config.deviceAuth) return
      const match = /^Bearer\s+(\S+)$/i.exec(header)
      if (!match) {
        request.authRefusal = 'The Authorization header must be "Bearer <token>"'
        return
      }
      const claims = await opts.tokens.verify(match[1])
      if (!claims) {
        request.authRefusal = 'Your sign-in is invalid or has expired. Sign in again.'
        return
      }
      const seen = request.routeOptions.config.sessionCheckedByHandler ? checked.get(claims.sessionId) : undefined
      if (seen && seen.id === claims.userId) {
        request.user = { ...seen }
        return
      }
      const row = await sessionUser(app.db, claims)
      if (!row) {
        checked.delete(claims.sessionId)
        request.authRefusal = signedOut
        return
      }
      request.user = { ...row, sessionId: claims.sessionId }
      checked.set(claims.sessionId, { ...request.user })
    })

    app.decorate('recheckSession', async (request: FastifyRequest) => {
      const user = currentUser(request)
      checked.delete(user.sessionId)
      const row = await sessionUser(app.db, { userId: user.id, sessionId: user.sessionId })
      if (!row) throw signedOutError()
      request.user = { ...row, sessionId: user.sessionId }
      checked.set(user.sessionId, { ...request.user })
      return request.user
    })

    app.decorate('requireUser', async (request: FastifyRequest) => {
      if (request.user) return
      if (request.authRefusal) throw new AppError(403, ERROR_CODES.SESSION_INVALID, request.authRefusal)
      throw unauthorized()
    })
  },
  { name: 'auth', dependencies: ['pressure'] },
)

export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized()
  return request.user
}

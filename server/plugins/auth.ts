import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { AppError, unauthorized } from '../errors'
import { ERROR_CODES } from '../../contract/errors'
import { sessionUser } from '../modules/auth/sessions'
import type { TokenService } from '../modules/auth/tokens'
import type { Role } from '../../contract/constants'

export interface AuthUser {
  id: number
  phone: string
  role: Role
  sessionId: string
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null
    /** Why a presented token was refused, if it was. */
    authRefusal: string | null
  }
  interface FastifyInstance {
    tokens: TokenService
    requireUser: (request: FastifyRequest) => Promise<void>
  }
}

/** Reads the bearer token of every request; routes that need a user add `app.requireUser`. */
export const authPlugin = fp(async (app, opts: { tokens: TokenService }) => {
  app.decorate('tokens', opts.tokens)
  app.decorateRequest('user', null)
  app.decorateRequest('authRefusal', null)

  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.authorization
    if (!header) return
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
    // Calls that arrive together are verified together, off the event loop: look at the load again before querying.
    if (app.overloaded(request)) return app.refuseBusy(reply)
    const row = await sessionUser(app.db, claims)
    if (!row) {
      request.authRefusal = 'You have been signed out. Sign in again.'
      return
    }
    request.user = { ...row, sessionId: claims.sessionId }
  })

  app.decorate('requireUser', async (request: FastifyRequest) => {
    if (request.user) return
    if (request.authRefusal) throw new AppError(403, ERROR_CODES.SESSION_INVALID, request.authRefusal)
    throw unauthorized()
  })
}, { name: 'auth', dependencies: ['pressure'] })

export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized()
  return request.user
}

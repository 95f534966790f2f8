import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  agreementBody,
  agreementResponse,
  authGetQuery,
  authGetResponse,
  checkQuery,
  checkResponse,
  devConfirmBody,
  devConfirmResponse,
  flashcallBody,
  flashcallResponse,
  logoutBody,
} from '../../../contract/api/auth'
import { statusOnly } from '../../../contract/api/envelope'
import { authKeyBody, authKeyPeekResponse, authKeyResponse } from '../../../contract/api/payments'
import { LIMITS } from '../../../contract/constants'
import { ERROR_CODES } from '../../../contract/errors'
import { AppError, badRequest, notFound } from '../../errors'
import { currentUser } from '../../plugins/auth'
import { signInMethods } from './methods'
import { clientNetwork } from './client-network'
import { agreeToTerms, checkCode, confirmCode, createCode, EXCHANGE_GRACE_MS, expectCall } from './code-repository'
import { openSession, revokeAllSessions, revokeSession } from './session-repository'
import { revokeAllDevices } from '../device/repository'
import { peekKey, useKey, voidKeys } from './key-repository'
import { phoneOf } from '../payments/repository'

const WRONG_CODE_WINDOW_SECONDS = 600
/** How long the network that asked for a code is remembered: the code's life and its exchange grace. */
const CODE_NETWORK_SECONDS = LIMITS.authCodeTtlSeconds + EXCHANGE_GRACE_MS / 1000

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { env } = app
  /** The client's network: its IPv4 address or IPv6 /64 (ADR 0047). */
  const network = (request: FastifyRequest) => clientNetwork(request.ip)
  /**
   * One budget of sign-in calls per client network per minute, shared by every sign-in
   * route (the rate-limit plugin keeps a separate counter per route even with a groupId).
   * It runs on request, before the signature check, so forged calls count too.
   */
  async function signInBudget(request: FastifyRequest) {
    // A window of a minute from the address's first call in it.
    const used = await app.store.increment(`auth-rl:${network(request)}`, 60)
    if (used > env.AUTH_RATE_LIMIT_PER_MINUTE) {
      throw new AppError(429, ERROR_CODES.RATE_LIMITED, 'Too many sign-in requests from this address; wait a minute and try again')
    }
  }
  // The global per-user limit does not apply on top: this budget is the stricter one.
  const authLimit = { rateLimit: false as const }

  /**
   * Wrong codes are capped per client network (an IPv6 host has a /64 to pick addresses
   * from); a code's token goes only to the network that asked for it, below.
   */
  async function guardAttempts(request: FastifyRequest) {
    if ((await app.store.get(`wrong:${network(request)}`)) >= LIMITS.authWrongCodeAttempts) {
      throw new AppError(429, ERROR_CODES.CODE_TOO_MANY_ATTEMPTS, 'Too many wrong sign-in codes; wait ten minutes and start again')
    }
  }
  async function countWrong(request: FastifyRequest): Promise<never> {
    await app.store.increment(`wrong:${network(request)}`, WRONG_CODE_WINDOW_SECONDS)
    throw badRequest('Unknown sign-in code; start again', ERROR_CODES.CODE_UNKNOWN)
  }

  /*
   * A code is exchanged for its token only by the network that asked for it (ADR 0047):
   * guessing a live code from a network of one's own, however many, wins nothing. The
   * issue is keyed by the code's device id, which no later code shares. When the store no
   * longer knows the issue (restarted without Redis), the check is not held back.
   */
  async function rememberNetwork(request: FastifyRequest, deviceId: string) {
    await app.store.setIfAbsent(`code-net:${deviceId}`, CODE_NETWORK_SECONDS)
    await app.store.setIfAbsent(`code-net:${deviceId}:${network(request)}`, CODE_NETWORK_SECONDS)
  }
  async function fromAskingNetwork(request: FastifyRequest, deviceId: string): Promise<boolean> {
    if ((await app.store.get(`code-net:${deviceId}`)) === 0) return true
    return (await app.store.get(`code-net:${deviceId}:${network(request)}`)) > 0
  }

  r.get(
    '/api/v202111/auth/get',
    {
      config: authLimit,
      onRequest: signInBudget,
      schema: {
        tags: ['auth'],
        summary: 'Start sign-in: a fresh code and the configured methods',
        querystring: authGetQuery,
        response: { 200: authGetResponse },
      },
      preHandler: app.verifySigned,
    },
    async (request) => {
      const { code, deviceId } = await createCode(app.db)
      await rememberNetwork(request, deviceId)
      return { status: true as const, data: { code, expiresIn: LIMITS.authCodeTtlSeconds, auth: signInMethods(env, code) } }
    },
  )

  r.post(
    '/api/v6/auth/agreement_code',
    {
      config: authLimit,
      onRequest: signInBudget,
      schema: { tags: ['auth'], summary: 'Accept the terms for a sign-in code', body: agreementBody, response: { 200: agreementResponse } },
      preHandler: [app.verifySigned, guardAttempts, app.verifyBotCheck],
    },
    async (request) => {
      if (!(await agreeToTerms(app.db, request.body.code))) await countWrong(request)
      return { status: true as const, data: { code: request.body.code, agreed: true as const } }
    },
  )

  r.get(
    '/api/v6/auth/check',
    {
      config: authLimit,
      onRequest: signInBudget,
      schema: {
        tags: ['auth'],
        summary: 'Poll a sign-in code; the token once confirmed',
        querystring: checkQuery,
        response: { 200: checkResponse },
      },
      preHandler: [app.verifySigned, guardAttempts],
    },
    async (request) => {
      const outcome = await checkCode(app.db, app.tokens, request.query.code, (deviceId) => fromAskingNetwork(request, deviceId))
      if (!outcome) return countWrong(request)
      return { status: true as const, data: outcome }
    },
  )

  r.post(
    '/api/v6/auth/flashcall',
    {
      config: authLimit,
      onRequest: signInBudget,
      schema: {
        tags: ['auth'],
        summary: 'Flash call: the number the user calls from; answers the number to call',
        body: flashcallBody,
        response: { 200: flashcallResponse },
      },
      preHandler: [app.verifySigned, guardAttempts],
    },
    async (request) => {
      if (!env.providers.flashcall) throw notFound('Sign-in by call is not configured on this server')
      const phone = app.phone.normalize(request.body.phone)
      if (!phone) throw badRequest('Enter a valid phone number with its country code, like +49 30 1234567', ERROR_CODES.NUMBER_INVALID)
      const outcome = await expectCall(app.db, request.body.code, phone.e164, (deviceId) => fromAskingNetwork(request, deviceId))
      if (outcome.result === 'unknown') return countWrong(request)
      if (outcome.result === 'expired') throw badRequest('This sign-in code has expired; start again', ERROR_CODES.CODE_EXPIRED)
      if (outcome.result === 'already') throw badRequest('This sign-in code was already confirmed', ERROR_CODES.CODE_USED)
      const expiresIn = Math.max(0, Math.floor((outcome.expiresAt.getTime() - Date.now()) / 1000))
      return { status: true as const, data: { callNumber: env.TWILIO_VOICE_NUMBER!, phoneNumber: phone.e164, expiresIn } }
    },
  )

  r.post(
    '/api/v6/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revokes this token on the server; everywhere=1 also every other session and device password',
        body: logoutBody,
        response: { 200: statusOnly },
      },
      preHandler: app.requireUser,
    },
    async (request) => {
      const user = currentUser(request)
      await revokeSession(app.db, user.sessionId)
      if (request.body?.everywhere) {
        await revokeAllSessions(app.db, user.id)
        await revokeAllDevices(app.db, user.id)
      }
      // A one-time key made before signing out must not sign anybody in after it (issue 29).
      await voidKeys(app.db, currentUser(request).id)
      return { status: true as const }
    },
  )

  r.post(
    '/api/v6/auth/dev/confirm',
    {
      config: authLimit,
      onRequest: signInBudget,
      schema: {
        tags: ['auth'],
        summary: 'Development sign-in: confirm a code for any number (only while AUTH_DEV is on)',
        body: devConfirmBody,
        response: { 200: devConfirmResponse },
      },
      preHandler: guardAttempts,
    },
    async (request) => {
      if (!env.providers.dev) throw notFound('Development sign-in is off on this server')
      const phone = app.phone.normalize(request.body.phone)
      if (!phone) throw badRequest('Enter a valid phone number with its country code, like +49 30 1234567', ERROR_CODES.NUMBER_INVALID)
      const result = await confirmCode(app.db, request.body.code, phone.e164, 'dev')
      if (result === 'unknown') return countWrong(request)
      if (result === 'expired') throw badRequest('This sign-in code has expired; start again', ERROR_CODES.CODE_EXPIRED)
      if (result === 'already') throw badRequest('This sign-in code was already confirmed', ERROR_CODES.CODE_USED)
      return { status: true as const, data: { status: true as const, phoneNumber: phone.e164 } }
    },
  )

  r.post(
    '/api/v6/auth/key',
    {
      schema: {
        tags: ['auth'],
        summary: 'Trades a one-time key for a session token; a key works once',
        body: authKeyBody,
        response: { 200: authKeyResponse },
      },
    },
    async (request) => {
      const claims = await app.tokens.verifyKey(request.body.key)
      const userId = claims && (await useKey(app.db, claims.jti))
      if (!claims || userId !== claims.userId) throw badRequest('This key is not valid, has expired or was already used')
      const phone = await phoneOf(app.db, userId)
      if (!phone) throw badRequest('This key is not valid, has expired or was already used')
      const token = await openSession(app.db, app.tokens, userId, `key-${claims.jti}`)
      return { status: true as const, data: { token, profileId: userId, phoneNumber: phone } }
    },
  )

  // Tells no more than the key itself gives its holder (trading it shows the same number), and spends nothing.
  r.post(
    '/api/v6/auth/key/peek',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whose an unused one-time key is, without using it: the web app asks before it switches accounts',
        body: authKeyBody,
        response: { 200: authKeyPeekResponse },
      },
    },
    async (request) => {
      const claims = await app.tokens.verifyKey(request.body.key)
      const owner = claims && (await peekKey(app.db, claims.jti))
      if (!claims || !owner || owner.userId !== claims.userId) throw badRequest('This key is not valid, has expired or was already used')
      return { status: true as const, data: { profileId: owner.userId, phoneNumber: owner.phone } }
    },
  )
}

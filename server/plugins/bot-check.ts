import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { ERROR_CODES } from '../../contract/errors'
import { AppError, badRequest } from '../errors'
import { createTurnstile, type BotChecker } from '../providers/turnstile'

declare module 'fastify' {
  interface FastifyInstance {
    /** Refuses a request without a valid bot-check token (`bot_token`); lets everything through when no check is configured. */
    verifyBotCheck: (request: FastifyRequest) => Promise<void>
  }
}

/** The invisible bot check (Turnstile) on the calls that start a sign-in and on complaints, when TURNSTILE_* is configured. */
export const botCheckPlugin = fp(
  async (app, opts: { checker?: BotChecker }) => {
    const turnstile = app.env.botCheck
    const checker = opts.checker ?? (turnstile ? createTurnstile(turnstile) : null)
    // Said once at start, so an operator who meant to have the check sees that it is not on.
    if (!checker)
      app.addHook('onReady', async () =>
        app.log.info(
          'The bot check is off: set TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY to turn on Cloudflare Turnstile for sign-in and complaints',
        ),
      )
    app.decorate('verifyBotCheck', async (request: FastifyRequest) => {
      if (!checker) return
      const params = (request.method === 'GET' ? request.query : request.body) as { bot_token?: unknown } | undefined
      const token = typeof params?.bot_token === 'string' ? params.bot_token : ''
      if (!token) throw badRequest('The bot check did not run: reload the page and try again', ERROR_CODES.BOT_CHECK_FAILED)
      let passed: boolean
      try {
        passed = await checker.verify(token, request.ip)
      } catch (err) {
        request.log.error({ err }, 'bot check unavailable')
        throw new AppError(503, ERROR_CODES.BOT_CHECK_FAILED, 'The bot check is unavailable; try again in a moment')
      }
      if (!passed) throw badRequest('The bot check failed: reload the page and try again', ERROR_CODES.BOT_CHECK_FAILED)
    })
  },
  { name: 'bot-check', dependencies: ['core'] },
)

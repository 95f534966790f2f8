import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { healthResponse } from '../../../contract/api/account'
import { apkResponse } from '../../../contract/api/payments'
import { ERROR_CODES } from '../../../contract/errors'
import { ping } from '../../db/client'
import { AppError, notFound } from '../../errors'
import { WEDGED_MS } from '../../plugins/pressure'
import { version } from '../../version'

/** How long the health check waits for the database's answer before it says the database does not answer. */
const PING_TIMEOUT_MS = 5_000

/**
 * `/health`, the health check a load balancer or monitor polls: 200 while the database answers and the API
 * moves; 503 when the database has not answered within 5 s, or an API call has been under way for
 * 30 s or more (the server is wedged: a statement that never settles, a call that never ends).
 * `/apk/get`: where the Android app is downloaded from.
 */
export async function systemRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/api/health',
    { schema: { tags: ['system'], summary: 'Health: the database answers and no API call is stuck', response: { 200: healthResponse } } },
    async () => {
      const stuck = app.queue.oldestWaitMs()
      if (stuck >= WEDGED_MS)
        throw new AppError(503, ERROR_CODES.SERVER_BUSY, `Wedged: an API call has been under way for ${Math.round(stuck / 1000)} s`)
      let timer: NodeJS.Timeout | undefined
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), PING_TIMEOUT_MS)))
      try {
        if ((await Promise.race([ping(app.db), late])) === 'late')
          throw new AppError(503, ERROR_CODES.SERVER_BUSY, `The database has not answered in ${PING_TIMEOUT_MS / 1000} s`)
      } finally {
        clearTimeout(timer)
      }
      return { status: true as const, data: { db: 'ok' as const, version } }
    },
  )

  r.get(
    '/api/v202305/apk/get',
    {
      schema: {
        tags: ['system'],
        summary: 'Where the Android app is downloaded from (APK_URL); 404 when none is configured',
        response: { 200: apkResponse },
      },
    },
    async () => {
      if (!app.env.APK_URL) throw notFound('No Android app download is configured on this server')
      return { status: true as const, data: { url: app.env.APK_URL } }
    },
  )
}

import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { LEGAL_PAGES, legalPageQuery, legalPageResponse, type LegalPage } from '../../../contract/api/legal'
import { notFound } from '../../errors'
import { createLegalTexts } from './documents'

/**
 * `/legal/{page}` (issue 33): terms, privacy policy, cookies, purchase policy and contacts as HTML, in the
 * language asked for or else in English, naming the operator, its address and the support mailbox of the
 * configuration (OPERATOR_NAME, OPERATOR_ADDRESS, SUPPORT_EMAIL). In production without the operator the
 * pages are on the main site (MAIN_SITE_URL, server/env.ts) and this answers 404.
 */
export async function legalRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const operator = app.env.operator
  const texts = operator
    ? createLegalTexts({ operatorName: operator.name, operatorAddress: operator.address, supportEmail: app.env.SUPPORT_EMAIL })
    : null

  r.get(
    '/api/v6/legal/:page',
    {
      schema: {
        tags: ['system'],
        summary: 'A legal page (terms, privacy, cookies, purchase, contacts) as HTML, in the language asked for or in English',
        querystring: legalPageQuery,
        response: { 200: legalPageResponse },
      },
    },
    async (request, reply) => {
      const { page } = request.params as { page: string }
      if (!(LEGAL_PAGES as readonly string[]).includes(page)) throw notFound(`No legal page ${page}: one of ${LEGAL_PAGES.join(', ')}`)
      if (!texts) throw notFound(`The legal pages are on the main site: ${app.env.MAIN_SITE_URL}`)
      // The texts change only with a deployment: a browser may keep one for an hour.
      reply.header('cache-control', 'public, max-age=3600')
      return { status: true as const, data: texts(page as LegalPage, request.query.lang) }
    },
  )
}

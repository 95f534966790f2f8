import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorEnvelope } from '../../../contract/api/envelope'
import { ERROR_CODES } from '../../../contract/errors'
import { matchLocale } from '../../../contract/locale'
import { AppError } from '../../errors'
import { languageFile } from './language-file'

// The language code only: letters, digits, `-` and `_` (`ru_RU`, `RU-ru`, `ar`). No dots or slashes.
const languageFileParams = z.object({
  lang: z
    .string()
    .min(2)
    .max(16)
    .regex(/^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*$/, 'a language code such as en, ru_RU or ar-sa'),
})
const languageFileResponse = z
  .record(z.string(), z.string())
  .describe('Flat key → text; arguments as %name%, plural parts as {{one|other}}')

/** GET /localeModule/json/{lang}.json: the language file of SPEC.md section 7. */
export async function localeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get(
    '/localeModule/json/:lang.json',
    {
      schema: {
        tags: ['i18n'],
        summary: 'Language file: every text of the web app for one language, flat keys joined with _, arguments as %name%',
        params: languageFileParams,
        response: { 200: languageFileResponse, 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      const locale = matchLocale(request.params.lang)
      if (!locale)
        throw new AppError(
          404,
          ERROR_CODES.NOT_FOUND,
          `No language file for "${request.params.lang}"; ask for one of the supported languages, e.g. en or ru-RU`,
        )
      reply.header('cache-control', 'public, max-age=3600').type('application/json')
      return languageFile(locale)
    },
  )
}

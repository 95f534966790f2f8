/**
 * The legal pages (issue 33): terms, privacy policy, cookies, purchase policy and contacts, written in
 * Markdown per language on the server and sent as HTML with the operator's name, address and support
 * address filled in from its configuration. A main site (MAIN_SITE_URL) may serve them instead.
 */
import { z } from 'zod'
import { LEGAL_PAGES } from '../legal-pages'
import { okEnvelope } from './envelope'

export { LEGAL_PAGES, type LegalPage } from '../legal-pages'

/** `GET /api/v6/legal/{page}?lang=`: the page in that language, else in English. */
export const legalPageQuery = z.object({
  lang: z
    .string()
    .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})?$/, 'must be a language code such as en, ru or ar-sa')
    .optional(),
})

export const legalPageResponse = okEnvelope(
  z.object({
    page: z.enum(LEGAL_PAGES),
    /** The language the text is written in: the one asked for, or `en` when there is no text in it. */
    lang: z.string(),
    title: z.string(),
    /** The page's body as HTML, from the server's own Markdown; configured values are escaped. */
    html: z.string(),
  }),
)
export type LegalPageAnswer = z.infer<typeof legalPageResponse>['data']

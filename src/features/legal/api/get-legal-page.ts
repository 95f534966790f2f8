import type { LegalPage } from '@contract/legal-pages'
import { answerSchema, api } from '@/lib/api'

/** GET /api/v6/legal/{page}: the page as HTML in `lang`, or in English when there is no text in it. */
export async function getLegalPage(page: LegalPage, lang: string) {
  return (await api.get(`/api/v6/legal/${page}`, { lang }, answerSchema('legal', 'legalPageResponse'))).data
}

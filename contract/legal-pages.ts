/** The legal pages of SPEC.md section 2's footer (issue 33), in the order the footer lists them; no zod, so the page's first bundle may import it. */
export const LEGAL_PAGES = ['terms', 'privacy', 'cookies', 'purchase', 'contacts'] as const
export type LegalPage = (typeof LEGAL_PAGES)[number]

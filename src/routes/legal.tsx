import { createFileRoute, notFound } from '@tanstack/react-router'
import { LEGAL_PAGES, type LegalPage as LegalPageName } from '@contract/legal-pages'
import { LegalPage } from '@/features/legal/components/legal-page'
import { config } from '@/lib/config'
import { theme } from '@/stores/theme'

/** `/legal/{page}`: terms, privacy, cookies, purchase, contacts (issue 33); on the main site instead when MAIN_SITE_URL is set. */
export const Route = createFileRoute('/legal/$page')({
  // Route files are in the first load; the main site's addresses (lib/site) load only where one is set.
  beforeLoad: async ({ params }) => {
    if (!(LEGAL_PAGES as readonly string[]).includes(params.page)) throw notFound()
    if (config.mainSiteUrl) {
      const { legalPageHref } = await import('@/lib/site')
      window.location.replace(legalPageHref(params.page as LegalPageName, theme.locale))
    }
  },
  component: LegalRoute,
})

function LegalRoute() {
  const { page } = Route.useParams()
  return <LegalPage page={page as LegalPageName} />
}

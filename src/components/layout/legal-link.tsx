import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import type { LegalPage } from '@contract/legal-pages'
import { legalPageHref } from '@/lib/site'
import { theme } from '@/stores/theme'

/**
 * A link to a legal page (issue 33): the app's own /legal/{page}, or the main site's page in the reader's
 * language when MAIN_SITE_URL is set. `newTab` opens it beside the page (the complaint modal).
 */
export function LegalLink({ page, className, newTab, children }: { page: LegalPage; className?: string; newTab?: boolean; children: ReactNode }) {
  const { locale } = useSnapshot(theme)
  const href = legalPageHref(page, locale)
  // A new tab loads the page afresh: a plain link, which needs no router (a modal is drawn outside it in tests).
  if (newTab) {
    return (
      <a className={className} href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    )
  }
  if (href.startsWith('/')) {
    return (
      <Link className={className} to="/legal/$page" params={{ page }}>
        {children}
      </Link>
    )
  }
  return (
    <a className={className} href={href}>
      {children}
    </a>
  )
}

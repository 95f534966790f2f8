import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import type { LegalPage } from '@contract/legal-pages'
import { legalPageHref } from '@/lib/site'
import { theme } from '@/stores/theme'

/**
 * A link to a legal page (issue 33): the app's own /legal/{page} (a router link), or the main site's page in
 * the reader's language when MAIN_SITE_URL is set. The complaint modal's new-tab link is a plain one (legalPageHref).
 */
export function LegalLink({ page, className, children }: { page: LegalPage; className?: string; children: ReactNode }) {
  const { locale } = useSnapshot(theme)
  const href = legalPageHref(page, locale)
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

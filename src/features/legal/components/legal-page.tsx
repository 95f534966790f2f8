import type { MouseEvent } from 'react'
import useSWR from 'swr'
import { useSnapshot } from 'valtio'
import { useRouter } from '@tanstack/react-router'
import { useI18nContext } from '@i18n/i18n-react'
import type { LegalPage as LegalPageName } from '@contract/legal-pages'
import { isRtlLocale } from '@contract/locale'
import { Page } from '@/components/layout/app-shell'
import { SkeletonBar } from '@/components/ui/skeleton'
import { ErrorState } from '@/components/ui/states'
import { failureText } from '@/lib/failure-text'
import { usePageTitle } from '@/lib/use-page-title'
import { theme } from '@/stores/theme'
import { getLegalPage } from '../api/get-legal-page'

/** Each page's name as the footer shows it: the page's title while its text loads. */
function pageLabel(LL: ReturnType<typeof useI18nContext>['LL'], page: LegalPageName): string {
  const labels: Record<LegalPageName, () => string> = {
    terms: LL.footer.terms,
    privacy: LL.footer.privacy,
    cookies: LL.footer.cookies,
    purchase: LL.footer.purchase,
    contacts: LL.footer.contacts,
  }
  return labels[page]()
}

/**
 * A legal page the app serves itself (issue 33): the server's HTML of its Markdown, in the reader's
 * language or else in English (then marked as English, left to right). The HTML is the server's own:
 * its Markdown files, with the configured values escaped (server/modules/legal).
 */
export function LegalPage({ page }: { page: LegalPageName }) {
  const { LL } = useI18nContext()
  const { locale } = useSnapshot(theme)
  const router = useRouter()
  const text = useSWR(['legal', page, locale], () => getLegalPage(page, locale), { revalidateOnFocus: false })
  const title = text.data?.title ?? pageLabel(LL, page)
  usePageTitle(title)

  // A link to another page of the app (the privacy policy from the terms) stays in the app.
  const follow = (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as HTMLElement).closest('a')
    const href = link?.getAttribute('href')
    if (
      !href ||
      !href.startsWith('/') ||
      href.startsWith('//') ||
      link!.target ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return
    event.preventDefault()
    void router.navigate({ href })
  }

  if (text.error) {
    return (
      <Page title={title}>
        <ErrorState
          message={failureText(text.error, LL.app.genericError())}
          retryLabel={LL.app.retry()}
          onRetry={() => void text.mutate()}
        />
      </Page>
    )
  }
  if (!text.data) {
    return (
      <Page title={title} busy>
        <div className="flex flex-col gap-3" aria-hidden="true">
          <SkeletonBar className="h-4 w-full" />
          <SkeletonBar className="h-4 w-11/12" />
          <SkeletonBar className="h-4 w-2/3" />
        </div>
      </Page>
    )
  }
  const lang = text.data.lang
  return (
    <Page title={title}>
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the links inside are the interactive elements; Enter on one is a click */}
      <article
        lang={lang}
        dir={isRtlLocale(lang) ? 'rtl' : 'ltr'}
        data-testid="legal-text"
        onClick={follow}
        className="flex max-w-3xl flex-col gap-4 leading-relaxed text-fg [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-semibold [&_li]:ms-5 [&_li]:list-disc [&_table]:block [&_table]:overflow-x-auto [&_table]:text-sm [&_td]:border [&_td]:border-border [&_td]:p-2 [&_td]:align-top [&_th]:border [&_th]:border-border [&_th]:bg-surface-2 [&_th]:p-2 [&_th]:text-start [&_ul]:flex [&_ul]:flex-col [&_ul]:gap-2"
        dangerouslySetInnerHTML={{ __html: text.data.html }}
      />
    </Page>
  )
}

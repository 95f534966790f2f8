import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { localeFromPrefix } from '@contract/locale'
import { switchLocale } from '@/lib/locale-switch'

/** `/{lang}/anything`: a known language prefix redirects to the unprefixed route. */
export const Route = createFileRoute('/$lang/$')({
  beforeLoad: ({ params, search }) => {
    const locale = localeFromPrefix(params.lang)
    if (!locale) throw notFound()
    switchLocale(locale)
    throw redirect({ href: `/${params._splat ?? ''}${searchString(search)}`, replace: true })
  },
})

function searchString(search: Record<string, unknown>): string {
  const entries = Object.entries(search).filter(([, v]) => v !== undefined) as Array<[string, string]>
  return entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)]))}` : ''
}

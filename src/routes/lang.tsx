import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { localeFromPrefix } from '@contract/locale'
import { switchLocale } from '@/lib/locale-switch'

export const Route = createFileRoute('/$lang')({
  beforeLoad: ({ params, search }) => {
    const locale = localeFromPrefix(params.lang)
    if (!locale) throw notFound()
    switchLocale(locale)
    throw redirect({ to: '/', search })
  },
})

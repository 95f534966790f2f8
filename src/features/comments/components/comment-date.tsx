import { useI18nContext } from '@i18n/i18n-react'
import { formatDate } from '@/lib/format'

/** A comment's date in the current locale; the machine-readable value is in `dateTime`. */
export function CommentDate({ seconds }: { seconds: number }) {
  const { locale } = useI18nContext()
  const date = new Date(seconds * 1000)
  const text = formatDate(locale, date)
  return (
    <time dateTime={date.toISOString()} className="text-sm text-muted">
      {text}
    </time>
  )
}

import { useI18nContext } from '@i18n/i18n-react'
import type { NumberProfile, TagCount } from '@contract/api/number-profile'
import { Card, CardTitle } from '@/components/ui/card'

type LLType = ReturnType<typeof useI18nContext>['LL']

export function tagLabel(LL: LLType, code: string): string {
  const fn = (LL.tags as unknown as Record<string, (() => string) | undefined>)[code]
  return fn ? fn() : code
}

function TagList({ tags }: { tags: TagCount[] }) {
  const { LL } = useI18nContext()
  return (
    <ul className="flex flex-wrap gap-2">
      {tags.map((t) => (
        <li key={t.id} className="rounded-full border border-border bg-surface-2 px-3 py-1 text-sm">
          {tagLabel(LL, t.code)} <span className="text-muted">· {t.count}</span>
        </li>
      ))}
    </ul>
  )
}

/** The number's most-answered tags (tagsTop) and, when the server offers it, the onPage poll. */
export function TagsCard({ data }: { data: NumberProfile }) {
  const { LL } = useI18nContext()
  const tags = [...(data.tagsTop.callerType ? [data.tagsTop.callerType] : []), ...data.tagsTop.categories, ...data.tagsTop.subcategories, ...data.tagsTop.callReasons]
  return (
    <Card className="flex flex-col gap-3">
      <CardTitle>{LL.number.tags()}</CardTitle>
      {tags.length ? <TagList tags={tags} /> : <p className="text-sm text-muted">{LL.number.noTags()}</p>}
    </Card>
  )
}

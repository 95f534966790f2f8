import { useId, useState } from 'react'
import { useI18nContext } from '@i18n/i18n-react'
import type { NumberProfile, TagCount } from '@contract/api/number-profile'
import { Button } from '@/components/ui/button'
import { Card, CardTitle } from '@/components/ui/card'
import { formatNumber } from '@/lib/format'
import { tagLabel } from '@/lib/tag-label'
import { TagPicker } from './tag-picker'

function TagList({ tags, mine }: { tags: TagCount[]; mine: readonly number[] }) {
  const { LL, locale } = useI18nContext()
  return (
    <ul className="flex flex-wrap gap-2" data-testid="tags-top">
      {tags.map((t) => (
        <li
          key={t.id}
          className={
            'rounded-full border px-3 py-1 text-sm ' +
            (mine.includes(t.id) ? 'border-primary bg-surface-2 font-medium' : 'border-border bg-surface-2')
          }
        >
          {tagLabel(LL, t.code)}{' '}
          <span className="text-muted" aria-hidden>
            · {formatNumber(locale, t.count)}
          </span>
          <span className="sr-only">
            {`, ${LL.polls.votes({ count: t.count })}`}
            {mine.includes(t.id) ? `, ${LL.polls.myTags()}` : ''}
          </span>
        </li>
      ))}
    </ul>
  )
}

/** Which poll the card offers, if any (SPEC.md section 3, polls.show). */
function offeredPoll(data: NumberProfile, dismissed: boolean): 'onPage' | 'onComment' | null {
  if (data.polls.show.onPage) return 'onPage'
  if (data.myComment && data.polls.show.onComment && !data.polls.pollAnswers.length && !dismissed) return 'onComment'
  return null
}

/**
 * The number's most-answered tags (tagsTop) with counts, and the viewer's own say:
 * the page poll when the server offers it, the comment poll after the viewer's
 * comment, otherwise a button that opens the same picker.
 */
export function TagsCard({ data }: { data: NumberProfile }) {
  const { LL } = useI18nContext()
  const [open, setOpen] = useState(false)
  const [dismissed, setDismissed] = useState(false)
  const [saved, setSaved] = useState(false)
  const pickerId = useId()
  const top = data.tagsTop
  const tags = [...(top.callerType ? [top.callerType] : []), ...top.categories, ...top.subcategories, ...top.callReasons, ...top.emotags]
  const own = data.common.profileView === 'OWNER'
  const offered = own ? null : offeredPoll(data, dismissed)
  const answered = data.polls.pollAnswers.length > 0

  function done() {
    setSaved(true)
    setOpen(false)
    setDismissed(true)
  }

  return (
    <Card className="flex flex-col gap-3" data-testid="tags-card">
      <CardTitle>{LL.number.tags()}</CardTitle>
      {tags.length ? <TagList tags={tags} mine={data.polls.pollAnswers} /> : <p className="text-sm text-muted">{LL.number.noTags()}</p>}
      <p role="status" className="text-sm text-success empty:hidden">
        {saved ? LL.polls.saved() : ''}
      </p>
      {offered === 'onPage' && <TagPicker key="onPage" data={data} poll="onPage" title={LL.polls.pagePoll()} onSaved={done} />}
      {offered === 'onComment' && (
        <TagPicker
          key="onComment"
          data={data}
          poll="onComment"
          title={LL.polls.commentPoll()}
          onSaved={done}
          onCancel={() => setDismissed(true)}
          cancelLabel={LL.polls.later()}
        />
      )}
      {!own && !offered && (
        <>
          <Button
            variant="secondary"
            size="sm"
            className="self-start"
            aria-expanded={open}
            aria-controls={open ? pickerId : undefined}
            onClick={() => {
              setSaved(false)
              setOpen((o) => !o)
            }}
          >
            {answered ? LL.polls.changeTags() : LL.polls.addTags()}
          </Button>
          {open && (
            <div id={pickerId}>
              <TagPicker
                data={data}
                poll="onPage"
                title={LL.polls.pagePoll()}
                onSaved={done}
                onCancel={() => setOpen(false)}
                cancelLabel={LL.app.cancel()}
              />
            </div>
          )}
        </>
      )}
    </Card>
  )
}

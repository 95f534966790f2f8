import { useId, useState, type FormEvent } from 'react'
import { useSWRConfig } from 'swr'
import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import type { NumberProfile } from '@contract/api/number-profile'
import type { TagKind } from '@contract/tags'
import { Button } from '@/components/ui/button'
import { tagLabel } from '@/lib/tag-label'
import { answerPoll, type Poll } from '../api/answer-poll'
import { TAGS } from '@contract/tags'
import { KINDS } from '../tag-catalog'
import { refreshNumber, type ReputationState } from '../refresh-number'

type LLType = ReturnType<typeof useI18nContext>['LL']

export function kindLabel(LL: LLType, kind: TagKind): string {
  const labels: Record<TagKind, () => string> = {
    callerType: LL.polls.kindCallerType,
    category: LL.polls.kindCategory,
    subcategory: LL.polls.kindSubcategory,
    callReason: LL.polls.kindCallReason,
    emotag: LL.polls.kindEmotag,
  }
  return labels[kind]()
}

const OTHER_POLLS: Record<Poll, Poll[]> = { onPage: ['onComment', 'onBan'], onComment: ['onPage', 'onBan'], onBan: ['onPage', 'onComment'] }

/**
 * Saves the viewer's tags for a number so that exactly `ids` remain: the server keeps
 * answers per poll, but the viewer sees (and edits) all their tags at once, so a tag
 * taken off that came from another poll is cleared there too.
 */
async function saveTags(phone: string, poll: Poll, ids: number[], before: readonly number[]): Promise<ReputationState> {
  let state = await answerPoll(phone, poll, ids)
  if (before.some((id) => !ids.includes(id))) {
    for (const other of OTHER_POLLS[poll]) state = await answerPoll(phone, other, [])
  }
  return state
}

/**
 * A poll: the tag catalogue grouped by kind as checkboxes, pre-selected with the
 * viewer's earlier answers; Save posts them and refreshes the number page.
 */
export function TagPicker({
  data,
  poll,
  title,
  onSaved,
  onCancel,
  cancelLabel,
}: {
  data: NumberProfile
  poll: Poll
  title: string
  onSaved?: () => void
  onCancel?: () => void
  cancelLabel?: string
}) {
  const { LL } = useI18nContext()
  const { mutate } = useSWRConfig()
  // Tag ids are fixed in the contract and seeded as they are.
  const catalog = TAGS
  const [selected, setSelected] = useState<number[]>(() => data.polls.pollAnswers.filter((id) => catalog.some((t) => t.id === id)))
  const [saved, setSaved] = useState(false)
  const titleId = useId()
  const save = useSWRMutation(
    ['answer-poll', data.phone.number, poll],
    async ([, phone]: [string, string, Poll]) => {
      const state = await saveTags(phone, poll, selected, data.polls.pollAnswers)
      setSaved(true)
      await refreshNumber(mutate, phone, state)
      onSaved?.()
    },
    { throwOnError: false },
  )
  const pending = save.isMutating
  const failed = Boolean(save.error) && !pending

  function toggle(id: number, on: boolean) {
    // A changed choice is not what was saved (or failed to save).
    setSaved(false)
    if (!pending) save.reset()
    setSelected((s) => (on ? [...s.filter((x) => x !== id), id] : s.filter((x) => x !== id)))
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    setSaved(false)
    void save.trigger()
  }

  return (
    <form onSubmit={submit} aria-labelledby={titleId} className="flex flex-col gap-4" data-testid={`poll-${poll}`}>
      <div className="flex flex-col gap-1">
        <h3 id={titleId} className="font-semibold text-fg">
          {title}
        </h3>
        <p className="text-sm text-muted">{LL.polls.pickerHint()}</p>
      </div>
      {KINDS.map((kind) => (
        <fieldset key={kind} className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium text-muted">{kindLabel(LL, kind)}</legend>
          <div className="flex flex-wrap gap-2">
            {catalog
              .filter((t) => t.kind === kind)
              .map((t) => (
                <label key={t.code} className="relative">
                  {/* The real checkbox covers its chip, invisible: a click or a tap lands on it. */}
                  <input
                    type="checkbox"
                    className="peer absolute inset-0 z-10 m-0 cursor-pointer appearance-none opacity-0"
                    checked={selected.includes(t.id)}
                    onChange={(e) => toggle(t.id, e.target.checked)}
                  />
                  <span className="inline-flex min-h-9 items-center rounded-full border border-border bg-surface px-3 text-sm text-fg peer-checked:border-primary peer-checked:bg-primary peer-checked:text-primary-fg peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus">
                    {tagLabel(LL, t.code)}
                  </span>
                </label>
              ))}
          </div>
        </fieldset>
      ))}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
          {pending ? LL.polls.saving() : LL.polls.save()}
        </Button>
        {onCancel && cancelLabel && (
          <Button variant="ghost" onClick={onCancel}>
            {cancelLabel}
          </Button>
        )}
      </div>
      {!onSaved && (
        <p role="status" className="text-sm text-success empty:hidden">
          {saved ? LL.polls.saved() : ''}
        </p>
      )}
      {failed && (
        <p role="alert" className="text-sm text-danger">
          {LL.polls.saveError()}
        </p>
      )}
    </form>
  )
}

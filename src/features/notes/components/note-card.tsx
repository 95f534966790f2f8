import { useId, useState } from 'react'
import { useSWRConfig } from 'swr'
import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import type { NumberProfile } from '@contract/api/number-profile'
import { LIMITS } from '@contract/constants'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardTitle } from '@/components/ui/card'
import { TextForm } from '@/components/ui/text-form'
import { failureText } from '@/lib/failure-text'
import { IconLock } from '@/components/ui/action-icons'
import { isNumberPageKey } from '@/lib/page-keys'
import { addNote } from '../api/add-note'
import { deleteNote } from '../api/delete-note'

/** The viewer's private note on the number: shown to nobody else. */
export function NoteCard({ data }: { data: NumberProfile }) {
  const { LL } = useI18nContext()
  const { mutate: revalidate } = useSWRConfig()
  const headingId = useId()
  const phone = data.phone.number
  // The note as the server last confirmed it; undefined until this card changed it.
  const [local, setLocal] = useState<{ text: string } | null | undefined>(undefined)
  const note = local === undefined ? data.notice : local
  const [editing, setEditing] = useState(false)

  const refresh = () => revalidate(isNumberPageKey)

  async function save(text: string) {
    const saved = await addNote(phone, text)
    setLocal({ text: saved.text })
    setEditing(false)
    void refresh()
  }

  const deletion = useSWRMutation(
    ['delete-note', phone],
    async ([, p]: [string, string]) => {
      await deleteNote(p)
      setLocal(null)
      setEditing(false)
      void refresh()
    },
    { throwOnError: false },
  )
  const busy = deletion.isMutating
  // A new attempt hides the last failure.
  const error = deletion.error && !busy ? failureText(deletion.error, LL.notes.error()) : null

  return (
    <Card className="flex flex-col gap-3 wide:col-span-2" role="region" aria-labelledby={headingId} data-testid="private-note">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle id={headingId}>{LL.notes.title()}</CardTitle>
        <Badge tone="neutral">
          <IconLock />
          {LL.notes.privacy()}
        </Badge>
      </div>
      {editing ? (
        <TextForm
          label={LL.notes.label()}
          initial={note?.text ?? ''}
          max={LIMITS.noteMaxLength}
          rows={3}
          submitLabel={LL.notes.save()}
          pendingLabel={LL.notes.saving()}
          counter={(count, max) => LL.notes.counter({ count, max })}
          fallbackError={LL.notes.error()}
          onSubmit={save}
          cancelLabel={LL.notes.cancel()}
          onCancel={() => setEditing(false)}
          autoFocus
        />
      ) : note ? (
        <>
          <p dir="auto" className="whitespace-pre-line break-words text-start text-fg" data-testid="note-text">
            {note.text}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              {LL.notes.edit()}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="text-danger"
              disabled={busy}
              aria-busy={busy || undefined}
              onClick={() => void deletion.trigger()}
            >
              {LL.notes.delete()}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="text-sm text-muted">{LL.notes.empty()}</p>
          <Button variant="secondary" size="sm" className="self-start" onClick={() => setEditing(true)}>
            {LL.notes.add()}
          </Button>
        </>
      )}
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </Card>
  )
}

import { useId, useRef, useState, type FormEvent } from 'react'
import { useSWRConfig } from 'swr'
import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import type { ContactsUploadReport } from '@contract/api/numbers'
import { Button } from '@/components/ui/button'
import { ApiError } from '@/lib/api'
import { isNumberPageKey } from '@/lib/page-keys'
import { UPLOAD_MAX_MB, uploadContacts } from '../api/upload-contacts'

type LLType = ReturnType<typeof useI18nContext>['LL']

const ACCEPT = '.vcf,.vcard,.csv,text/vcard,text/x-vcard,text/csv'

/** A skip reason of the upload report, in the user's language. */
export function skipReasonText(LL: LLType, reason: string): string {
  switch (reason) {
    case 'no_phone':
      return LL.contacts.skipNoPhone()
    case 'invalid_phone':
      return LL.contacts.skipInvalidPhone()
    case 'no_name':
      return LL.contacts.skipNoName()
    case 'duplicate':
      return LL.contacts.skipDuplicate()
    case 'own_number':
      return LL.contacts.skipOwnNumber()
    case 'too_many':
      return LL.contacts.skipTooMany()
    default:
      return LL.contacts.skipOther({ reason })
  }
}

/** What the server read from the uploaded book: entries read, numbers saved, and skips per reason. */
export function UploadReport({ report }: { report: ContactsUploadReport }) {
  const { LL } = useI18nContext()
  const skipped = Object.entries(report.skipped).filter(([, n]) => n > 0)
  return (
    <div className="flex flex-col gap-2 rounded-xl bg-surface-2 p-3 text-sm" data-testid="upload-report">
      <p className="font-medium">
        {LL.contacts.reportHeading()} · {report.format === 'vcard' ? LL.contacts.formatVcard() : LL.contacts.formatCsv()}
      </p>
      <ul className="flex flex-col gap-1">
        <li>{LL.contacts.read({ count: report.read })}</li>
        <li>{LL.contacts.saved({ count: report.saved })}</li>
      </ul>
      {skipped.length > 0 && (
        <>
          <p className="font-medium">{LL.contacts.skippedTitle()}</p>
          <ul className="flex list-disc flex-col gap-1 ps-5" data-testid="upload-skipped">
            {skipped.map(([reason, count]) => (
              <li key={reason}>{LL.contacts.skipped({ count, reason: skipReasonText(LL, reason) })}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}

/** The viewer uploads their own contact book (vCard or CSV); it replaces their previous upload. */
export function UploadBook({ initialReport = null }: { initialReport?: ContactsUploadReport | null }) {
  const { LL } = useI18nContext()
  const { mutate: revalidate } = useSWRConfig()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [report, setReport] = useState<ContactsUploadReport | null>(initialReport)
  /** What the form refuses before sending: no file, or one too large. */
  const [invalid, setInvalid] = useState<string | null>(null)
  const upload = useSWRMutation(
    'upload-contacts',
    async (_key, { arg: file }: { arg: File }) => {
      setReport(await uploadContacts(file, file.name))
      if (input.current) input.current.value = ''
      // The names of any number in the book may have changed.
      void revalidate((key) => isNumberPageKey(key) || (Array.isArray(key) && key[0] === 'contacts'))
    },
    { throwOnError: false },
  )
  const pending = upload.isMutating
  const refused = upload.error instanceof ApiError && upload.error.status >= 400 && upload.error.status < 500
  const error = invalid ?? (upload.error && !pending ? (refused ? LL.contacts.uploadError() : LL.contacts.uploadFailed()) : null)

  function clearError() {
    setInvalid(null)
    upload.reset()
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    const file = input.current?.files?.[0]
    clearError()
    if (!file) return setInvalid(LL.contacts.chooseFile())
    if (file.size > UPLOAD_MAX_MB * 1024 * 1024) return setInvalid(LL.contacts.tooLarge({ max: UPLOAD_MAX_MB }))
    setReport(null)
    void upload.trigger(file)
  }

  return (
    <section className="flex flex-col gap-3 border-t border-border pt-4" aria-labelledby={`${id}-title`} data-testid="upload-book">
      <h3 id={`${id}-title`} className="font-semibold">
        {LL.contacts.uploadTitle()}
      </h3>
      <p className="text-sm text-muted">{LL.contacts.uploadIntro()}</p>
      <form className="flex flex-col gap-2" onSubmit={submit} aria-busy={pending || undefined}>
        <label htmlFor={`${id}-file`} className="text-sm font-medium">
          {LL.contacts.uploadLabel()}
        </label>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept={ACCEPT}
          aria-describedby={`${id}-hint`}
          disabled={pending}
          onChange={clearError}
          className="text-sm text-fg file:me-3 file:rounded-lg file:border-0 file:bg-surface-2 file:px-3 file:py-2 file:text-fg file:hover:bg-border focus-visible:outline-2 focus-visible:outline-focus"
        />
        <p id={`${id}-hint`} className="text-sm text-muted">
          {LL.contacts.uploadHint()}
        </p>
        <Button type="submit" variant="secondary" size="sm" className="self-start" disabled={pending} aria-busy={pending || undefined}>
          {pending ? LL.contacts.uploading() : LL.contacts.upload()}
        </Button>
      </form>
      <div role="status" aria-live="polite">
        {report && <UploadReport report={report} />}
      </div>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </section>
  )
}

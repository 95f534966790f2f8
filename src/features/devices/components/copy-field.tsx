import { useI18nContext } from '@i18n/i18n-react'
import { Button } from '@/components/ui/button'
import { copyText, notifyCopied } from '@/stores/notification'

/**
 * One value to type into a device (address, user name, password): a term and its value in a
 * description list, written left to right in any language, with a Copy button named after it.
 */
export function CopyField({ label, value, testId }: { label: string; value: string | null; testId?: string }) {
  const { LL } = useI18nContext()
  const copy = async () => {
    if (value && !(await copyText(value, LL.devices.copied()))) notifyCopied(LL.notice.copyFailed())
  }
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="flex items-center gap-2">
        <code
          dir="ltr"
          data-testid={testId}
          className="min-w-0 flex-1 break-all rounded-lg bg-surface-2 px-3 py-2 text-start font-mono text-sm text-fg"
        >
          {value ?? LL.app.loading()}
        </code>
        <Button variant="secondary" size="sm" disabled={!value} onClick={() => void copy()}>
          {LL.devices.copy()}
          <span className="sr-only"> {label}</span>
        </Button>
      </dd>
    </div>
  )
}

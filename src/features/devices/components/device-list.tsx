import { useId, useRef, useState } from 'react'
import type { SWRResponse } from 'swr'
import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import type { DeviceItem, DeviceKind } from '@contract/api/device'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { DialogFooter } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { EmptyState, ErrorState } from '@/components/ui/states'
import { failureText } from '@/lib/failure-text'
import { formatDate } from '@/lib/format'
import { closeModal, openModal } from '@/stores/modal'
import { revokeDevice } from '../api/revoke-device'
import type { listDevices } from '../api/list-devices'
import { DEVICES_KEY } from '../keys'

type DeviceList = Awaited<ReturnType<typeof listDevices>>

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
]
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>()

/** "3 hours ago", "yesterday", "now" in the person's language, with Latin digits like every other count of the app. */
export function relativeTime(locale: string, atSeconds: number, nowMs: number = Date.now()): string {
  let format = relativeFormats.get(locale)
  if (!format) relativeFormats.set(locale, (format = new Intl.RelativeTimeFormat(`${locale}-u-nu-latn`, { numeric: 'auto' })))
  const diff = atSeconds - nowMs / 1000
  for (const [unit, size] of UNITS) if (Math.abs(diff) >= size) return format.format(Math.round(diff / size), unit)
  return format.format(0, 'second')
}

/** The person's devices (DESIGN.md section 10): name, kind, when made, when last used, and Revoke with a confirmation. */
export function DeviceList({ list }: { list: SWRResponse<DeviceList> }) {
  const { LL, locale } = useI18nContext()
  const id = useId()
  const title = useRef<HTMLHeadingElement>(null)
  // Said politely once the device is gone from the list; its button went with it, so focus goes to the list's title.
  const [revoked, setRevoked] = useState('')
  const revoke = useSWRMutation(DEVICES_KEY, (_key, { arg }: { arg: DeviceItem }) => revokeDevice(arg.id), {
    throwOnError: false,
    populateCache: false,
    revalidate: true,
  })
  const revokeNow = async (device: DeviceItem) => {
    setRevoked('')
    if ((await revoke.trigger(device)) === undefined) return
    setRevoked(LL.devices.revoked({ name: device.name }))
    title.current?.focus()
  }
  const kinds: Record<DeviceKind, string> = { phone: LL.devices.kindPhone(), router: LL.devices.kindRouter(), app: LL.devices.kindApp() }
  const confirm = (device: DeviceItem) =>
    openModal({
      modalId: 'device-revoke-confirm',
      title: LL.devices.revokeTitle({ name: device.name }),
      description: LL.devices.revokeText(),
      attention: true,
      body: (
        <DialogFooter>
          <Button variant="secondary" onClick={closeModal}>
            {LL.app.cancel()}
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              closeModal()
              void revokeNow(device)
            }}
          >
            {LL.devices.revoke()}
          </Button>
        </DialogFooter>
      ),
    })
  const items = list.data?.items ?? []
  return (
    <Card className="flex flex-col gap-3" data-testid="device-list">
      <h2
        id={`${id}-title`}
        ref={title}
        tabIndex={-1}
        className="text-lg font-semibold text-fg focus-visible:outline-2 focus-visible:outline-focus"
      >
        {LL.devices.list()}
      </h2>
      {list.error && !list.data ? (
        <ErrorState message={LL.app.genericError()} retryLabel={LL.app.retry()} onRetry={() => void list.mutate()} />
      ) : !list.data ? (
        <Spinner label={LL.app.loading()} className="self-start" />
      ) : items.length === 0 ? (
        <EmptyState title={LL.devices.none()} />
      ) : (
        <ul aria-labelledby={`${id}-title`} className="divide-y divide-border">
          {items.map((device) => (
            <li key={device.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3" data-testid="device">
              <div className="flex min-w-0 flex-col">
                <span className="break-words font-medium">{device.name}</span>
                <span className="text-sm text-muted">
                  {kinds[device.kind]}
                  {device.maxEntries !== null && ` · ${LL.devices.maxEntries({ count: device.maxEntries })}`}
                </span>
                <span className="text-sm text-muted">
                  {LL.devices.created({ date: formatDate(locale, new Date(device.createdAtTimestamp * 1000), { dateStyle: 'medium' }) })}
                  {' · '}
                  {device.lastUsedAtTimestamp === null
                    ? LL.devices.neverUsed()
                    : LL.devices.lastUsed({ when: relativeTime(locale, device.lastUsedAtTimestamp) })}
                </span>
              </div>
              {/* Busy, not disabled: the confirmation gives focus back to this button as it closes. */}
              <Button
                variant="danger"
                size="sm"
                className="aria-disabled:opacity-50"
                aria-disabled={revoke.isMutating || undefined}
                onClick={() => !revoke.isMutating && confirm(device)}
              >
                {LL.devices.revoke()}
                <span className="sr-only"> {device.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {revoke.error && !revoke.isMutating && (
        <p role="alert" className="text-sm text-danger">
          {failureText(revoke.error, LL.devices.revokeFailed())}
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {revoked}
      </p>
    </Card>
  )
}

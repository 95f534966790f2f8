import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { QRCodeSVG } from 'qrcode.react'
import { useSWRConfig } from 'swr'
import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import { DEVICE_NAME_MAX } from '@contract/api/device'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { failureText } from '@/lib/failure-text'
import { addDevice } from '../api/add-device'
import { DEVICES_KEY } from '../keys'
import { CLIENT_DEVICE_NAME, CLIENT_KIND, clientAddress, qrPayload, type SetupClient } from '../setup'
import { CopyField } from './copy-field'

/** A new password as it is shown: once, until hidden or the view is left; never stored. */
interface Shown {
  name: string
  user: string
  password: string
}

/**
 * The set-up of one client (DESIGN.md section 10): its steps, the address and user name to
 * type, and a button that makes a device password of the client's kind. The new password is
 * shown once, as text and as a QR code, in a region read out politely when it appears.
 */
export function ClientSetup({
  client,
  title,
  steps,
  note,
  user,
}: {
  client: SetupClient
  title: string
  steps: string[]
  note?: ReactNode
  user: string | null
}) {
  const { LL } = useI18nContext()
  const id = useId()
  const { mutate } = useSWRConfig()
  const address = clientAddress(client, window.location.origin)
  const [name, setName] = useState(CLIENT_DEVICE_NAME[client])
  const [shown, setShown] = useState<Shown | null>(null)
  const createButton = useRef<HTMLButtonElement>(null)
  const create = useSWRMutation(`device-add-${client}`, (_key: string, { arg }: { arg: string }) => addDevice(arg, CLIENT_KIND[client]), {
    throwOnError: false,
    onSuccess: (device) => {
      setShown({ name: device.name, user: device.user, password: device.password })
      void mutate(DEVICES_KEY)
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    // Busy, not disabled: the button keeps the focus while the password is made.
    if (create.isMutating || !name.trim()) return
    setShown(null)
    void create.trigger(name.trim())
  }
  const hide = () => {
    setShown(null)
    // The hide button goes with the password: focus returns to the button that made it.
    createButton.current?.focus()
  }
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4" data-testid={`setup-${client}`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-fg">
        {title}
      </h2>
      <ol className="flex list-decimal flex-col gap-1 ps-6">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      {note}
      <dl className="grid gap-3">
        <CopyField label={LL.devices.address()} value={address} />
        <CopyField label={LL.devices.user()} value={shown?.user ?? user} />
      </dl>
      <form className="flex flex-wrap items-end gap-3" onSubmit={submit} aria-labelledby={`${id}-title`}>
        <div className="flex min-w-48 flex-1 flex-col gap-1">
          <label htmlFor={`${id}-name`} className="text-sm font-medium">
            {LL.devices.deviceName()}
          </label>
          <Input
            id={`${id}-name`}
            value={name}
            maxLength={DEVICE_NAME_MAX}
            required
            onChange={(e) => setName(e.target.value)}
            autoComplete="off"
          />
        </div>
        <Button ref={createButton} type="submit" className="aria-disabled:opacity-50" aria-disabled={create.isMutating || undefined}>
          {LL.devices.create()}
        </Button>
      </form>
      {create.error && !create.isMutating && (
        <p role="alert" className="text-sm text-danger">
          {failureText(create.error, LL.devices.createFailed())}
        </p>
      )}
      {/* Always in the page, so that a screen reader announces the password when it appears in it. */}
      <div aria-live="polite" data-testid={`new-password-${client}`}>
        {shown && <NewPassword client={client} address={address} shown={shown} onHide={hide} />}
      </div>
    </section>
  )
}

function NewPassword({ client, address, shown, onHide }: { client: SetupClient; address: string; shown: Shown; onHide: () => void }) {
  const { LL } = useI18nContext()
  const id = useId()
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-xl border border-primary bg-surface p-4">
      <h3 id={`${id}-title`} className="font-semibold text-fg">
        {LL.devices.newPassword({ name: shown.name })}
      </h3>
      <p className="text-sm">{LL.devices.shownOnce()}</p>
      <div className="flex flex-wrap items-start gap-4">
        <dl className="flex min-w-0 flex-1 flex-col gap-3">
          <CopyField label={LL.devices.password()} value={shown.password} testId="device-password" />
        </dl>
        {/* A light square with a margin in both themes: scanners read dark modules on light ground. */}
        <div className="rounded-lg bg-white p-2">
          <QRCodeSVG
            value={qrPayload(client, { address, user: shown.user, password: shown.password })}
            size={160}
            role="img"
            aria-label={LL.devices.qrLabel()}
            data-testid="device-qr"
          />
        </div>
      </div>
      <Button variant="secondary" className="self-start" onClick={onHide}>
        {LL.devices.hide()}
      </Button>
    </section>
  )
}

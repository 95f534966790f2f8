import { useEffect } from 'react'
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, waitFor, within } from 'storybook/test'
import type { DeviceItem } from '@contract/api/device'
import { ERROR_CODES } from '@contract/errors'
import { ProtectYourPhone } from '@/features/devices/components/protect-your-phone'
import { SettingsPage } from '@/features/settings/settings-page'
import { openSubView } from '@/stores/settings'
import { fail, ok } from '../../support/api'
import { STORY_NOW } from '../../support/clock'
import { withAppShell } from '../../support/decorators'
import { MY_NUMBER } from '../../support/fixtures'
import { modes } from '../../support/modes'
import { findDialog } from '../../support/queries'
import { signIn } from '../../support/session'
import { translations } from '../../support/i18n'
import { myProfile } from '../paywall/fixtures'

/** Opens "Protect your phone" with the store's own flag, after the page has reset the flags as it mounts. */
const withDevicesView: Decorator = (Story) => {
  function Open() {
    useEffect(() => openSubView('openDevicesSetting'), [])
    return <Story />
  }
  return <Open />
}

const NOW_S = Math.floor(STORY_NOW / 1000)
const USER = MY_NUMBER.slice(1)
/** 43 characters, as the server makes them (32 random bytes, base64url). */
const PASSWORD = 'Xq3vN8pL2rT6yB1mK9cW4zH7dF5gJ0sA-uE_iO2nPbQ'
const DEVICES: DeviceItem[] = [
  {
    id: 3,
    name: 'Fritz!Box 7590',
    kind: 'router',
    maxEntries: 2000,
    createdAtTimestamp: NOW_S - 40 * 86_400,
    lastUsedAtTimestamp: NOW_S - 3 * 3600,
  },
  {
    id: 2,
    name: 'iPhone',
    kind: 'phone',
    maxEntries: null,
    createdAtTimestamp: NOW_S - 10 * 86_400,
    lastUsedAtTimestamp: NOW_S - 2 * 86_400,
  },
  { id: 1, name: 'SpamBlocker', kind: 'app', maxEntries: null, createdAtTimestamp: NOW_S - 3600, lastUsedAtTimestamp: null },
]

let devices: DeviceItem[] = []
let calls: string[] = []
const api = {
  'GET /api/v6/profile/my': ok(myProfile(null, false)),
  'GET /api/v6/device/list': () => ok({ items: devices, user: USER }),
  'POST /api/v6/device/add': (_url: URL, init?: RequestInit) => {
    const body = new URLSearchParams(String(init?.body))
    calls.push(`add ${body.get('kind')} ${body.get('name')}`)
    const device: DeviceItem = {
      id: 10 + devices.length,
      name: body.get('name')!,
      kind: body.get('kind') as DeviceItem['kind'],
      maxEntries: body.get('kind') === 'router' ? 2000 : null,
      createdAtTimestamp: NOW_S,
      lastUsedAtTimestamp: null,
    }
    devices = [device, ...devices]
    return ok({ ...device, user: USER, password: PASSWORD })
  },
  'POST /api/v6/device/revoke': (_url: URL, init?: RequestInit) => {
    const id = Number(new URLSearchParams(String(init?.body)).get('id'))
    calls.push(`revoke ${id}`)
    devices = devices.filter((d) => d.id !== id)
    return ok({ revoked: true })
  },
}

const meta = {
  title: 'Pages/Settings/Protect your phone',
  component: SettingsPage,
  decorators: [withDevicesView, withAppShell],
  args: { devices: <ProtectYourPhone /> },
  parameters: { layout: 'fullscreen', route: '/settings', api },
  beforeEach: () => {
    signIn()
    devices = [...DEVICES]
    calls = []
  },
} satisfies Meta<typeof SettingsPage>
export default meta
type Story = StoryObj<typeof meta>

const setUpStory = modes<Story>({
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const page = within(within(canvasElement).getByRole('main'))
    await expect(await page.findByRole('heading', { level: 1, name: LL.devices.title() })).toBeVisible()
    // One tab per platform; iPhone first, with its steps, the CardDAV address and the user name.
    const tabs = page.getByRole('tablist', { name: LL.devices.platforms() })
    await expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['iPhone', 'Android', 'Fritz!Box'])
    const iphone = page.getByTestId('setup-iphone')
    await expect(within(iphone).getByRole('heading', { level: 2, name: 'iPhone' })).toBeVisible()
    await expect(iphone).toHaveTextContent(LL.devices.iphoneStep1())
    await expect(iphone).toHaveTextContent(`${window.location.origin}/carddav/`)
    await waitFor(() => expect(iphone).toHaveTextContent(USER))
    // Android: DAVx⁵ and the apps, each with its own address.
    await userEvent.click(within(tabs).getByRole('tab', { name: 'Android' }))
    await expect(page.getByTestId('setup-davx5')).toHaveTextContent(`${window.location.origin}/carddav/`)
    await expect(page.getByTestId('setup-app')).toHaveTextContent(`${window.location.origin}/phoneblock/api/`)
    await expect(page.getByRole('heading', { level: 2, name: LL.devices.appTitle() })).toBeVisible()
    // Fritz!Box: a router password, shown once as text and as a QR code, read out politely.
    await userEvent.click(within(tabs).getByRole('tab', { name: 'Fritz!Box' }))
    const fritz = within(page.getByTestId('setup-fritzbox'))
    await expect(fritz.getByRole('textbox', { name: LL.devices.deviceName() })).toHaveValue('Fritz!Box')
    await userEvent.click(fritz.getByRole('button', { name: LL.devices.create() }))
    const shown = page.getByTestId('new-password-fritzbox')
    await expect(shown).toHaveAttribute('aria-live', 'polite')
    await expect(await within(shown).findByRole('heading', { name: LL.devices.newPassword({ name: 'Fritz!Box' }) })).toBeVisible()
    await expect(within(shown).getByTestId('device-password')).toHaveTextContent(PASSWORD)
    await expect(within(shown).getByRole('img', { name: LL.devices.qrLabel() })).toBeVisible()
    await expect(within(shown).getByRole('button', { name: `${LL.devices.copy()} ${LL.devices.password()}` })).toBeEnabled()
    await expect(calls).toEqual(['add router Fritz!Box'])
    // The new device heads the list.
    const list = page.getByTestId('device-list')
    await waitFor(() => expect(within(list).getAllByTestId('device')).toHaveLength(4))
    await expect(within(list).getAllByTestId('device')[0]).toHaveTextContent(LL.devices.neverUsed())
  },
})
export const SetUp = setUpStory.light
export const SetUpDark = setUpStory.dark
export const SetUpRtl = setUpStory.rtl
export const SetUpDarkRtl = setUpStory.darkRtl

const revokeStory = modes<Story>({
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const page = within(within(canvasElement).getByRole('main'))
    const list = within(await page.findByTestId('device-list'))
    const items = await list.findAllByTestId('device')
    await expect(items).toHaveLength(3)
    // Name, kind (a router with its cap), and use.
    await expect(items[0]).toHaveTextContent('Fritz!Box 7590')
    await expect(items[0]).toHaveTextContent(LL.devices.kindRouter())
    await expect(items[0]).toHaveTextContent(LL.devices.maxEntries({ count: 2000 }))
    // In the reader's number format, with the language's plural (English and Arabic group with a comma).
    await expect(items[0]).toHaveTextContent('2,000')
    await expect(items[1]).toHaveTextContent(LL.devices.kindPhone())
    await expect(items[2]).toHaveTextContent(LL.devices.kindApp())
    await expect(items[2]).toHaveTextContent(LL.devices.neverUsed())
    // Revoke asks first; Cancel keeps the device.
    const revoke = within(items[1]).getByRole('button', { name: `${LL.devices.revoke()} iPhone` })
    await userEvent.click(revoke)
    let dialog = await findDialog({ name: LL.devices.revokeTitle({ name: 'iPhone' }) }, { timeout: 5000 })
    await expect(dialog).toHaveAccessibleDescription(LL.devices.revokeText())
    await userEvent.click(within(dialog).getByRole('button', { name: LL.app.cancel() }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await expect(calls).toEqual([])
    await userEvent.click(revoke)
    dialog = await findDialog({ name: LL.devices.revokeTitle({ name: 'iPhone' }) })
    await userEvent.click(within(dialog).getByRole('button', { name: LL.devices.revoke() }))
    await waitFor(() => expect(list.getAllByTestId('device')).toHaveLength(2))
    await expect(calls).toEqual(['revoke 2'])
    await expect(list.getByText(LL.devices.revoked({ name: 'iPhone' }))).toBeInTheDocument()
  },
})
export const Revoke = revokeStory.light
export const RevokeDark = revokeStory.dark
export const RevokeRtl = revokeStory.rtl
export const RevokeDarkRtl = revokeStory.darkRtl

const emptyStory = modes<Story>({
  parameters: {
    api: {
      ...api,
      'GET /api/v6/device/list': ok({ items: [], user: USER }),
      'POST /api/v6/device/add': fail(409, ERROR_CODES.DEVICES_FULL, 'You have 20 devices; revoke one first'),
    },
  },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const page = within(within(canvasElement).getByRole('main'))
    await expect(await page.findByText(LL.devices.none())).toBeVisible()
    // A refusal is said under the button, in the reader's language by its code.
    await userEvent.click(within(page.getByTestId('setup-iphone')).getByRole('button', { name: LL.devices.create() }))
    await expect(await page.findByRole('alert')).toHaveTextContent(LL.apiError.code.DEVICES_FULL())
    await expect(page.getByTestId('new-password-iphone')).toBeEmptyDOMElement()
  },
})
export const Empty = emptyStory.light
export const EmptyDark = emptyStory.dark
export const EmptyRtl = emptyStory.rtl
export const EmptyDarkRtl = emptyStory.darkRtl

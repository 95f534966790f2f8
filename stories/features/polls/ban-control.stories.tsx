import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { BanControl } from '@/features/polls/components/ban-control'
import { fail, ok } from '../../support/api'
import { withAppShell } from '../../support/decorators'
import { modes } from '../../support/modes'
import { signIn } from '../../support/session'
import { translations } from '../../support/i18n'
import { state, taggedNumber } from './fixtures'
import { statusSaying, findDialog } from '../../support/queries'

/** Block / unblock: one toggle button; after a block the onBan poll opens in the modal. */
const meta = {
  title: 'Polls/Ban control',
  component: BanControl,
  decorators: [withAppShell],
  parameters: { layout: 'fullscreen' },
  beforeEach: () => signIn(),
} satisfies Meta<typeof BanControl>
export default meta
type Story = StoryObj<typeof meta>

const notBanned = modes<Story>({
  args: { data: { ...taggedNumber(), common: { ...taggedNumber().common, isBanned: false } } },
  parameters: { api: { 'POST /api/v6/ban/add': ok(state({ bans: 5, isBanned: true, index: 1.8, pollAnswers: [] })) } },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const view = within(canvasElement)
    const block = view.getByRole('button', { name: LL.polls.block() })
    await expect(block).toHaveAttribute('aria-pressed', 'false')
    await userEvent.click(block)
    await waitFor(() => expect(block).toHaveAttribute('aria-pressed', 'true'))
    // The onBan poll: a modal with a title and the tag picker.
    const dialog = await findDialog({ name: LL.polls.blocked() })
    await expect(within(dialog).getByRole('form', { name: LL.polls.banPoll() })).toBeVisible()
    await userEvent.click(within(dialog).getByRole('button', { name: LL.polls.later() }))
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull())
    await expect(view.getByText(LL.polls.blocked())).toBeVisible()
  },
})
export const NotBlocked = notBanned.light
export const NotBlockedDark = notBanned.dark
export const NotBlockedRtl = notBanned.rtl
export const NotBlockedDarkRtl = notBanned.darkRtl

const banned = modes<Story>({
  args: { data: { ...taggedNumber(), common: { ...taggedNumber().common, isBanned: true } } },
  parameters: { api: { 'POST /api/v6/ban/remove': ok(state({ bans: 3, isBanned: false })) } },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const view = within(canvasElement)
    const block = view.getByRole('button', { name: LL.polls.block() })
    await expect(block).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(block)
    await waitFor(() => expect(block).toHaveAttribute('aria-pressed', 'false'))
    await waitFor(() => expect(statusSaying(view, LL.polls.unblocked())).toHaveTextContent(LL.polls.unblocked()))
    // Unblocking asks nothing.
    await expect(within(document.body).queryByRole('dialog')).toBeNull()
  },
})
export const Blocked = banned.light
export const BlockedDark = banned.dark
export const BlockedRtl = banned.rtl
export const BlockedDarkRtl = banned.darkRtl

const failed = modes<Story>({
  args: { data: taggedNumber() },
  parameters: { api: { 'POST /api/v6/ban/add': fail(500) } },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const view = within(canvasElement)
    const block = view.getByRole('button', { name: LL.polls.block() })
    await userEvent.click(block)
    await expect(await view.findByRole('alert')).toHaveTextContent(LL.polls.blockError())
    await expect(block).toHaveAttribute('aria-pressed', 'false')
  },
})
export const BlockFailed = failed.light
export const BlockFailedDark = failed.dark
export const BlockFailedRtl = failed.rtl
export const BlockFailedDarkRtl = failed.darkRtl

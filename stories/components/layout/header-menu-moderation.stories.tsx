import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, within } from 'storybook/test'
import type { MyProfile } from '@contract/api/account'
import { Header } from '@/components/layout/header'
import { ok } from '../../support/api'
import { MY_NUMBER } from '../../support/fixtures'
import { modes } from '../../support/modes'
import { signIn } from '../../support/session'
import { translations } from '../../support/i18n'

/** The header menu offers the moderation page to moderators and administrators only. */
const meta = {
  title: 'Layout/Header/Moderation entry',
  component: Header,
  parameters: { layout: 'fullscreen', route: '/search' },
  beforeEach: () => signIn(),
} satisfies Meta<typeof Header>
export default meta
type Story = StoryObj<typeof meta>

const me = (role: MyProfile['role']): MyProfile => ({
  profileId: 7,
  phoneNumber: MY_NUMBER,
  firstName: null,
  lastName: null,
  role,
  balance: 12,
  locale: 'en',
  antispy: false,
  profileGoing: true,
  overlimit: false,
  isPro: false,
  planTier: null,
  createdAtTimestamp: 1_700_000_000,
})

async function openMenu(
  canvasElement: HTMLElement,
  LL: ReturnType<typeof translations>,
  userEvent: { click: (el: Element) => Promise<void> },
) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: LL.header.more() }))
  const menu = within(await screen.findByRole('menu', {}, { timeout: 5000 }))
  // The last item that always shows: once it is there, the menu has rendered.
  await expect(menu.getByRole('menuitem', { name: LL.header.settings() })).toBeVisible()
  return menu
}

const moderatorStory = modes<Story>({
  parameters: { api: { 'GET /api/v6/profile/my': ok(me('admin')) } },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const menu = await openMenu(canvasElement, LL, userEvent)
    await expect(await menu.findByRole('menuitem', { name: LL.moderation.menu() })).toBeVisible()
  },
})
export const ForModerator = moderatorStory.light
export const ForModeratorDark = moderatorStory.dark
export const ForModeratorRtl = moderatorStory.rtl
export const ForModeratorDarkRtl = moderatorStory.darkRtl

const userStory = modes<Story>({
  parameters: { api: { 'GET /api/v6/profile/my': ok(me('user'), 50) } },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const menu = await openMenu(canvasElement, LL, userEvent)
    // Give the profile time to arrive: the item still must not appear.
    await new Promise((r) => setTimeout(r, 300))
    await expect(menu.queryByRole('menuitem', { name: LL.moderation.menu() })).toBeNull()
  },
})
export const ForUser = userStory.light
export const ForUserDark = userStory.dark
export const ForUserRtl = userStory.rtl
export const ForUserDarkRtl = userStory.darkRtl

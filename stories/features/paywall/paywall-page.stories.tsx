import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { PaywallPage } from '@/features/paywall/paywall-page'
import { ok } from '../../support/api'
import { withAppShell } from '../../support/decorators'
import { modes } from '../../support/modes'
import { signIn } from '../../support/session'
import { translations } from '../../support/i18n'

const meta = {
  title: 'Pages/Paywall',
  component: PaywallPage,
  decorators: [withAppShell],
  args: { kind: 'tiers' },
  parameters: { layout: 'fullscreen', route: '/paywall', api: { 'GET /api/v6/numcy/balance': ok({ balance: 42 }) } },
} satisfies Meta<typeof PaywallPage>
export default meta
type Story = StoryObj<typeof meta>

const tiersStory = modes<Story>({
  beforeEach: () => signIn(),
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(page.getByRole('heading', { level: 1, name: LL.paywall.title() })).toBeVisible()
    await expect(page.getByText(LL.paywall.intro())).toBeVisible()
    await expect(await page.findByText(LL.paywall.balance({ balance: 42 }))).toBeVisible()
  },
})
export const PlansSignedIn = tiersStory.light
export const PlansSignedInDark = tiersStory.dark
export const PlansSignedInRtl = tiersStory.rtl
export const PlansSignedInDarkRtl = tiersStory.darkRtl

const coinsStory = modes<Story>({
  args: { kind: 'numcy' },
  parameters: { route: '/paywall/numcy' },
  beforeEach: () => signIn(),
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(page.getByRole('heading', { level: 1, name: LL.paywall.numcyTitle() })).toBeVisible()
    await expect(page.getByText(LL.paywall.numcyIntro())).toBeVisible()
    await expect(await page.findByText(LL.paywall.balance({ balance: 42 }))).toBeVisible()
  },
})
export const Coins = coinsStory.light
export const CoinsDark = coinsStory.dark
export const CoinsRtl = coinsStory.rtl
export const CoinsDarkRtl = coinsStory.darkRtl

const signedOutStory = modes<Story>({
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(page.getByRole('heading', { level: 1, name: LL.paywall.title() })).toBeVisible()
    // Signed out there is no balance to show.
    await expect(page.queryByText(LL.paywall.balance({ balance: 42 }))).toBeNull()
  },
})
export const PlansSignedOut = signedOutStory.light
export const PlansSignedOutDark = signedOutStory.dark
export const PlansSignedOutRtl = signedOutStory.rtl
export const PlansSignedOutDarkRtl = signedOutStory.darkRtl

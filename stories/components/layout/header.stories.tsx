import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, within } from 'storybook/test'
import { Header } from '@/components/layout/header'
import { ok } from '../../support/api'
import { modes } from '../../support/modes'
import { signIn } from '../../support/session'
import { translations } from '../../support/i18n'

const meta = { title: 'Layout/Header', component: Header, parameters: { layout: 'fullscreen' } } satisfies Meta<typeof Header>
export default meta
type Story = StoryObj<typeof meta>

const signedOutStory = modes<Story>({
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const nav = within(canvasElement).getByRole('navigation', { name: LL.app.name() })
    const header = within(nav)
    await expect(header.getByRole('link', { name: LL.header.home() })).toHaveAttribute('href', '/search')
    await expect(header.getByRole('link', { name: LL.header.settings() })).toHaveAttribute('href', '/settings')
    await expect(header.getByRole('link', { name: LL.header.login() })).toHaveAttribute('href', '/login')
    await expect(header.getByRole('button', { name: LL.header.more() })).toHaveAttribute('aria-haspopup', 'menu')
    // Signed out there is no back button, wallet or profile.
    await expect(header.queryByRole('button', { name: LL.app.back() })).toBeNull()
    await expect(header.queryByRole('link', { name: LL.header.wallet() })).toBeNull()
  },
})
export const SignedOut = signedOutStory.light
export const SignedOutDark = signedOutStory.dark
export const SignedOutRtl = signedOutStory.rtl
export const SignedOutDarkRtl = signedOutStory.darkRtl

const signedInStory = modes<Story>({
  parameters: { route: '/search' },
  beforeEach: () => signIn(),
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const header = within(canvasElement)
    // Every icon-only control has a name a screen reader can announce.
    await expect(header.getByRole('button', { name: LL.app.back() })).toBeVisible()
    await expect(header.getByRole('link', { name: LL.header.wallet() })).toHaveAttribute('href', '/paywall')
    await expect(header.getByRole('link', { name: LL.header.settings() })).toBeVisible()
    await expect(header.getByRole('link', { name: LL.header.profile() })).toHaveAttribute('href', '/number/my')
    await expect(header.getByRole('button', { name: LL.header.more() })).toBeVisible()
    await expect(header.queryByRole('link', { name: LL.header.login() })).toBeNull()
    await expect(header.queryByTestId('coin-balance')).toBeNull()
  },
})
export const SignedIn = signedInStory.light
export const SignedInDark = signedInStory.dark
export const SignedInRtl = signedInStory.rtl
export const SignedInDarkRtl = signedInStory.darkRtl

const ownNumberStory = modes<Story>({
  parameters: { route: '/number/my', api: { 'GET /api/v6/numcy/balance': ok({ balance: 1200 }) } },
  beforeEach: () => signIn({ coins: 3 }),
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const header = within(canvasElement)
    // On the own number the balance is fetched (the loader shows for at least 750 ms).
    const balance = await header.findByRole('link', { name: LL.header.balance({ balance: 1200 }) }, { timeout: 3000 })
    await expect(balance).toHaveAttribute('href', '/paywall')
    // In the reader's number format (English and Arabic group with a comma, Latin digits).
    await expect(balance).toHaveAccessibleName(expect.stringContaining('1,200'))
    await expect(balance).toHaveTextContent('1,200')
  },
})
export const OwnNumberWithCoins = ownNumberStory.light
export const OwnNumberWithCoinsDark = ownNumberStory.dark
export const OwnNumberWithCoinsRtl = ownNumberStory.rtl
export const OwnNumberWithCoinsDarkRtl = ownNumberStory.darkRtl

const menuStory = modes<Story>({
  parameters: { route: '/number/12015550166' },
  beforeEach: () => signIn(),
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    // The menu loads on first use, then opens with focus on its trigger.
    await userEvent.click(within(canvasElement).getByRole('button', { name: LL.header.more() }))
    const menu = await screen.findByRole('menu', {}, { timeout: 5000 })
    const menuItems = within(menu)
    await expect(menuItems.getByRole('menuitem', { name: LL.header.addToContacts() })).toHaveAttribute('href', 'tel:+12015550166')
    await expect(menuItems.getByRole('menuitem', { name: LL.header.share() })).toBeVisible()
    await expect(menuItems.getByRole('menuitem', { name: LL.header.copyNumber() })).toBeVisible()
    await expect(menuItems.getByRole('menuitem', { name: LL.header.settings() })).toBeVisible()
  },
})
export const MenuOnNumberPage = menuStory.light
export const MenuOnNumberPageDark = menuStory.dark
export const MenuOnNumberPageRtl = menuStory.rtl
export const MenuOnNumberPageDarkRtl = menuStory.darkRtl

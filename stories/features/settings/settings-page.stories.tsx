import { useEffect } from 'react'
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, waitFor, within } from 'storybook/test'
import { CurrentPlan } from '@/features/paywall/components/current-plan'
import { SettingsPage } from '@/features/settings/settings-page'
import { openSubView, type SubViewFlag } from '@/stores/settings'
import { ok } from '../../support/api'
import { withAppShell } from '../../support/decorators'
import { modes } from '../../support/modes'
import { signIn } from '../../support/session'
import { translations } from '../../support/i18n'
import { myProfile, subscription } from '../paywall/fixtures'

/**
 * Opens the sub-views named in `parameters.subViews` with the store's own flags. The
 * page resets the flags when it mounts; this runs after that (a parent's effects run
 * after its children's), as a click on an entry would.
 */
const withSubViews: Decorator = (Story, { parameters }) => {
  function OpenSubViews() {
    useEffect(() => {
      for (const flag of (parameters.subViews ?? []) as SubViewFlag[]) openSubView(flag)
    }, [])
    return <Story />
  }
  return <OpenSubViews />
}

const meta = {
  title: 'Pages/Settings',
  component: SettingsPage,
  decorators: [withSubViews, withAppShell],
  parameters: { layout: 'fullscreen', route: '/settings', api: { 'POST /api/v6/auth/logout': ok({}) } },
  beforeEach: () => signIn(),
} satisfies Meta<typeof SettingsPage>
export default meta
type Story = StoryObj<typeof meta>

const mainStory = modes<Story>({
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(within(canvasElement).getByRole('main'))
    await expect(page.getByRole('heading', { level: 1, name: LL.settings.title() })).toBeVisible()
    for (const name of [LL.settings.language(), LL.settings.theme(), LL.settings.privacy(), LL.settings.payment()]) {
      await expect(page.getByRole('button', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })).toBeVisible()
    }
    await expect(page.getByRole('button', { name: LL.header.logout() })).toBeVisible()
    // Named apart from the header's history Back button.
    await expect(page.getByRole('button', { name: LL.settings.closeSettings() })).toBeVisible()
    await expect(page.queryByRole('button', { name: LL.app.back() })).toBeNull()
  },
})
export const Main = mainStory.light
export const MainDark = mainStory.dark
export const MainRtl = mainStory.rtl
export const MainDarkRtl = mainStory.darkRtl

const languageStory = modes<Story>({
  parameters: { subViews: ['openLangSetting'] },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(await page.findByRole('heading', { level: 1, name: LL.settings.language() })).toBeVisible()
    const list = page.getByRole('list', { name: LL.settings.language() })
    await expect(within(list).getAllByRole('button')).toHaveLength(22)
    // The current language is the pressed one.
    const pressed = within(list).getAllByRole('button', { pressed: true })
    await expect(pressed).toHaveLength(1)
    await expect(pressed[0]).toHaveAttribute('lang', String(globals.locale))
  },
})
export const Language = languageStory.light
export const LanguageDark = languageStory.dark
export const LanguageRtl = languageStory.rtl
export const LanguageDarkRtl = languageStory.darkRtl

const themeStory = modes<Story>({
  parameters: { subViews: ['openThemeChangeSetting'] },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    const group = await page.findByRole('group', { name: LL.settings.theme() })
    const current = globals.theme === 'dark' ? LL.settings.themeDark() : LL.settings.themeLight()
    await expect(within(group).getByRole('button', { name: current })).toHaveAttribute('aria-pressed', 'true')
  },
})
export const Theme = themeStory.light
export const ThemeDark = themeStory.dark
export const ThemeRtl = themeStory.rtl
export const ThemeDarkRtl = themeStory.darkRtl

const privacyStory = modes<Story>({
  parameters: { subViews: ['openPrivacySetting'] },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(await page.findByRole('heading', { level: 1, name: LL.settings.privacy() })).toBeVisible()
    await expect(page.getByRole('button', { name: LL.settings.fullDelete() })).toBeVisible()
  },
})
export const Privacy = privacyStory.light
export const PrivacyDark = privacyStory.dark
export const PrivacyRtl = privacyStory.rtl
export const PrivacyDarkRtl = privacyStory.darkRtl

const fullDeleteStory = modes<Story>({
  parameters: { subViews: ['openPrivacySetting', 'openPrivacyFullDelete'] },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const page = within(within(canvasElement).getByRole('main'))
    // The full-delete view has no visible title, only one for screen readers.
    await expect(await page.findByRole('heading', { level: 1, name: LL.settings.fullDelete() })).toBeInTheDocument()
    await expect(page.getByText(LL.settings.fullDeleteText())).toBeVisible()
    // Back closes the most specific view first: full delete, then privacy.
    await userEvent.click(page.getByRole('button', { name: LL.settings.backToSettings() }))
    await expect(await page.findByRole('heading', { level: 1, name: LL.settings.privacy() })).toBeVisible()
    await userEvent.click(page.getByRole('button', { name: LL.settings.backToSettings() }))
    await expect(await page.findByRole('heading', { level: 1, name: LL.settings.title() })).toBeVisible()
    await expect(page.getByRole('button', { name: LL.settings.closeSettings() })).toBeVisible()
  },
})
export const FullDelete = fullDeleteStory.light
export const FullDeleteDark = fullDeleteStory.dark
export const FullDeleteRtl = fullDeleteStory.rtl
export const FullDeleteDarkRtl = fullDeleteStory.darkRtl

let overlimitCalls: string[] = []
const paymentStory = modes<Story>({
  // The route composes the paywall's plan card into this sub-view.
  args: { plan: <CurrentPlan /> },
  parameters: {
    subViews: ['openPaymentAdditionalFunction'],
    api: {
      'GET /api/v6/profile/my': ok(myProfile(null, false)),
      'GET /api/v6/subscription/get': ok(subscription({ tier: 'tier2', period: 'year' })),
      'POST /api/v6/params/overlimit': () => {
        overlimitCalls.push('on')
        return ok({ overlimit: true })
      },
      'POST /api/v6/params/overlimit/disable': () => {
        overlimitCalls.push('off')
        return ok({ overlimit: false })
      },
    },
  },
  beforeEach: () => {
    overlimitCalls = []
  },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(await page.findByRole('heading', { level: 1, name: LL.settings.payment() })).toBeVisible()
    await expect(page.getByText(LL.settings.paymentText())).toBeVisible()
    // Paid searches, as the server has them; each change is saved there.
    const overlimit = await page.findByRole('switch', { name: LL.money.overlimit() })
    await expect(overlimit).toHaveAccessibleDescription(LL.money.overlimitText())
    await expect(overlimit).toHaveAttribute('aria-checked', 'false')
    await userEvent.click(overlimit)
    await waitFor(() => expect(overlimit).toHaveAttribute('aria-checked', 'true'))
    await waitFor(() => expect(overlimit).toBeEnabled())
    await userEvent.click(overlimit)
    await waitFor(() => expect(overlimit).toHaveAttribute('aria-checked', 'false'))
    await expect(overlimitCalls).toEqual(['on', 'off'])
    await expect(page.getByRole('link', { name: LL.money.plansLink() })).toHaveAttribute('href', '/paywall')
    // The plan in force, with its renewal switch.
    const plan = within(page.getByTestId('current-plan'))
    await expect(await plan.findByText(LL.paywall.planOf({ plan: LL.paywall.tier2(), period: LL.paywall.yearly() }))).toBeVisible()
    await expect(plan.getByRole('button', { name: LL.paywall.cancel() })).toBeVisible()
  },
})
export const Payment = paymentStory.light
export const PaymentDark = paymentStory.dark
export const PaymentRtl = paymentStory.rtl
export const PaymentDarkRtl = paymentStory.darkRtl

const signOutStory = modes<Story>({
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    await userEvent.click(within(within(canvasElement).getByRole('main')).getByRole('button', { name: LL.header.logout() }))
    // The modal code loads the first time a modal opens.
    const dialog = await screen.findByRole('dialog', { name: LL.settings.signOutTitle() }, { timeout: 5000 })
    await expect(dialog).toHaveAccessibleDescription(LL.settings.signOutText())
    await expect(within(dialog).getByRole('button', { name: LL.app.cancel() })).toBeVisible()
    await expect(within(dialog).getByRole('button', { name: LL.header.logout() })).toBeVisible()
  },
})
export const SignOutConfirmation = signOutStory.light
export const SignOutConfirmationDark = signOutStory.dark
export const SignOutConfirmationRtl = signOutStory.rtl
export const SignOutConfirmationDarkRtl = signOutStory.darkRtl

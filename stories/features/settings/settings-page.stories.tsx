import { useEffect } from 'react'
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, waitFor, within } from 'storybook/test'
import type { LedgerEntry, NotificationSettings } from '@contract/api/privacy'
import { SUPPORTED_LOCALES } from '@contract/constants'
import { CurrentPlan } from '@/features/paywall/components/current-plan'
import { PaidSearchSwitch } from '@/features/search/components/paid-search-switch'
import { SettingsPage } from '@/features/settings/settings-page'
import { auth } from '@/stores/auth'
import { openSubView, type SubViewFlag } from '@/stores/settings'
import { setTheme, theme } from '@/stores/theme'
import { fail, ok } from '../../support/api'
import { STORY_NOW } from '../../support/clock'
import { withAppShell } from '../../support/decorators'
import { modes } from '../../support/modes'
import { findDialog } from '../../support/queries'
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
  beforeEach: ({ globals }) => {
    signIn()
    // The mode's theme as a choice, not the device's: the theme entry and sub-view show which.
    setTheme(globals.theme === 'dark' ? 'dark' : 'light')
  },
} satisfies Meta<typeof SettingsPage>
export default meta
type Story = StoryObj<typeof meta>

const mainStory = modes<Story>({
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(within(canvasElement).getByRole('main'))
    await expect(page.getByRole('heading', { level: 1, name: LL.settings.title() })).toBeVisible()
    for (const name of [
      LL.settings.language(),
      LL.settings.theme(),
      LL.settings.privacy(),
      LL.settings.notifications(),
      LL.settings.payment(),
    ]) {
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
    const buttons = within(list).getAllByRole('button')
    await expect(buttons).toHaveLength(SUPPORTED_LOCALES.length)
    // Each with its flag, a decoration: the name is the text.
    const flags = list.querySelectorAll('img')
    await expect(flags).toHaveLength(SUPPORTED_LOCALES.length)
    for (const flag of flags) {
      await expect(flag).toHaveAttribute('alt', '')
      await expect(flag.getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
    }
    // Names in their own language; `ru` is the international Russian.
    await expect(list.querySelector('button[lang="ru"]')).toHaveTextContent('Русский (международный)')
    await expect(list.querySelector('button[lang="ru-RU"]')).toHaveTextContent(/^Русский \(Россия\)/)
    await expect(list.querySelector('button[lang="fr-fr"]')).toHaveTextContent(/^Français/)
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
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    const group = await page.findByRole('group', { name: LL.settings.theme() })
    await expect(group).toHaveAccessibleDescription(LL.settings.themeSystemText())
    const current = globals.theme === 'dark' ? LL.settings.themeDark() : LL.settings.themeLight()
    const other = globals.theme === 'dark' ? LL.settings.themeLight() : LL.settings.themeDark()
    await expect(within(group).getByRole('button', { name: current })).toHaveAttribute('aria-pressed', 'true')
    // Choosing the other theme changes the page at once and is remembered.
    await userEvent.click(within(group).getByRole('button', { name: other }))
    await expect(document.documentElement.classList.contains('dark')).toBe(globals.theme !== 'dark')
    await expect(localStorage.getItem('theme')).toBe(globals.theme === 'dark' ? 'light' : 'dark')
    // System: follows the device (light in the test browser); nothing stored, as before it could be chosen.
    await userEvent.click(within(group).getByRole('button', { name: LL.settings.themeSystem() }))
    await expect(within(group).getByRole('button', { name: LL.settings.themeSystem() })).toHaveAttribute('aria-pressed', 'true')
    await expect(theme.themeName).toBe(window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light')
    await expect(localStorage.getItem('theme')).toBeNull()
    // The story's own theme again, as the page had it before.
    await userEvent.click(within(group).getByRole('button', { name: current }))
    await expect(within(group).getByRole('button', { name: current })).toHaveAttribute('aria-pressed', 'true')
  },
})
export const Theme = themeStory.light
export const ThemeDark = themeStory.dark
export const ThemeRtl = themeStory.rtl
export const ThemeDarkRtl = themeStory.darkRtl

let privacyCalls: string[] = []
const privacyStory = modes<Story>({
  parameters: {
    subViews: ['openPrivacySetting'],
    api: {
      'GET /api/v6/profile/my': ok(myProfile(null, false)),
      'POST /api/v2/param/antispy': (_url: URL, init?: RequestInit) => {
        privacyCalls.push(`antispy ${String(init?.body)}`)
        return ok({ antispy: String(init?.body) === 'value=1' })
      },
      // The server refuses: the switch stays as it was and says so.
      'POST /api/v2/param/profile_going': (_url: URL, init?: RequestInit) => {
        privacyCalls.push(`profile_going ${String(init?.body)}`)
        return fail(503, 503, '')
      },
    },
  },
  beforeEach: () => {
    privacyCalls = []
  },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(await page.findByRole('heading', { level: 1, name: LL.settings.privacy() })).toBeVisible()
    // Each switch as the server has it, explained in one sentence.
    const antispy = await page.findByRole('switch', { name: LL.settings.antispy() })
    await expect(antispy).toHaveAccessibleDescription(LL.settings.antispyText())
    await expect(antispy).toHaveAttribute('aria-checked', 'false')
    const listed = page.getByRole('switch', { name: LL.settings.profileGoing() })
    await expect(listed).toHaveAccessibleDescription(LL.settings.profileGoingText())
    await expect(listed).toHaveAttribute('aria-checked', 'true')
    await userEvent.click(antispy)
    await waitFor(() => expect(antispy).toHaveAttribute('aria-checked', 'true'))
    await userEvent.click(listed)
    await expect(await page.findByRole('alert')).toHaveTextContent(LL.settings.saveFailed())
    await expect(listed).toHaveAttribute('aria-checked', 'true')
    await expect(privacyCalls).toEqual(['antispy value=1', 'profile_going flag=0'])
    // The ways on: full deletion and deactivation.
    await expect(page.getByRole('button', { name: LL.settings.fullDelete() })).toBeVisible()
    await expect(page.getByRole('button', { name: LL.settings.deactivate() })).toBeEnabled()
  },
})
export const Privacy = privacyStory.light
export const PrivacyDark = privacyStory.dark
export const PrivacyRtl = privacyStory.rtl
export const PrivacyDarkRtl = privacyStory.darkRtl

let deleteCalls = 0
const fullDeleteStory = modes<Story>({
  parameters: {
    subViews: ['openPrivacySetting', 'openPrivacyFullDelete'],
    api: {
      // The first run deletes; a second finds nothing left.
      'POST /api/v6/privacy/delete': () =>
        ok({
          deleted:
            deleteCalls++ === 0 ? { history: 3, contacts: 12, notes: 1, lookups: 5 } : { history: 0, contacts: 0, notes: 0, lookups: 0 },
        }),
    },
  },
  beforeEach: () => {
    deleteCalls = 0
  },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const page = within(within(canvasElement).getByRole('main'))
    // Its own title, shown like every sub-view's (issue 33).
    await expect(await page.findByRole('heading', { level: 1, name: LL.settings.fullDelete() })).toBeVisible()
    // What goes and what stays, before anything is confirmed.
    const goes = page.getByRole('list', { name: LL.settings.fullDeleteGoes() })
    await expect(
      within(goes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([LL.settings.goesHistory(), LL.settings.goesContacts(), LL.settings.goesNotes()])
    const stays = page.getByRole('list', { name: LL.settings.fullDeleteStays() })
    await expect(
      within(stays)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([LL.settings.staysBalance(), LL.settings.staysPurchases(), LL.settings.staysComments()])
    await expect(deleteCalls).toBe(0)
    // Cancel in the confirmation deletes nothing.
    await userEvent.click(page.getByRole('button', { name: LL.settings.fullDeleteButton() }))
    let dialog = await findDialog({ name: LL.settings.fullDeleteConfirmTitle() }, { timeout: 5000 })
    await expect(dialog).toHaveAccessibleDescription(LL.settings.fullDeleteConfirmText())
    await userEvent.click(within(dialog).getByRole('button', { name: LL.app.cancel() }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await expect(deleteCalls).toBe(0)
    // Confirmed: the counts the server answered.
    await userEvent.click(page.getByRole('button', { name: LL.settings.fullDeleteButton() }))
    dialog = await findDialog({ name: LL.settings.fullDeleteConfirmTitle() })
    await userEvent.click(within(dialog).getByRole('button', { name: LL.settings.fullDeleteConfirm() }))
    const result = page.getByTestId('full-delete-result')
    await expect(await within(result).findByText(LL.settings.deletedHistory({ count: 3 }))).toBeVisible()
    await expect(within(result).getByText(LL.settings.deletedLookups({ count: 5 }))).toBeVisible()
    await expect(within(result).getByText(LL.settings.deletedContacts({ count: 12 }))).toBeVisible()
    await expect(within(result).getByText(LL.settings.deletedNotes({ count: 1 }))).toBeVisible()
    await expect(result).toHaveAttribute('role', 'status')
    // Again: nothing was left.
    await userEvent.click(page.getByRole('button', { name: LL.settings.fullDeleteButton() }))
    dialog = await findDialog({ name: LL.settings.fullDeleteConfirmTitle() })
    await userEvent.click(within(dialog).getByRole('button', { name: LL.settings.fullDeleteConfirm() }))
    await expect(await within(result).findByText(LL.settings.nothingLeft())).toBeVisible()
    await expect(deleteCalls).toBe(2)
    // The confirmation gives focus back to the button that opened it.
    await waitFor(() => expect(page.getByRole('button', { name: LL.settings.fullDeleteButton() })).toHaveFocus())
  },
})
export const FullDelete = fullDeleteStory.light
export const FullDeleteDark = fullDeleteStory.dark
export const FullDeleteRtl = fullDeleteStory.rtl
export const FullDeleteDarkRtl = fullDeleteStory.darkRtl

const backStory = modes<Story>({
  parameters: { subViews: ['openPrivacySetting', 'openPrivacyFullDelete'], api: { 'GET /api/v6/profile/my': ok(myProfile(null, false)) } },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const page = within(within(canvasElement).getByRole('main'))
    await expect(await page.findByRole('heading', { level: 1, name: LL.settings.fullDelete() })).toBeVisible()
    // Back closes the most specific view first: full delete (the header's Back), then privacy (the panel's).
    const header = within(within(canvasElement).getByRole('banner'))
    await userEvent.click(header.getByRole('button', { name: LL.app.back() }))
    await expect(await page.findByRole('heading', { level: 1, name: LL.settings.privacy() })).toBeVisible()
    await userEvent.click(page.getByRole('button', { name: LL.settings.backToSettings() }))
    await expect(await page.findByRole('heading', { level: 1, name: LL.settings.title() })).toBeVisible()
    await expect(page.getByRole('button', { name: LL.settings.closeSettings() })).toBeVisible()
  },
})
export const BackSteps = backStory.light
export const BackStepsDark = backStory.dark
export const BackStepsRtl = backStory.rtl
export const BackStepsDarkRtl = backStory.darkRtl

const DAY_S = 86_400
const NOW_S = Math.floor(STORY_NOW / 1000)
/** 23 ledger rows, newest first: a page of 20 and 3 behind "Show more". */
const LEDGER: LedgerEntry[] = [
  { id: 23, delta: -1, balanceAfter: 112, reason: 'paid_search', createdAtTimestamp: NOW_S - 3600 },
  { id: 22, delta: 100, balanceAfter: 113, reason: 'purchase', createdAtTimestamp: NOW_S - DAY_S },
  { id: 21, delta: -10, balanceAfter: 13, reason: 'comment_hide', createdAtTimestamp: NOW_S - 2 * DAY_S },
  { id: 20, delta: 5, balanceAfter: 23, reason: 'some_future_reason', createdAtTimestamp: NOW_S - 3 * DAY_S },
  ...Array.from({ length: 19 }, (_, i): LedgerEntry => ({
    id: 19 - i,
    delta: -1,
    balanceAfter: 18 + i,
    reason: 'paid_search',
    createdAtTimestamp: NOW_S - (4 + i) * DAY_S,
  })),
]
const ledgerPage = (url: URL) => {
  const offset = Number(url.searchParams.get('offset') ?? 0)
  const limit = Number(url.searchParams.get('limit') ?? 20)
  return ok({ items: LEDGER.slice(offset, offset + limit), total: LEDGER.length })
}

let overlimitCalls: string[] = []
const paymentStory = modes<Story>({
  // The route composes the paywall's plan card and the search page's paid-search switch into this sub-view.
  args: { plan: <CurrentPlan />, paidSearch: <PaidSearchSwitch /> },
  parameters: {
    subViews: ['openPaymentAdditionalFunction'],
    api: {
      'GET /api/v6/numcy/ledger': ledgerPage,
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
    await expect(page.queryByRole('switch', { name: LL.money.paidSearch() })).toBeNull()
    await userEvent.click(overlimit)
    await waitFor(() => expect(overlimit).toHaveAttribute('aria-checked', 'true'))
    // Paid searches allowed: the paid-search switch appears here too.
    await expect(page.getByRole('switch', { name: LL.money.paidSearch() })).toBeVisible()
    await waitFor(() => expect(overlimit).toBeEnabled())
    await userEvent.click(overlimit)
    await waitFor(() => expect(overlimit).toHaveAttribute('aria-checked', 'false'))
    await expect(overlimitCalls).toEqual(['on', 'off'])
    // The coin ledger: reasons in words, signed amounts, balance after, dates; 20 first, then the rest.
    const ledger = within(page.getByTestId('coin-ledger'))
    const list = await ledger.findByRole('list', { name: LL.settings.ledger() })
    await expect(within(list).getAllByRole('listitem')).toHaveLength(20)
    const first = within(list).getAllByRole('listitem')[0]
    await expect(first).toHaveTextContent(LL.settings.ledgerReason.paid_search())
    await expect(first).toHaveTextContent('-1')
    await expect(first).toHaveTextContent(LL.settings.ledgerBalanceAfter({ balance: 112 }))
    await expect(first.querySelector('time')).toHaveAttribute('dateTime', new Date((NOW_S - 3600) * 1000).toISOString())
    await expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent(LL.settings.ledgerReason.purchase())
    await expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('+100')
    await expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent(LL.settings.ledgerReason.comment_hide())
    // A reason this app does not know yet still reads as words.
    await expect(within(list).getAllByRole('listitem')[3]).toHaveTextContent(LL.settings.ledgerReason.other())
    await userEvent.click(ledger.getByRole('button', { name: LL.settings.ledgerMore() }))
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(LEDGER.length))
    await expect(ledger.queryByRole('button', { name: LL.settings.ledgerMore() })).toBeNull()
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
    const dialog = await findDialog({ name: LL.settings.signOutTitle() }, { timeout: 5000 })
    await expect(dialog).toHaveAccessibleDescription(LL.settings.signOutText())
    await expect(within(dialog).getByRole('button', { name: LL.app.cancel() })).toBeVisible()
    await expect(within(dialog).getByRole('button', { name: LL.header.logout() })).toBeVisible()
  },
})
export const SignOutConfirmation = signOutStory.light
export const SignOutConfirmationDark = signOutStory.dark
export const SignOutConfirmationRtl = signOutStory.rtl
export const SignOutConfirmationDarkRtl = signOutStory.darkRtl

const FLAGS: NotificationSettings = {
  reply: true,
  newNotice: true,
  newContactName: false,
  commonAcquaintances: true,
  deliverWithoutSound: false,
}
let notificationCalls: string[] = []
const notificationsStory = modes<Story>({
  parameters: {
    subViews: ['openNotificationSetting'],
    api: {
      'GET /api/v6/notifications/settings': ok(FLAGS),
      'POST /api/v6/notifications/settings': (_url: URL, init?: RequestInit) => {
        const body = String(init?.body)
        notificationCalls.push(body)
        // Muting is refused this time: the switch goes back and says so.
        if (body.startsWith('deliverWithoutSound')) return fail(503, 503, '')
        const [name, value] = body.split('=')
        return ok({ ...FLAGS, [name]: value === '1' })
      },
    },
  },
  beforeEach: () => {
    notificationCalls = []
  },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(await page.findByRole('heading', { level: 1, name: LL.settings.notifications() })).toBeVisible()
    const reply = await page.findByRole('switch', { name: LL.settings.notifyReply() })
    await expect(reply).toHaveAccessibleDescription(LL.settings.notifyReplyText())
    await expect(reply).toHaveAttribute('aria-checked', 'true')
    await expect(page.getByRole('switch', { name: LL.settings.notifyNewNotice() })).toHaveAttribute('aria-checked', 'true')
    await expect(page.getByRole('switch', { name: LL.settings.notifyNewContactName() })).toHaveAttribute('aria-checked', 'false')
    await expect(page.getByRole('switch', { name: LL.settings.notifyCommonAcquaintances() })).toHaveAttribute('aria-checked', 'true')
    const silent = page.getByRole('switch', { name: LL.settings.deliverWithoutSound() })
    await expect(silent).toHaveAttribute('aria-checked', 'false')
    await userEvent.click(reply)
    await waitFor(() => expect(reply).toHaveAttribute('aria-checked', 'false'))
    await waitFor(() => expect(silent).toBeEnabled())
    await userEvent.click(silent)
    await expect(await page.findByRole('alert')).toHaveTextContent(LL.settings.saveFailed())
    await expect(silent).toHaveAttribute('aria-checked', 'false')
    await expect(notificationCalls).toEqual(['reply=0', 'deliverWithoutSound=1'])
  },
})
export const Notifications = notificationsStory.light
export const NotificationsDark = notificationsStory.dark
export const NotificationsRtl = notificationsStory.rtl
export const NotificationsDarkRtl = notificationsStory.darkRtl

let deactivateCalls: string[] = []
const deactivationStory = modes<Story>({
  parameters: {
    subViews: ['openPrivacySetting'],
    api: {
      'GET /api/v6/profile/my': ok(myProfile(null, false)),
      // The first attempt fails (shown in the modal), the second goes through.
      'POST /api/v6/profile/deactivate': (_url: URL, init?: RequestInit) => {
        deactivateCalls.push(String(init?.body))
        return deactivateCalls.length === 1
          ? fail(503, 503, '')
          : ok({ deactivatedAtTimestamp: NOW_S, restoreUntilTimestamp: NOW_S + 30 * DAY_S })
      },
    },
  },
  beforeEach: () => {
    deactivateCalls = []
  },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await userEvent.click(await page.findByRole('button', { name: LL.settings.deactivate() }))
    // 1. The warning: Continue waits out the countdown, told to screen readers at its start, at 5 and at the end.
    const warning = await findDialog({ name: LL.deactivate.warningTitle() }, { timeout: 5000 })
    await expect(warning).toHaveAccessibleDescription(LL.deactivate.warningText())
    const next = within(warning).getByRole('button', { name: LL.deactivate.continue() })
    await expect(next).toBeDisabled()
    const live = warning.querySelector('[aria-live="polite"]')!
    await waitFor(() => expect(live).toHaveTextContent(LL.deactivate.wait({ seconds: 10 })))
    await waitFor(() => expect(live).toHaveTextContent(LL.deactivate.wait({ seconds: 5 })), { timeout: 7000 })
    await expect(next).toBeDisabled()
    await waitFor(() => expect(next).toBeEnabled(), { timeout: 7000 })
    await expect(live).toHaveTextContent(LL.deactivate.ready())
    await userEvent.click(next)
    // 2. Retype the number: only the digits count.
    const retype = await findDialog({ name: LL.deactivate.retypeTitle() })
    const field = within(retype).getByRole('textbox', { name: LL.deactivate.retypeLabel() })
    const submit = within(retype).getByRole('button', { name: LL.deactivate.submit() })
    await expect(field).toHaveFocus()
    await userEvent.type(field, '+1 201 555 01')
    await expect(submit).toBeDisabled()
    await userEvent.type(field, '01')
    await expect(submit).toBeDisabled()
    // Typed on an Arabic keyboard, the same digits.
    await userEvent.clear(field)
    await userEvent.type(field, '+١ ٢٠١-٥٥٥-٠١٠٠')
    await expect(submit).toBeEnabled()
    await userEvent.clear(field)
    await userEvent.type(field, '+1 201-555-0100')
    await expect(submit).toBeEnabled()
    await userEvent.click(submit)
    await expect(await within(retype).findByRole('alert')).toHaveTextContent(LL.deactivate.failed())
    await expect(auth.isAuthenticated).toBe(true)
    await userEvent.click(submit)
    // 3. Done; half a second later the user is signed out.
    const done = await findDialog({ name: LL.deactivate.doneTitle() })
    await expect(done).toHaveAccessibleDescription(LL.deactivate.doneText())
    await waitFor(() => expect(auth.isAuthenticated).toBe(false))
    await expect(deactivateCalls).toEqual(['cancel=1', 'cancel=1'])
  },
})
export const Deactivation = deactivationStory.light
export const DeactivationDark = deactivationStory.dark
export const DeactivationRtl = deactivationStory.rtl
export const DeactivationDarkRtl = deactivationStory.darkRtl

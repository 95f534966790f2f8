import { expect, test, type Page } from '@playwright/test'
import { SUPPORTED_LOCALES } from '../../contract/constants'
import { LEDGER_GRANT, SETTINGS_USERS } from './fixtures/settings'
import { apiSignIn, bearer, openAs } from './support'

/**
 * The settings panel against the real server (DESIGN.md section 9): theme, privacy
 * switches, languages, full deletion of the privacy data, the coin ledger, notifications.
 */

/** Imported from the PhoneBlock list. */
const IMPORTED_NUMBER = '491637875622'

/** Opens a sub-view from the main list, as a user would, and waits for its title. */
async function openView(page: Page, entry: string, title = entry) {
  await page
    .getByRole('main')
    .getByRole('button', { name: new RegExp(`^${entry}`) })
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
}

/** The header's Back button (not the panel's own "Back to settings"). */
const headerBack = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Back', exact: true })

test('the header’s Back closes the sub-view first, then goes back to the page the settings were opened from', async ({
  browser,
  baseURL,
}) => {
  const token = await apiSignIn(baseURL!, SETTINGS_USERS.navigation)
  const page = await openAs(browser, baseURL!, token, '/search')
  await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings')
  await openView(page, 'Theme')
  await expect(page.getByRole('group', { name: 'Theme' })).toBeVisible()

  await headerBack(page).click()
  await expect(page).toHaveURL(/\/settings$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings')
  await expect(page.getByRole('main').getByRole('button', { name: /^Theme/ })).toBeVisible()

  await headerBack(page).click()
  await expect(page).toHaveURL(/\/search$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Who is calling?')
  await page.context().close()
})

test('settings opened from a link: Back steps out of full deletion, privacy and the list, then to the app’s home, never out of the app', async ({
  browser,
  baseURL,
}) => {
  const token = await apiSignIn(baseURL!, SETTINGS_USERS.navigation)
  // A new tab: nothing of the app before the settings (about:blank is).
  const page = await openAs(browser, baseURL!, token, '/settings')
  await openView(page, 'Privacy management')
  await page.getByRole('button', { name: 'Delete privacy data' }).click()
  // Its own title, shown (issue 33); focus moved to it from the button that went with the view before.
  const title = page.getByRole('heading', { level: 1, name: 'Delete privacy data' })
  await expect(title).toBeVisible()
  await expect(title).toBeFocused()
  await expect(page).toHaveTitle(/Delete privacy data/)

  await headerBack(page).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy management')
  await headerBack(page).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings')
  await headerBack(page).click()
  await expect(page).toHaveURL(/\/search$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Who is calling?')
  // Still in the app: Back once more stays on its home.
  await headerBack(page).click()
  await expect(page).toHaveURL(/\/search$/)
  await page.context().close()
})

test('theme: dark is kept after a reload; system follows the device, also when it changes', async ({ browser, baseURL }) => {
  const token = await apiSignIn(baseURL!, SETTINGS_USERS.theme)
  const page = await openAs(browser, baseURL!, token, '/settings')
  await page.emulateMedia({ colorScheme: 'light' })
  const html = page.locator('html')
  await openView(page, 'Theme')
  const themes = page.getByRole('group', { name: 'Theme' })
  await themes.getByRole('button', { name: 'Dark' }).click()
  await expect(html).toHaveClass(/\bdark\b/)
  await expect(themes.getByRole('button', { name: 'Dark' })).toHaveAttribute('aria-pressed', 'true')
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark')

  await page.reload()
  await expect(html).toHaveClass(/\bdark\b/)
  await expect(page.getByRole('button', { name: /^Theme/ })).toContainText('Dark')

  await openView(page, 'Theme')
  await themes.getByRole('button', { name: 'System' }).click()
  await expect(themes.getByRole('button', { name: 'System' })).toHaveAttribute('aria-pressed', 'true')
  await expect(html).not.toHaveClass(/\bdark\b/)
  // The device turns dark, and back: the page follows without a reload.
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect(html).toHaveClass(/\bdark\b/)
  await page.emulateMedia({ colorScheme: 'light' })
  await expect(html).not.toHaveClass(/\bdark\b/)
  // Nothing stored means "the system's", as before there was a choice.
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull()
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.reload()
  await expect(html).toHaveClass(/\bdark\b/)
  await expect(page.getByRole('button', { name: /^Theme/ })).toContainText('System')
  await page.context().close()
})

test('privacy: anti-spy and listing are saved on the server, so a reload (or another device) shows them', async ({
  browser,
  baseURL,
  request,
}) => {
  const token = await apiSignIn(baseURL!, SETTINGS_USERS.privacy)
  const page = await openAs(browser, baseURL!, token, '/settings')
  await openView(page, 'Privacy management')
  const antispy = page.getByRole('switch', { name: 'Anti-spy' })
  await expect(antispy).toHaveAccessibleDescription('While on, the owners of the numbers you look up do not see that it was you.')
  await expect(antispy).toHaveAttribute('aria-checked', 'false')
  await antispy.click()
  await expect(antispy).toHaveAttribute('aria-checked', 'true')
  const listed = page.getByRole('switch', { name: 'List my number in search' })
  await expect(listed).toHaveAttribute('aria-checked', 'true')
  await listed.click()
  await expect(listed).toHaveAttribute('aria-checked', 'false')
  await expect(listed).toBeEnabled()

  await page.reload()
  await openView(page, 'Privacy management')
  await expect(page.getByRole('switch', { name: 'Anti-spy' })).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByRole('switch', { name: 'List my number in search' })).toHaveAttribute('aria-checked', 'false')
  // What another device would read.
  expect((await (await request.get('/api/v2/param/antispy', { headers: bearer(token) })).json()).data.antispy).toBe(true)
  expect((await (await request.get('/api/v2/param/profile_going', { headers: bearer(token) })).json()).data.profile_going).toBe(false)
  await page.context().close()
})

test('language: the 22 languages, each with its flag and its own name', async ({ browser, baseURL }) => {
  const token = await apiSignIn(baseURL!, SETTINGS_USERS.language)
  const page = await openAs(browser, baseURL!, token, '/settings')
  await openView(page, 'Language')
  const list = page.getByRole('list', { name: 'Language' })
  await expect(list.getByRole('button')).toHaveCount(SUPPORTED_LOCALES.length)
  const flags = list.locator('img')
  await expect(flags).toHaveCount(SUPPORTED_LOCALES.length)
  for (const flag of await flags.all()) {
    await expect(flag).toHaveAttribute('alt', '')
    // Drawn, not a broken image.
    expect(await flag.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  }
  await expect(list.locator('button[lang="ru"]')).toContainText('Русский (международный)')
  await expect(list.getByRole('button', { pressed: true })).toHaveAttribute('lang', 'en')
  await page.context().close()
})

test('full deletion: says what goes and what stays, then removes the search history shown on /search', async ({ browser, baseURL }) => {
  const token = await apiSignIn(baseURL!, SETTINGS_USERS.deletion)
  const page = await openAs(browser, baseURL!, token, `/number/${IMPORTED_NUMBER}`)
  await expect(page.getByTestId('number-name')).toBeVisible()
  await page.goto('/search')
  const history = page.getByRole('list', { name: 'Recent searches' })
  await expect(history.getByRole('listitem')).toHaveCount(1)
  await expect(history).toContainText('+49 163 7875622')

  await page.goto('/settings')
  await openView(page, 'Privacy management')
  await page.getByRole('button', { name: 'Delete privacy data' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Delete privacy data')
  await expect(page.getByRole('list', { name: 'What is deleted' })).toContainText('Your search history')
  await expect(page.getByRole('list', { name: 'What stays' })).toContainText('Your coin balance')
  await page.getByRole('button', { name: 'Delete my privacy data' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete your privacy data?' })
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
  const result = page.getByTestId('full-delete-result')
  await expect(result).toContainText('1 search history entry')
  await expect(result).toContainText('1 look-up trace')

  // Again: nothing is left.
  await page.getByRole('button', { name: 'Delete my privacy data' }).click()
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(result).toContainText('Nothing was left to delete')

  await page.goto('/search')
  await expect(page.getByText('Numbers you look up appear here.')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Recent searches' })).toHaveCount(0)
  await page.context().close()
})

test('advanced features: the coin ledger lists a grant with its reason, amount and balance after', async ({ browser, baseURL }) => {
  const token = await apiSignIn(baseURL!, SETTINGS_USERS.ledger)
  const page = await openAs(browser, baseURL!, token, '/settings')
  await openView(page, 'Advanced features')
  const ledger = page.getByRole('list', { name: 'Coin history' })
  const rows = ledger.getByRole('listitem')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('Granted by support')
  await expect(rows.first()).toContainText(`+${LEDGER_GRANT}`)
  await expect(rows.first()).toContainText(`Balance after: ${LEDGER_GRANT}`)
  await expect(rows.first().locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/)
  await page.context().close()
})

test('notifications: a switch turned off stays off after a reload', async ({ browser, baseURL, request }) => {
  const token = await apiSignIn(baseURL!, SETTINGS_USERS.notifications)
  const page = await openAs(browser, baseURL!, token, '/settings')
  await openView(page, 'Notifications')
  const replies = page.getByRole('switch', { name: 'Replies to your comments' })
  await expect(replies).toHaveAttribute('aria-checked', 'true')
  await replies.click()
  await expect(replies).toHaveAttribute('aria-checked', 'false')
  const silent = page.getByRole('switch', { name: 'Without sound' })
  await expect(silent).toBeEnabled()
  await silent.click()
  await expect(silent).toHaveAttribute('aria-checked', 'true')

  await page.reload()
  await openView(page, 'Notifications')
  await expect(page.getByRole('switch', { name: 'Replies to your comments' })).toHaveAttribute('aria-checked', 'false')
  await expect(page.getByRole('switch', { name: 'Without sound' })).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByRole('switch', { name: 'Comments on your number' })).toHaveAttribute('aria-checked', 'true')
  const saved = (await (await request.get('/api/v6/notifications/settings', { headers: bearer(token) })).json()).data
  expect(saved).toMatchObject({ reply: false, deliverWithoutSound: true, newNotice: true })
  await page.context().close()
})

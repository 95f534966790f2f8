import { expect, test, type Locator, type Page } from '@playwright/test'
import { apiSignIn } from './support'

/** Keyboard only: the header dropdown, a modal and the skip link, as someone without a mouse uses them. */

const IMPORTED_NUMBER = '491637875622'

async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el === document.activeElement).catch(() => false)
}

/** Presses Tab from where focus is until `target` has focus; fails if it never does. */
async function tabTo(page: Page, target: Locator, max = 30) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab')
    if (await isFocused(target)) return
  }
  throw new Error(`Tab never reached ${target}`)
}

/** Signs in through the API and hands the token to every page load, as a returning user. */
async function signedIn(page: Page, baseURL: string, phone: string) {
  const token = await apiSignIn(baseURL, phone)
  await page.addInitScript((t) => localStorage.setItem('token', t), token)
  return token
}

test.describe('header dropdown', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

  test('opens with Enter, moves with the arrows, closes with Escape; "Copy phone number" shows the copied notice for about 2.5 s', async ({
    page,
    baseURL,
  }) => {
    await signedIn(page, baseURL!, '+4915123458001')
    await page.goto(`/number/${IMPORTED_NUMBER}`)
    await expect(page.getByTestId('number-international')).toHaveText('+49 163 7875622')

    // The menu code loads on first use: Enter on the placeholder button loads and opens it.
    const more = page.getByRole('button', { name: 'More actions' })
    await tabTo(page, more)
    await page.keyboard.press('Enter')
    const menu = page.getByRole('menu')
    await expect(menu).toBeVisible()
    await expect(more).toHaveAttribute('aria-expanded', 'true')
    await expect(menu).toHaveAccessibleName('More actions')

    const items = menu.getByRole('menuitem')
    await expect(items).toHaveText(['Add to contacts', /^Share/, 'Copy phone number', 'Settings'])
    const focusedItem = () => items.evaluateAll((els) => els.indexOf(document.activeElement as HTMLElement))
    // Opened from the keyboard, the menu puts focus on its first item; the arrows move between items.
    await expect.poll(focusedItem).toBe(0)
    await page.keyboard.press('ArrowDown')
    await expect.poll(focusedItem).toBe(1)
    await page.keyboard.press('ArrowDown')
    await expect.poll(focusedItem).toBe(2)
    await page.keyboard.press('ArrowUp')
    await expect.poll(focusedItem).toBe(1)

    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    // Radix hands focus back to the trigger one task after the menu unmounts, so wait for it rather than sample once.
    await expect.poll(() => isFocused(more)).toBe(true)
    await expect(more).toHaveAttribute('aria-expanded', 'false')

    // Again, now with the menu loaded: down to "Copy phone number" and Enter.
    await page.keyboard.press('Enter')
    await expect(menu).toBeVisible()
    await expect.poll(focusedItem).toBe(0)
    await page.keyboard.press('ArrowDown')
    await expect.poll(focusedItem).toBe(1)
    await page.keyboard.press('ArrowDown')
    await expect.poll(focusedItem).toBe(2)
    expect(await isFocused(menu.getByRole('menuitem', { name: 'Copy phone number' }))).toBe(true)
    await page.keyboard.press('Enter')
    await expect(menu).toBeHidden()

    const toast = page.getByTestId('copied-toast')
    await expect(toast).toBeVisible()
    const shownAt = Date.now()
    await expect(toast).toHaveText('Phone number copied')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('+49 163 7875622')
    await expect(toast).toBeHidden({ timeout: 5_000 })
    const shownFor = Date.now() - shownAt
    expect(shownFor).toBeGreaterThan(1_500)
    expect(shownFor).toBeLessThan(4_000)
    // Focus went back to the menu button, not lost to the page.
    await expect.poll(() => isFocused(more)).toBe(true)
  })
})

test('the sign-out dialog keeps focus inside, closes with Escape and returns focus to its button', async ({ page, baseURL }) => {
  const token = await signedIn(page, baseURL!, '+4915123458002')
  await page.goto('/settings')
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()

  const signOut = page.getByRole('button', { name: 'Sign out' })
  await tabTo(page, signOut)
  await page.keyboard.press('Enter')

  const dialog = page.getByRole('dialog', { name: 'Sign out?' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toHaveAccessibleDescription('To sign in again you will confirm your number with a new code.')
  const inside = () => dialog.evaluate((el) => el.contains(document.activeElement))
  await expect.poll(inside).toBe(true)
  // Focus is trapped: however often Tab (or Shift+Tab) is pressed, it stays in the dialog.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab')
    expect(await inside()).toBe(true)
  }
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Shift+Tab')
    expect(await inside()).toBe(true)
  }

  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect.poll(() => isFocused(signOut)).toBe(true)
  // Nothing happened: still signed in, still in the settings.
  expect(page.url()).toMatch(/\/settings$/)
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token)
  const balance = await page.request.get('/api/v6/numcy/balance', { headers: { authorization: `Bearer ${token}` } })
  expect(balance.status()).toBe(200)
})

test('the first Tab reaches "Skip to content", and Enter moves focus to the main content', async ({ page }) => {
  await page.goto('/search')
  // The app's page, not the server's frame it replaces (tests/e2e/first-paint.spec.ts tabs in that one).
  await expect(page.locator('[data-shell]')).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  // Polled: the app may be taking over the server's page at that moment, its own link then taking the focus.
  await expect.poll(() => isFocused(skip)).toBe(true)
  await expect(skip).toBeInViewport()
  await page.keyboard.press('Enter')
  await expect.poll(() => isFocused(page.getByRole('main'))).toBe(true)
  // The next Tab continues inside the main content, past the header.
  await page.keyboard.press('Tab')
  expect(await page.getByRole('main').evaluate((el) => el.contains(document.activeElement))).toBe(true)
})

test('going back with Shift+Tab, the focused control is never hidden under the sticky header', async ({ page, baseURL }) => {
  await signedIn(page, baseURL!, '+4915123458003')
  await page.setViewportSize({ width: 390, height: 640 })
  await page.goto(`/number/${IMPORTED_NUMBER}`)
  await expect(page.getByTestId('number-international')).toBeVisible()
  // To the end of the page, then back up through the content.
  await tabTo(page, page.getByRole('link', { name: 'Download the APK' }), 150)
  const header = await page.getByRole('banner').boundingBox()
  const searchBox = page.getByRole('textbox', { name: 'Phone number' })
  for (let i = 0; i < 150 && !(await isFocused(searchBox)); i++) {
    await page.keyboard.press('Shift+Tab')
    const box = await page.evaluate(() => {
      const r = document.activeElement!.getBoundingClientRect()
      return {
        top: r.top,
        bottom: r.bottom,
        inHeader: Boolean(document.activeElement!.closest('header')),
        name: document.activeElement!.textContent,
      }
    })
    if (!box.inHeader) expect(box.bottom, `focused "${box.name}" is hidden under the header`).toBeGreaterThan(header!.y + header!.height)
  }
  expect(await isFocused(searchBox)).toBe(true)
})

test.describe('Escape while a notice shows', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

  test('closes the dialog the notice shows over at the first press (issue 33)', async ({ page, baseURL }) => {
    await signedIn(page, baseURL!, '+4915123458031')
    await page.goto(`/number/${IMPORTED_NUMBER}`)
    await page.getByRole('button', { name: 'Call or message' }).click()
    const dialog = page.getByRole('dialog', { name: /^Call or message/ })
    await dialog.getByRole('button', { name: 'Copy number' }).click()
    await expect(page.getByTestId('copied-toast')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(page.getByTestId('copied-toast')).toBeHidden()
  })
})

import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import en from '../../i18n/en'
import { apiSignIn, openAs } from './support'

/**
 * Settings → "Protect your phone" against the real server (DESIGN.md section 10): a Fritz!Box
 * password made in the page, shown once with its QR code, accepted by the PhoneBlock API,
 * then revoked in the page and refused at once.
 */

/** Numbers +49 1517 8932…, which no other spec uses. */
const OWNER = '+4915178932001'
const AXE_USER = '+4915178932002'
const d = en.devices
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

async function openProtectYourPhone(page: Page) {
  await page
    .getByRole('main')
    .getByRole('button', { name: new RegExp(`^${d.title}`) })
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(d.title)
}

test('a Fritz!Box password: made, shown once with a QR code, accepted by the API, revoked in the page, then refused', async ({
  browser,
  baseURL,
  request,
}) => {
  const token = await apiSignIn(baseURL!, OWNER)
  const page = await openAs(browser, baseURL!, token, '/settings', { permissions: ['clipboard-read', 'clipboard-write'] })
  await openProtectYourPhone(page)
  const list = page.getByTestId('device-list')
  await expect(list).toContainText(d.none)

  await page.getByRole('tab', { name: 'Fritz!Box' }).click()
  const setup = page.getByTestId('setup-fritzbox')
  await expect(setup.getByRole('heading', { level: 2, name: 'Fritz!Box' })).toBeVisible()
  // The CardDAV address of this server and the account's number digits as the user name.
  await expect(setup.locator('dd code').first()).toHaveText(`${baseURL}/carddav/`)
  await expect(setup.locator('dd code').nth(1)).toHaveText(OWNER.slice(1))
  await expect(setup).toContainText('2,000')

  await setup.getByRole('textbox', { name: d.deviceName }).fill('Fritz!Box 7590')
  await setup.getByRole('button', { name: d.create }).click()
  const shown = page.getByTestId('new-password-fritzbox')
  await expect(shown).toHaveAttribute('aria-live', 'polite')
  await expect(shown.getByRole('heading', { name: 'New password for Fritz!Box 7590' })).toBeVisible()
  const password = (await shown.getByTestId('device-password').textContent())!.trim()
  expect(password.length).toBeGreaterThanOrEqual(40)
  // The QR code: an image with a name, holding the address, user name and password (one per line).
  const qr = shown.getByRole('img', { name: d.qrLabel })
  await expect(qr).toBeVisible()
  expect(await qr.locator('path').count()).toBeGreaterThan(0)
  // Copy puts the password on the clipboard.
  await shown.getByRole('button', { name: `${d.copy} ${d.password}` }).click()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password)

  // The device is listed as a router with its cap; the password itself is nowhere else on the page.
  const item = list.getByTestId('device').filter({ hasText: 'Fritz!Box 7590' })
  await expect(item).toContainText(d.kindRouter)
  await expect(item).toContainText(d.neverUsed)

  // The PhoneBlock API takes it, as HTTP Basic with the user name shown and as a Bearer token.
  const basic = `Basic ${Buffer.from(`${OWNER.slice(1)}:${password}`).toString('base64')}`
  const ok = await request.get('/phoneblock/api/test', { headers: { authorization: basic } })
  expect(ok.status()).toBe(200)
  expect(await ok.text()).toBe('OK')
  expect((await request.get('/phoneblock/api/test', { headers: { authorization: `Bearer ${password}` } })).status()).toBe(200)

  // Shown once: hidden, or after a reload, it is gone from the page; the list shows its use.
  await shown.getByRole('button', { name: d.hide }).click()
  await expect(shown).toBeEmpty()
  await expect(setup.getByRole('button', { name: d.create })).toBeFocused()
  await page.reload()
  await openProtectYourPhone(page)
  await expect(page.getByText(password)).toHaveCount(0)
  await expect(item).not.toContainText(d.neverUsed)
  await expect(item).toContainText(/Last used/)

  // Revoke asks first; Cancel keeps it.
  const revoke = item.getByRole('button', { name: `${d.revoke} Fritz!Box 7590` })
  await revoke.click()
  const dialog = page.getByRole('dialog', { name: 'Revoke the password of Fritz!Box 7590?' })
  await expect(dialog).toHaveAccessibleDescription(d.revokeText)
  await dialog.getByRole('button', { name: en.app.cancel }).click()
  await expect(dialog).toBeHidden()
  expect((await request.get('/phoneblock/api/test', { headers: { authorization: basic } })).status()).toBe(200)

  await revoke.click()
  await page.getByRole('dialog').getByRole('button', { name: d.revoke, exact: true }).click()
  await expect(item).toHaveCount(0)
  await expect(list).toContainText(d.none)
  const refused = await request.get('/phoneblock/api/test', { headers: { authorization: basic } })
  expect(refused.status()).toBe(401)
  expect(refused.headers()['www-authenticate']).toMatch(/^Basic/)
  await page.context().close()
})

for (const mode of [
  { name: 'light-en', theme: 'light', locale: 'en' },
  { name: 'dark-ar', theme: 'dark', locale: 'ar-sa' },
] as const) {
  test(`the view, a new password and the revoke dialog have no serious or critical WCAG 2.2 AA violation (${mode.name})`, async ({
    browser,
    baseURL,
  }) => {
    const token = await apiSignIn(baseURL!, AXE_USER)
    const context = await browser.newContext({ baseURL })
    await context.addInitScript(
      ({ theme, locale, token }) => {
        localStorage.setItem('theme', theme)
        localStorage.setItem('locale_', locale)
        localStorage.setItem('token', token)
      },
      { ...mode, token },
    )
    const page = await context.newPage()
    await page.goto('/settings')
    await expect(page.locator('html')).toHaveAttribute('dir', mode.locale === 'ar-sa' ? 'rtl' : 'ltr')
    const t = mode.locale === 'en' ? en : (await import('../../i18n/ar-sa')).default
    await page
      .getByRole('main')
      .getByRole('button', { name: new RegExp(`^${t.devices.title}`) })
      .click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.devices.title)
    await expect(page.locator('[role="status"]:has(.animate-spin)')).toHaveCount(0)
    const axe = () =>
      new AxeBuilder({ page })
        .withTags(WCAG_TAGS)
        .options({ resultTypes: ['violations'] })
        .setLegacyMode(true)
    const blocking = async (scope: string) =>
      (await axe().include(scope).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')

    // Each platform's tab, then a new password with its QR code, then the list with a device.
    for (const tab of ['iPhone', 'Android', 'Fritz!Box']) {
      await page.getByRole('tab', { name: tab }).click()
      expect((await blocking('main')).map((v) => `${tab}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    }
    await page.getByTestId('setup-fritzbox').getByRole('button', { name: t.devices.create }).click()
    await expect(page.getByRole('img', { name: t.devices.qrLabel })).toBeVisible()
    await expect(page.getByTestId('device')).not.toHaveCount(0)
    expect((await blocking('main')).map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    await page
      .getByTestId('device')
      .first()
      .getByRole('button', { name: new RegExp(`^${t.devices.revoke}`) })
      .click()
    await expect(page.getByRole('dialog')).toBeVisible()
    expect((await blocking('[role="dialog"]')).map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    await context.close()
  })
}

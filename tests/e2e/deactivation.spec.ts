import { expect, test } from '@playwright/test'
import { LIMITS } from '../../contract/constants'
import { SETTINGS_USERS } from './fixtures/settings'
import { apiSignIn, bearer, openAs } from './support'

/**
 * Own name and deactivation (DESIGN.md section 9, SPEC.md section 2): the name saved on
 * /number/my shows to another user; the three modals with the real countdown; signed out;
 * the number page no longer shows the name; signing in again restores it.
 */

const OWN = SETTINGS_USERS.deactivating
const DIGITS = OWN.slice(1)

test('a user names themself, deactivates through the three modals, is signed out, and signing in again restores the profile', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000)
  const token = await apiSignIn(baseURL!, OWN)
  const viewerToken = await apiSignIn(baseURL!, SETTINGS_USERS.viewer)

  // The own name, from /number/my.
  const page = await openAs(browser, baseURL!, token, '/number/my')
  const form = page.getByTestId('own-name')
  await form.getByRole('textbox', { name: 'First name' }).fill('Dana')
  await form.getByRole('textbox', { name: 'Last name' }).fill('Deactivating')
  await form.getByRole('button', { name: 'Save name' }).click()
  await expect(form.getByRole('status')).toHaveText('Your name is saved.')
  await expect(page.getByTestId('number-name')).toHaveText('Dana Deactivating')

  const viewer = await openAs(browser, baseURL!, viewerToken, `/number/${DIGITS}`)
  await expect(viewer.getByTestId('number-name')).toHaveText('Dana Deactivating')

  // A plan that renews (the development provider): deactivating stops its renewal, and the warning says so.
  const bought = await request.post('/api/v6/payment/checkout', {
    headers: bearer(token),
    data: { product: 'tier1_month', provider: 'dev' },
  })
  const paymentId = (await bought.json()).data.paymentId as number
  expect((await request.post('/api/v6/payment/dev/pay', { headers: bearer(token), data: { id: paymentId } })).ok()).toBe(true)

  // 1. The warning: Continue stays disabled for the whole countdown.
  await page.goto('/settings')
  await page.getByRole('button', { name: /^Privacy management/ }).click()
  await page.getByRole('button', { name: 'Deactivate profile' }).click()
  const warning = page.getByRole('dialog', { name: 'Deactivate your profile?' })
  await expect(warning).toBeVisible()
  await expect(warning.getByTestId('deactivate-plan')).toHaveText(/^Your plan will not renew: it stays in force until .*\d{4}\.$/)
  const opened = Date.now()
  const next = warning.getByRole('button', { name: 'Continue' })
  await expect(next).toBeDisabled()
  await expect(warning.locator('[aria-live="polite"]')).toHaveText('You can continue in 10 seconds.')
  await expect(warning.locator('[aria-live="polite"]')).toHaveText('You can continue in 5 seconds.', { timeout: 8000 })
  await expect(next).toBeDisabled()
  await expect(next).toBeEnabled({ timeout: 8000 })
  expect(Date.now() - opened).toBeGreaterThanOrEqual((LIMITS.deactivationCountdownSeconds - 1) * 1000)
  await expect(warning.locator('[aria-live="polite"]')).toHaveText('You can continue now.')
  await next.click()

  // 2. Retype the number: digits only count, so a plus and spaces are fine.
  const retype = page.getByRole('dialog', { name: 'Type your number to confirm' })
  const field = retype.getByRole('textbox', { name: 'Your phone number' })
  const submit = retype.getByRole('button', { name: 'Deactivate profile' })
  await field.fill('+49 1517 700001')
  await expect(submit).toBeDisabled()
  await field.fill('+49 1517 7000010')
  await expect(submit).toBeEnabled()
  await submit.click()

  // 3. Success, then signed out and on the sign-in page.
  await expect(page.getByRole('dialog', { name: 'Profile deactivated' })).toBeVisible()
  await page.waitForURL((url) => url.pathname === '/login')
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
  // Every session ended: the old token no longer works.
  expect((await request.get('/api/v6/profile/my', { headers: bearer(token) })).status()).toBeGreaterThanOrEqual(400)

  // The other user no longer sees the name.
  await viewer.reload()
  await expect(viewer.getByTestId('number-name')).toHaveText('No name yet')

  // Signing in again within 30 days restores it.
  const again = await apiSignIn(baseURL!, OWN)
  expect((await (await request.get('/api/v6/profile/my', { headers: bearer(again) })).json()).data.firstName).toBe('Dana')
  expect((await (await request.get('/api/v6/subscription/get', { headers: bearer(again) })).json()).data.activeSubscription).toMatchObject({
    autoRenewing: false,
  })
  await viewer.reload()
  await expect(viewer.getByTestId('number-name')).toHaveText('Dana Deactivating')
  await page.context().close()
  await viewer.context().close()
})

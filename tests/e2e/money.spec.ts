import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { MONEY_USERS } from './fixtures/money'
import { apiSignIn, bearer, openAs } from './support'

/**
 * Money in the browser against the real server (DESIGN.md section 8): coin packs through
 * the development provider, a plan through the local Stripe stand-in (hosted checkout,
 * signed webhooks), paid search past the daily limit, one-time keys, APK mode. Its users
 * have numbers +49 1517 9…, which no other spec uses.
 */

/** Imported from the PhoneBlock list. */
const IMPORTED_NUMBER = '491637875622'
const longDate = (ms: number) => new Intl.DateTimeFormat('en', { dateStyle: 'long', numberingSystem: 'latn' }).format(new Date(ms))

async function balanceOf(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/v6/numcy/balance', { headers: bearer(token) })
  expect(res.status()).toBe(200)
  return (await res.json()).data.balance
}

async function storedToken(page: Page) {
  return page.evaluate(() => localStorage.getItem('token'))
}

test('a user buys a coin pack through the development payment and sees the new balance', async ({ browser, baseURL, request }) => {
  const token = await apiSignIn(baseURL!, '+4915179000101')
  const page = await openAs(browser, baseURL!, token, '/paywall/numcy')
  await expect(page.getByTestId('paywall-balance')).toHaveText('Your balance: 0 coins')
  // The 550 pack has no Stripe price here: its one buy button is the development provider's.
  const pack = page.getByRole('region', { name: '550 coins' })
  await pack.getByRole('button', { name: 'Buy for $8.99' }).click()

  await page.waitForURL(/\/payment\/dev\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Development payment' })).toBeVisible()
  await expect(page.getByRole('note')).toContainText('no real money is charged')
  const checkout = page.getByTestId('dev-checkout')
  await expect(checkout).toContainText('550 coins')
  await expect(checkout).toContainText('$8.99')
  await checkout.getByRole('button', { name: 'Pay $8.99' }).click()

  // Back on the coins page without a reload: thanked, then the balance shows the pack.
  await page.waitForURL((url) => url.pathname === '/paywall/numcy')
  await expect(page.getByTestId('checkout-return')).toHaveText('Thank you! Updating your plan and balance…')
  await expect(page.getByTestId('paywall-balance')).toHaveText('Your balance: 550 coins')
  await expect(page.getByTestId('checkout-return')).toHaveText('Your plan and balance are up to date.')
  expect(await balanceOf(request, token)).toBe(550)

  // The same payment cannot be paid twice.
  await page.goBack()
  await expect(page.getByTestId('dev-checkout').getByRole('status')).toHaveText('This payment is already complete.')
  expect(await balanceOf(request, token)).toBe(550)
})

test('a user buys Premium through Stripe, gets 300 searches a day, cancels and sees when it ends', async ({
  browser,
  baseURL,
  request,
}) => {
  const token = await apiSignIn(baseURL!, '+4915179000102')
  const page = await openAs(browser, baseURL!, token, '/paywall?tab=tier1')
  await expect(page.getByTestId('current-plan')).toContainText('You are on the free plan: 30 searches a day.')
  await expect(page.getByRole('tab', { name: 'Premium', exact: true })).toHaveAttribute('aria-selected', 'true')
  await page.getByRole('region', { name: 'Monthly' }).getByRole('button', { name: 'Buy for $4.99' }).click()

  // Stripe's hosted checkout (the local stand-in): Pay sends the signed webhooks, then comes back.
  await page.waitForURL(/\/checkout\/cs_test_\w+$/)
  await expect(page.getByRole('heading', { name: 'Test checkout (local Stripe stand-in)' })).toBeVisible()
  await page.getByRole('button', { name: 'Pay' }).click()
  await page.waitForURL((url) => url.pathname === '/paywall' && /^cs_test_\w+$/.test(url.searchParams.get('session_id') ?? ''))
  await expect(page.getByTestId('checkout-return')).toHaveText('Thank you! Updating your plan and balance…')

  const plan = page.getByTestId('current-plan')
  await expect(plan).toContainText('Premium, Monthly')
  const { expiredAt } = (await (await request.get('/api/v6/subscription/get', { headers: bearer(token) })).json()).data.activeSubscription
  await expect(page.getByTestId('plan-status')).toHaveText(`Renews on ${longDate(expiredAt)}`)
  await expect(plan.getByRole('link', { name: 'Manage billing' })).toHaveAttribute('href', /\/portal\/cus_test_\w+$/)
  // After the refresh 5 s later the address drops Stripe's session id.
  await page.waitForURL((url) => url.pathname === '/paywall' && !url.searchParams.has('session_id'))
  await expect(page.getByTestId('checkout-return')).toHaveText('Your plan and balance are up to date.')
  // A subscriber changes the plan instead of buying a second one (ADR 0053).
  await expect(page.getByRole('region', { name: 'Monthly' }).getByText('Current plan')).toBeVisible()
  await expect(page.getByRole('button', { name: /^Buy for/ })).toHaveCount(0)

  // The search page shows the plan's limit, and no promotion banner is left.
  await page.getByRole('link', { name: 'Caller ID home' }).click()
  await expect(page.getByTestId('plan-line')).toHaveText('Premium: 300 searches a day')
  await expect(page.getByTestId('promo-banner')).toHaveCount(0)

  // Cancelling stops the renewal; the plan holds until the end of the paid period.
  await page.getByRole('link', { name: 'Wallet' }).click()
  await page.getByTestId('current-plan').getByRole('button', { name: 'Cancel renewal' }).click()
  await expect(page.getByTestId('plan-status')).toHaveText(`Ends on ${longDate(expiredAt)}`)
  await expect(page.getByRole('button', { name: 'Resume renewal' })).toBeVisible()
  await page.reload()
  await expect(page.getByTestId('plan-status')).toHaveText(`Ends on ${longDate(expiredAt)}`)
  const after = (await (await request.get('/api/v6/subscription/get', { headers: bearer(token) })).json()).data.activeSubscription
  // Stripe's meaning: cancelled at the period's end, the plan is active until it ends (ADR 0053).
  expect(after).toMatchObject({ tier: 'tier1', provider: 'stripe', autoRenewing: false, status: 'active' })
})

test('past the daily limit, a paid search costs exactly one coin; short of coins the top-up opens the coin packs', async ({
  browser,
  baseURL,
  request,
}) => {
  const { paidSearcher, brokeSearcher } = MONEY_USERS
  const token = await apiSignIn(baseURL!, paidSearcher.phone)
  expect(await balanceOf(request, token)).toBe(5)
  const page = await openAs(browser, baseURL!, token, `/number/${IMPORTED_NUMBER}`)
  const limit = page.getByRole('alert').filter({ hasText: 'Daily search limit reached' })
  await expect(limit).toBeVisible()
  // Paid searches are not allowed yet: the one click allows them, and says so.
  await expect(limit).toContainText('This also allows paid searches in your settings.')
  await limit.getByRole('button', { name: 'Search for 1 coin' }).click()
  await expect(page.getByRole('meter', { name: 'Reputation' })).toBeVisible()
  await expect(limit).toHaveCount(0)
  expect(await balanceOf(request, token)).toBe(4)

  // Allowed now, the search page has the paid-search switch; on, the next search is paid too.
  await page.getByRole('link', { name: 'Caller ID home' }).click()
  const paid = page.getByRole('switch', { name: 'Paid search' })
  await expect(paid).toHaveAttribute('aria-checked', 'false')
  await paid.click()
  await expect(paid).toHaveAttribute('aria-checked', 'true')
  await page.getByRole('textbox', { name: 'Phone number' }).fill('4930901820')
  await page.getByRole('button', { name: 'Search' }).click()
  await page.waitForURL('**/number/4930901820')
  await expect(page.getByRole('meter', { name: 'Reputation' })).toBeVisible()
  await expect(page.getByText('Daily search limit reached')).toHaveCount(0)
  expect(await balanceOf(request, token)).toBe(3)

  // The settings show paid searches allowed, as the server has them.
  await page.goto('/settings')
  await page.getByRole('button', { name: /^Advanced features/ }).click()
  await expect(page.getByRole('switch', { name: 'Allow paid searches' })).toHaveAttribute('aria-checked', 'true')

  // No coins: nothing is spent, the modal offers the coin packs.
  const broke = await openAs(browser, baseURL!, await apiSignIn(baseURL!, brokeSearcher.phone), `/number/${IMPORTED_NUMBER}`)
  const brokeLimit = broke.getByRole('alert').filter({ hasText: 'Daily search limit reached' })
  await expect(brokeLimit).not.toContainText('This also allows paid searches')
  await brokeLimit.getByRole('button', { name: 'Search for 1 coin' }).click()
  const dialog = broke.getByRole('dialog', { name: 'Not enough coins' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('link', { name: 'Top up' }).click()
  await broke.waitForURL((url) => url.pathname === '/paywall/numcy')
  await expect(broke.getByRole('heading', { level: 1, name: 'Coins' })).toBeVisible()
  await expect(broke.getByRole('dialog')).toHaveCount(0)
})

test('a one-time key opens the paywall signed in; a used, forged or expired key changes nothing', async ({ browser, baseURL, request }) => {
  const OWNER = '+4915179000103'
  const ownerToken = await apiSignIn(baseURL!, OWNER)
  const res = await request.post('/api/v6/payment/key', { headers: bearer(ownerToken) })
  expect(res.status()).toBe(200)
  const { key } = (await res.json()).data as { key: string }

  // A browser nobody is signed in to: the key signs the owner in and opens the paywall.
  const context = await browser.newContext({ baseURL })
  await context.addInitScript(() => localStorage.setItem('locale_', 'en'))
  const fresh = await context.newPage()
  await fresh.goto(`/payment/show?key=${key}`)
  await fresh.waitForURL((url) => url.pathname === '/paywall')
  await expect(fresh.getByTestId('current-plan')).toContainText('You are on the free plan')
  const session = await storedToken(fresh)
  expect(session).toBeTruthy()
  expect(session).not.toBe(key)
  expect(await fresh.evaluate(() => localStorage.getItem('phoneNumber'))).toBe(OWNER)
  await context.close()

  // Someone else, signed in: none of these keys signs them out or sends them to /not-authorized.
  const otherToken = await apiSignIn(baseURL!, '+4915179000104')
  const other = await openAs(browser, baseURL!, otherToken, '/search')
  const [header, payload, signature] = key.split('.')
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const keys = {
    used: key,
    forgedKey: `${header}.${payload}.${signature.slice(0, -4)}AAAA`,
    forgedSession: `${header}.${encode({ sub: claims.sub, jti: 'forged', iss: claims.iss, iat: claims.iat, exp: claims.exp })}.${signature}`,
    expired: `${header}.${encode({ ...claims, exp: 1 })}.${signature}`,
  }
  for (const [what, bad] of Object.entries(keys)) {
    await other.goto(`/payment/show?key=${bad}`)
    await other.waitForURL((url) => url.pathname === '/search')
    expect(await storedToken(other), what).toBe(otherToken)
    await expect(other.getByRole('link', { name: 'My number' }), what).toBeVisible()
  }
  // The key entry too: the signed-in user carries on to their own number.
  await other.goto(`/key/${keys.forgedSession}`)
  await other.waitForURL('**/number/my')
  expect(await storedToken(other)).toBe(otherToken)
  await expect(other.getByRole('heading', { level: 1, name: 'My number' })).toBeVisible()
})

test('?apk=1 hides the store badges and the promotion banner, and /payment goes to the paywall', async ({ browser, baseURL }) => {
  const token = await apiSignIn(baseURL!, '+4915179000105')
  const page = await openAs(browser, baseURL!, token, '/search')
  // On the web, a free user sees the offer and the store badges, the APK one from the server's link.
  const banner = page.getByRole('complementary', { name: 'Offer' })
  await expect(banner).toContainText('Premium: 300 searches a day, no banners.')
  await expect(banner.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/paywall?tab=tier1')
  const badges = page.getByRole('group', { name: 'Get the app' })
  await expect(badges.getByRole('link', { name: 'Download the APK' })).toHaveAttribute('href', 'https://downloads.example.com/callerid.apk')

  await page.goto('/search?apk=1')
  await expect(page.getByRole('heading', { level: 1, name: 'Who is calling?' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await expect(banner).toHaveCount(0)
  await expect(badges).toHaveCount(0)
  // Kept: a later visit without the parameter is still the APK.
  await page.goto('/search')
  await page.waitForLoadState('networkidle')
  await expect(banner).toHaveCount(0)
  await expect(badges).toHaveCount(0)
  expect(await page.evaluate(() => localStorage.getItem('isAPK'))).toBe('1')

  await page.goto('/payment')
  await page.waitForURL((url) => url.pathname === '/paywall')
  await page.goto('/payment/numcy')
  await page.waitForURL((url) => url.pathname === '/paywall/numcy')
  await expect(page.getByRole('heading', { level: 1, name: 'Coins' })).toBeVisible()
})

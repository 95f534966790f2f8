import { expect, test, type Page } from '@playwright/test'
import { apiSignIn, bearer, openAs } from './support'

/**
 * Key entry against the real server (issue 29). A key link must not switch a browser signed in
 * as someone else to the key's account unasked (login CSRF), nor send the browser to another
 * site (open redirect). Its users have numbers +49 1517 0293…, which no other spec uses.
 */
const A = '+4915170293001'
const B = '+4915170293002'

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'))

test('a key link of another account asks first: staying keeps the session and the key unused, continuing switches', async ({
  browser,
  baseURL,
  request,
}) => {
  const tokenA = await apiSignIn(baseURL!, A)
  const tokenB = await apiSignIn(baseURL!, B)
  const made = await request.post('/api/v6/payment/key', { headers: bearer(tokenB) })
  expect(made.status()).toBe(200)
  const { key } = (await made.json()).data as { key: string }

  const page = await openAs(browser, baseURL!, tokenA, '/settings')
  await expect(page.getByText(/Account\W+\+49 1517 0293001/)).toBeVisible()

  await page.goto(`/key/${key}`)
  const dialog = page.getByRole('dialog', { name: 'Continue as +49 1517 0293002?' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('You are signed in as +49 1517 0293001. This link signs you in as +49 1517 0293002 instead.')
  // Both numbers read left to right whatever the page's direction.
  await expect(dialog.locator('bdi[dir="ltr"]', { hasText: '+49 1517 0293001' }).first()).toBeVisible()
  await expect(dialog.locator('bdi[dir="ltr"]', { hasText: '+49 1517 0293002' }).first()).toBeVisible()
  const stay = dialog.getByRole('button', { name: 'Stay signed in as +49 1517 0293001' })
  await expect(dialog.getByRole('button', { name: 'Continue as +49 1517 0293002' })).toBeVisible()
  // Nothing switched while the dialog asks.
  expect(await storedToken(page)).toBe(tokenA)

  await stay.click()
  await page.waitForURL('**/number/my')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  expect(await storedToken(page)).toBe(tokenA)
  expect(await page.evaluate(() => localStorage.getItem('phoneNumber'))).not.toBe(B)
  expect((await request.get('/api/v6/profile/my', { headers: bearer(tokenA) })).status()).toBe(200)
  await page.goto('/settings')
  await expect(page.getByText(/Account\W+\+49 1517 0293001/)).toBeVisible()
  // The key was not spent: the server still tells whose it is.
  const peek = await request.post('/api/v6/auth/key/peek', { form: { key } })
  expect(peek.status()).toBe(200)
  expect((await peek.json()).data.phoneNumber).toBe(B)

  // The same link, and this time the person goes on as B.
  await page.goto(`/key/${key}`)
  await dialog.getByRole('button', { name: 'Continue as +49 1517 0293002' }).click()
  await page.waitForURL('**/number/my')
  const switched = await storedToken(page)
  expect(switched).not.toBe(tokenA)
  expect(await page.evaluate(() => localStorage.getItem('phoneNumber'))).toBe(B)
  await page.goto('/settings')
  await expect(page.getByText(/Account\W+\+49 1517 0293002/)).toBeVisible()
  // Spent now.
  expect((await request.post('/api/v6/auth/key', { form: { key } })).status()).toBe(400)
  await page.context().close()
})

test('a key link of the signed-in account itself asks nothing', async ({ browser, baseURL, request }) => {
  const tokenA = await apiSignIn(baseURL!, A)
  const { key } = (await (await request.post('/api/v6/payment/key', { headers: bearer(tokenA) })).json()).data as { key: string }
  const page = await openAs(browser, baseURL!, tokenA, `/key/${key}?settings=1`)
  await page.waitForURL('**/settings')
  await expect(page.getByText(/Account\W+\+49 1517 0293001/)).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await page.context().close()
})

test('the paywall link of another account’s key asks first too', async ({ browser, baseURL, request }) => {
  const tokenA = await apiSignIn(baseURL!, A)
  const tokenB = await apiSignIn(baseURL!, B)
  const { key } = (await (await request.post('/api/v6/payment/key', { headers: bearer(tokenB) })).json()).data as { key: string }
  // Signed in once, not at every load (openAs would put A's token back after the paywall's full load).
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  await page.goto('/robots.txt')
  await page.evaluate((t) => {
    localStorage.setItem('token', t)
    localStorage.setItem('locale_', 'en')
  }, tokenA)
  await page.goto(`/payment/show?key=${key}`)
  const dialog = page.getByRole('dialog', { name: 'Continue as +49 1517 0293002?' })
  await dialog.getByRole('button', { name: 'Stay signed in as +49 1517 0293001' }).click()
  await page.waitForURL((url) => url.pathname === '/paywall')
  expect(await storedToken(page)).toBe(tokenA)
  expect((await request.post('/api/v6/auth/key/peek', { form: { key } })).status()).toBe(200)

  await page.goto(`/payment/show?key=${key}`)
  await dialog.getByRole('button', { name: 'Continue as +49 1517 0293002' }).click()
  await page.waitForURL((url) => url.pathname === '/paywall')
  await expect.poll(() => page.evaluate(() => localStorage.getItem('phoneNumber'))).toBe(B)
  expect(await storedToken(page)).not.toBe(tokenA)
  await context.close()
})

test('a key link never sends the browser to another site, only to addresses of this app', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin
  const elsewhere: string[] = []
  await page.route(
    (url) => url.origin !== origin,
    async (route) => {
      elsewhere.push(route.request().url())
      await route.abort()
    },
  )
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && !frame.url().startsWith(origin)) elsewhere.push(frame.url())
  })
  for (const to of [
    'https://elsewhere.example/',
    '//elsewhere.example/',
    '/\\elsewhere.example/',
    'javascript:alert(1)',
    'http://127.0.0.1.elsewhere.example/',
  ]) {
    await page.goto(`/key/anything?banner=1&to=${encodeURIComponent(to)}`)
    // The key is no key and nobody is signed in: the sign-in page, as without `to`.
    await page.waitForURL((url) => url.origin === origin && url.pathname === '/login')
    await page.waitForTimeout(300)
    expect(elsewhere, to).toEqual([])
    expect(new URL(page.url()).origin, to).toBe(origin)
  }
  // An address of this app is followed.
  await page.goto(`/key/anything?banner=1&to=${encodeURIComponent('/paywall')}`)
  await page.waitForURL((url) => url.origin === origin && url.pathname === '/paywall')
  expect(elsewhere).toEqual([])
})

import { expect, test } from '@playwright/test'
import { apiSignIn } from './support'

test('/ goes to /login when signed out and to /search when signed in', async ({ page, baseURL }) => {
  await page.goto('/')
  await page.waitForURL('**/login')
  const token = await apiSignIn(baseURL!, '+4915123450001')
  await page.evaluate((t) => localStorage.setItem('token', t), token)
  await page.goto('/')
  await page.waitForURL('**/search')
  await expect(page.getByRole('heading', { level: 1, name: 'Who is calling?' })).toBeVisible()
})

test('the key entry, also with a double slash, signs in with the key and opens the number', async ({ page, baseURL }) => {
  const token = await apiSignIn(baseURL!, '+4915123450002')
  await page.goto(`${baseURL}//key/${token}?number=491637875622&theme=dark`)
  await page.waitForURL('**/number/491637875622')
  await expect(page.getByTestId('number-international')).toHaveText('+49 163 7875622')
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token)
  await expect(page.locator('html')).toHaveClass(/dark/)
  expect(await page.evaluate(() => localStorage.getItem('numberBackup'))).toBe('491637875622')

  await page.goto(`/key/${token}`)
  await page.waitForURL('**/number/my')
  await page.goto(`/key/${token}?settings=1`)
  await page.waitForURL('**/settings')
  await expect(page.getByText(/Account\W+\+49 1512 3450002/)).toBeVisible()
})

test('an expired or broken key is ignored', async ({ page }) => {
  const expired = `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: '1', exp: 1 })).toString('base64url')}.x`
  await page.goto(`/key/${expired}`)
  await page.waitForURL('**/login')
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
  await page.goto('/payment/show?key=garbage')
  await page.waitForURL((url) => url.pathname === '/search')
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
})

test('payment addresses redirect to the paywall', async ({ page }) => {
  for (const path of ['/payment', '/settings/payment', '/payment/numcy']) {
    await page.goto(path)
    await page.waitForURL((url) => url.pathname === '/paywall')
    await expect(page.getByRole('heading', { level: 1, name: 'Plans and coins' })).toBeVisible()
  }
})

test('bad search params fall back instead of breaking the page', async ({ page }) => {
  await page.goto('/search?theme=purple&banner=7&number=abc')
  await expect(page.getByRole('heading', { level: 1, name: 'Who is calling?' })).toBeVisible()
})

import { expect, test } from '@playwright/test'
import { apiSignIn, signedInPage } from './support'

test('a busy server: the number page says so with the seconds, then loads by itself without a reload', async ({ browser, baseURL }) => {
  const token = await apiSignIn(baseURL!, '+49 151 78500001')
  const page = await signedInPage(browser, baseURL!, token)

  // The first look-up meets a server that sheds load, as server/plugins/pressure.ts answers; the next one goes through.
  let searches = 0
  await page.route('**/api/v202505/search/**', async (route) => {
    searches++
    if (searches > 1) return route.continue()
    await route.fulfill({
      status: 503,
      headers: { 'retry-after': '2', 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ status: false, status_code: 1503, message: 'The service is busy; try again in 2 s' }),
    })
  })

  await page.goto('/number/491637875622')
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
  const notice = page.getByRole('status').filter({ hasText: 'The service is busy.' })
  await expect(notice).toBeVisible()
  await expect(notice).toContainText('The service is busy. Trying again in 2 s')
  expect(searches).toBe(1)

  // Two seconds later the page asks again and shows the number; the notice is gone.
  await expect(page.getByTestId('number-international')).toHaveText('+49 163 7875622')
  await expect(notice).toHaveCount(0)
  expect(searches).toBe(2)
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
  await page.context().close()
})

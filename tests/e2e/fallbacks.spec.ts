import { expect, test } from '@playwright/test'

test('a broken stored locale and theme fall back instead of breaking the page', async ({ page }) => {
  await page.goto('/search')
  await page.evaluate(() => {
    localStorage.setItem('locale_', '{{not-a-locale')
    localStorage.setItem('theme', 'purple')
  })
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Who is calling?' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  // No valid stored theme: the system preference decides.
  await expect(page.locator('html')).toHaveClass(/dark/)
})

test('the browser language is used when nothing is stored', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'uk-UA' })
  const page = await context.newPage()
  await page.goto('/search')
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk-ua')
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Who is calling?')
  await context.close()
})

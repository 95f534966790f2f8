import { expect, test, type Browser } from '@playwright/test'
import en from '../../i18n/en'
import arSa from '../../i18n/ar-sa'

/**
 * The legal pages the app serves itself (issue 33): the sign-in page's terms link and the footer's
 * privacy link open them, in the reader's language (left to right and right to left), with the
 * operator's values of the configuration, never "Page not found".
 */
type Texts = typeof en
const modes = [
  { locale: 'en', dir: 'ltr', t: en, titles: { terms: 'Terms of use', privacy: 'Privacy policy' }, stays: /within 30 days/ },
  { locale: 'ar-sa', dir: 'rtl', t: arSa as Texts, titles: { terms: 'شروط الاستخدام', privacy: 'سياسة الخصوصية' }, stays: /خلال 30 يومًا/ },
] as const

async function pageIn(browser: Browser, baseURL: string, locale: string) {
  const context = await browser.newContext({ baseURL })
  await context.addInitScript((l) => localStorage.setItem('locale_', l), locale)
  return context.newPage()
}

for (const mode of modes) {
  test(`the terms from the sign-in page and the privacy policy from the footer open in the app (${mode.locale})`, async ({
    browser,
    baseURL,
  }) => {
    const page = await pageIn(browser, baseURL!, mode.locale)
    await page.goto('/login')
    await expect(page.locator('html')).toHaveAttribute('dir', mode.dir)

    await page.getByRole('link', { name: mode.t.login.termsLink, exact: true }).click()
    await page.waitForURL('**/legal/terms')
    await expect(page.getByRole('heading', { level: 1, name: mode.titles.terms })).toBeVisible()
    await expect(page.getByText(mode.t.notFound.title)).toHaveCount(0)
    const terms = page.getByTestId('legal-text')
    await expect(terms).toHaveAttribute('lang', mode.locale.split('-')[0])
    await expect(terms).toHaveAttribute('dir', mode.dir)
    // The support address of the configuration (the test server's development stand-in), as a mail link.
    await expect(terms.getByRole('link', { name: 'support@callerid.example' }).first()).toHaveAttribute(
      'href',
      'mailto:support@callerid.example',
    )

    await page.getByRole('contentinfo').getByRole('link', { name: mode.t.footer.privacy, exact: true }).click()
    await page.waitForURL('**/legal/privacy')
    await expect(page.getByRole('heading', { level: 1, name: mode.titles.privacy })).toBeVisible()
    await expect(page.getByTestId('legal-text').getByRole('table')).toBeVisible()
    await expect(page.getByTestId('legal-text')).toContainText(mode.stays)
    await expect(page.getByText(mode.t.notFound.title)).toHaveCount(0)

    // Opened directly (a bookmark, the complaint modal's new tab) too; a link inside stays in the app.
    await page.goto('/legal/terms')
    await expect(page.getByRole('heading', { level: 1, name: mode.titles.terms })).toBeVisible()
    await page.getByTestId('legal-text').locator('a[href="/legal/purchase"]').first().click()
    await page.waitForURL('**/legal/purchase')
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(mode.t.notFound.title)
    await page.context().close()
  })
}

test('a page the app does not have is "Page not found"', async ({ page }) => {
  await page.goto('/legal/unknown')
  await expect(page.getByRole('heading', { level: 1, name: en.notFound.title })).toBeVisible()
})

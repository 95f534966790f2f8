import { expect, test } from '@playwright/test'

/**
 * The sign-in page's code card (issue 33): as tall as what it holds, beside the methods on a
 * wide screen (at the start side, so on the right in a right-to-left language) and above them
 * on a phone.
 */
const SCREENS = [
  { name: 'wide', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const
const LOCALES = [
  { locale: 'en', dir: 'ltr' },
  { locale: 'ar-sa', dir: 'rtl' },
] as const

for (const screen of SCREENS) {
  for (const { locale, dir } of LOCALES) {
    test(`${screen.name}, ${locale}: the code card is as tall as its content`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL, viewport: screen.viewport })
      await context.addInitScript((l) => localStorage.setItem('locale_', l), locale)
      const page = await context.newPage()
      try {
        await page.goto('/login')
        await expect(page.locator('html')).toHaveAttribute('dir', dir)
        const code = page.getByTestId('auth-code')
        await expect(code).toHaveText(/^\d{6}$/)
        const card = code.locator('xpath=..')
        const layout = await card.evaluate((el) => {
          const box = el.getBoundingClientRect()
          const last = el.lastElementChild!.getBoundingClientRect()
          const methods = el.nextElementSibling!.getBoundingClientRect()
          const style = getComputedStyle(el)
          return {
            // Below the last line: the card's own padding and border, nothing more.
            emptyBelow: box.bottom - last.bottom - parseFloat(style.paddingBottom) - parseFloat(style.borderBottomWidth),
            card: { left: box.left, right: box.right, top: box.top, bottom: box.bottom, height: box.height },
            methods: { left: methods.left, right: methods.right, top: methods.top, height: methods.height },
          }
        })
        expect(layout.emptyBelow).toBeLessThanOrEqual(1)
        if (screen.name === 'wide') {
          // Beside the methods, at the start side; far shorter than their column.
          expect(layout.card.top).toBe(layout.methods.top)
          if (dir === 'ltr') expect(layout.card.right).toBeLessThan(layout.methods.left)
          else expect(layout.card.left).toBeGreaterThan(layout.methods.right)
          expect(layout.card.height).toBeLessThan(layout.methods.height / 2)
        } else {
          // Above the methods, as wide as they are.
          expect(layout.card.bottom).toBeLessThan(layout.methods.top)
          expect(layout.card.left).toBe(layout.methods.left)
          expect(layout.card.right).toBe(layout.methods.right)
        }
      } finally {
        await context.close()
      }
    })
  }
}

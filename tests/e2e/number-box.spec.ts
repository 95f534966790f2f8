import { expect, test } from '@playwright/test'
import { apiSignIn, openAs } from './support'

/**
 * The number box reads what is typed as the search does (issue 33): with the region of the
 * person's own number first. A US user typing 2015550150 saw +20 15 550150 (Egypt) while the
 * search went to +1 201 555 0150. This spec's users have numbers +1 201 555 018x.
 */
test('a US person typing a national number sees the US number the search then opens', async ({ browser, baseURL }) => {
  const token = await apiSignIn(baseURL!, '+12015550181')
  const page = await openAs(browser, baseURL!, token, '/search')
  const box = page.locator('#number-search')
  await box.click()
  await box.pressSequentially('2015550150')
  await expect(box).toHaveValue('(201) 555-0150')
  await box.press('Enter')
  await expect(page).toHaveURL(/\/number\//)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('+1 201 555 0150')
  await page.context().close()
})

test('a German person typing the same digits sees and opens the Egyptian number, as before', async ({ browser, baseURL }) => {
  const token = await apiSignIn(baseURL!, '+4915170600181')
  const page = await openAs(browser, baseURL!, token, '/search')
  const box = page.locator('#number-search')
  await box.click()
  await box.pressSequentially('2015550150')
  await expect(box).toHaveValue('+20 15 550150')
  await page.context().close()
})

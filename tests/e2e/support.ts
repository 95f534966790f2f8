import type { Browser, Page } from '@playwright/test'
import { devSignIn } from '../support/dev-sign-in'

/** Signs in through the API with the dev provider, as a client would; returns the token. */
export async function apiSignIn(baseURL: string, phone: string): Promise<string> {
  return devSignIn(baseURL, phone)
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/**
 * A new browser context signed in as the token's user, in English, at `path`. Any
 * JavaScript dialog (an injected alert) fails the test.
 */
export async function openAs(browser: Browser, baseURL: string, token: string, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL })
  await context.addInitScript((t) => {
    localStorage.setItem('token', t)
    localStorage.setItem('locale_', 'en')
  }, token)
  const page = await context.newPage()
  page.on('dialog', (d) => {
    void d.dismiss()
    throw new Error(`unexpected browser dialog: ${d.message()}`)
  })
  await page.goto(path)
  return page
}

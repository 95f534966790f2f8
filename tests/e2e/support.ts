import type { Browser, BrowserContextOptions, Page } from '@playwright/test'
import { devSignIn } from '../support/dev-sign-in'

/** Signs in through the API with the dev provider, as a client would; returns the token. */
export async function apiSignIn(baseURL: string, phone: string): Promise<string> {
  return devSignIn(baseURL, phone)
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/**
 * A new browser context signed in as the token's user, in English, and a page in it that
 * has not navigated yet (a test can route its requests first). Any JavaScript dialog (an
 * injected alert) fails the test. Close it with `page.context().close()`.
 */
export async function signedInPage(browser: Browser, baseURL: string, token: string, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL, ...options })
  await context.addInitScript((t) => {
    localStorage.setItem('token', t)
    localStorage.setItem('locale_', 'en')
  }, token)
  const page = await context.newPage()
  page.on('dialog', (d) => {
    void d.dismiss()
    throw new Error(`unexpected browser dialog: ${d.message()}`)
  })
  return page
}

/**
 * A desktop screen tall enough to show all of a number page's cards at once: the tests of what the
 * cards do click them without scrolling to each after every load (every card is in the document,
 * ADR 0055; first-paint.spec.ts tests a phone's screen).
 */
export const WHOLE_PAGE: BrowserContextOptions = { viewport: { width: 1280, height: 3000 } }

/** `signedInPage`, at `path`. */
export async function openAs(
  browser: Browser,
  baseURL: string,
  token: string,
  path: string,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const page = await signedInPage(browser, baseURL, token, options)
  await page.goto(path)
  return page
}

/**
 * Holds back the page's requests for `url` until the returned function is called (a script, an API
 * call): what the page shows without it, then what it does once it comes.
 */
export async function holdBack(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(url, async (route) => {
    await held
    await route.continue()
  })
  return release
}

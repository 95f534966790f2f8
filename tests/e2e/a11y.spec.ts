import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Browser, type Page } from '@playwright/test'
import en from '../../i18n/en'
import arSa from '../../i18n/ar-sa'
import { apiSignIn } from './support'

/**
 * WCAG 2.2 AA: axe on every page route of SPEC.md section 2, in light and dark,
 * left-to-right (en) and right-to-left (ar-sa). Serious and critical violations fail.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']
const IMPORTED_NUMBER = '491637875622'
const OWN_PHONE = '+4915123459001'
// Made a moderator by tests/e2e/fixtures/moderation.ts.
const MODERATOR = '+4915172000001'

type Texts = typeof en
type Mode = { name: string; theme: 'light' | 'dark'; locale: 'en' | 'ar-sa'; t: Texts }
const MODES: Mode[] = [
  { name: 'light-en', theme: 'light', locale: 'en', t: en },
  { name: 'dark-en', theme: 'dark', locale: 'en', t: en },
  { name: 'light-ar', theme: 'light', locale: 'ar-sa', t: arSa as Texts },
  { name: 'dark-ar', theme: 'dark', locale: 'ar-sa', t: arSa as Texts },
]

/**
 * A page to check: its address, whether it needs a session, what to open first, and what part
 * to check (default: the whole page; a sub-view or an overlay only needs its own part checked,
 * the page around it has its own test).
 */
/** `moderator`: signed in as the moderator the fixtures make, for the moderation page. */
type Check = {
  name: string
  path: string
  signedIn: boolean
  moderator?: boolean
  open?: (page: Page, t: Texts) => Promise<void>
  scope?: string
}

type SettingsView = 'language' | 'theme' | 'privacy' | 'payment'

/** Opens a settings sub-view from the main list, as a user would, and waits for its title. */
async function openSettings(page: Page, t: Texts, view: SettingsView) {
  await page.getByRole('button', { name: t.settings[view] }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.settings[view])
}

const CHECKS: Check[] = [
  { name: '/login', path: '/login', signedIn: false },
  { name: '/search signed out', path: '/search', signedIn: false },
  { name: '/search signed in', path: '/search', signedIn: true },
  { name: '/settings', path: '/settings', signedIn: true },
  { name: '/settings language', path: '/settings', signedIn: true, scope: 'main', open: (p, t) => openSettings(p, t, 'language') },
  { name: '/settings theme', path: '/settings', signedIn: true, scope: 'main', open: (p, t) => openSettings(p, t, 'theme') },
  { name: '/settings privacy', path: '/settings', signedIn: true, scope: 'main', open: (p, t) => openSettings(p, t, 'privacy') },
  {
    name: '/settings privacy full delete',
    path: '/settings',
    signedIn: true,
    scope: 'main',
    open: async (page, t) => {
      await openSettings(page, t, 'privacy')
      await page.getByRole('button', { name: t.settings.fullDelete }).click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.settings.fullDelete)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    },
  },
  { name: '/settings advanced features', path: '/settings', signedIn: true, scope: 'main', open: (p, t) => openSettings(p, t, 'payment') },
  { name: '/paywall', path: '/paywall', signedIn: true },
  { name: '/paywall/numcy', path: '/paywall/numcy', signedIn: true },
  { name: '/paywall?tab=tier2', path: '/paywall?tab=tier2', signedIn: true },
  {
    name: '/paywall gift form',
    path: '/paywall?tab=tier1',
    signedIn: true,
    scope: 'main',
    open: async (page) => {
      const gift = page.getByTestId('offer-tier1').locator('button[aria-expanded]')
      await gift.click()
      await expect(gift).toHaveAttribute('aria-expanded', 'true')
      await expect(page.getByRole('form')).toBeVisible()
    },
  },
  {
    name: '/payment/dev/{id}',
    path: '/paywall/numcy',
    signedIn: true,
    // A pending development payment of this user's, as the paywall's development button makes one.
    open: async (page) => {
      const url = await page.evaluate(async () => {
        const res = await fetch('/api/v6/payment/checkout', {
          method: 'POST',
          headers: { authorization: `Bearer ${localStorage.getItem('token')}`, 'content-type': 'application/x-www-form-urlencoded' },
          body: 'product=numcy_pack_550&provider=dev',
        })
        return ((await res.json()) as { data: { url: string } }).data.url
      })
      await page.goto(url)
      await expect(page.getByTestId('dev-checkout')).toBeVisible()
    },
  },
  { name: '/not-authorized', path: '/not-authorized', signedIn: false },
  { name: '/number/my', path: '/number/my', signedIn: true },
  { name: '/number/not-found', path: '/number/not-found', signedIn: true },
  { name: '/number/empty', path: '/number/empty', signedIn: true },
  { name: `/number/${IMPORTED_NUMBER}`, path: `/number/${IMPORTED_NUMBER}`, signedIn: true },
  { name: '/profile/1', path: '/profile/1', signedIn: true },
  { name: '/profile_no_check/1', path: '/profile_no_check/1', signedIn: true },
  { name: `/profile-no-check/${IMPORTED_NUMBER}`, path: `/profile-no-check/${IMPORTED_NUMBER}`, signedIn: true },
  { name: '/moderation (moderator)', path: '/moderation', signedIn: true, moderator: true },
  { name: '/moderation (not a moderator)', path: '/moderation', signedIn: true },
  { name: '404 page', path: '/no/such/page', signedIn: false },
  // What opens over the pages: the header dropdown, a modal, the copied notice.
  { name: 'header menu open', path: `/number/${IMPORTED_NUMBER}`, signedIn: true, scope: '[role="menu"]', open: openHeaderMenu },
  {
    name: 'sign-out dialog',
    path: '/settings',
    signedIn: true,
    scope: '[role="dialog"]',
    open: async (page, t) => {
      await page.getByRole('button', { name: t.header.logout }).click()
      await expect(page.getByRole('dialog', { name: t.settings.signOutTitle })).toBeVisible()
    },
  },
  {
    name: 'copied notice',
    path: `/number/${IMPORTED_NUMBER}`,
    signedIn: true,
    // The notice lasts 2.5 s: check it quickly.
    scope: '[data-testid="copied-toast"]',
    open: async (page, t) => {
      await openHeaderMenu(page, t)
      await page.getByRole('menuitem', { name: t.header.copyNumber }).click()
      await expect(page.getByTestId('copied-toast')).toHaveText(t.notice.numberCopied)
    },
  },
  // Settings and deactivation (issue 10). New texts read in English until translated, as the app shows them.
  {
    name: '/settings notifications',
    path: '/settings',
    signedIn: true,
    scope: 'main',
    open: (p, t) => openSettingsView(p, settingsText(t).notifications),
  },
  // Protect your phone (issue 32): the set-up tabs and the device list.
  {
    name: '/settings protect your phone',
    path: '/settings',
    signedIn: true,
    scope: 'main',
    open: (p, t) => openSettingsView(p, t.devices.title),
  },
  {
    name: 'full delete confirmation dialog',
    path: '/settings',
    signedIn: true,
    scope: '[role="dialog"]',
    open: async (page, t) => {
      const s = settingsText(t)
      await openSettingsView(page, s.privacy)
      await page.getByRole('main').getByRole('button', { name: s.fullDelete, exact: true }).click()
      await page.getByRole('button', { name: s.fullDeleteButton }).click()
      await expect(page.getByRole('dialog', { name: s.fullDeleteConfirmTitle })).toBeVisible()
    },
  },
  {
    name: 'deactivation warning dialog',
    path: '/settings',
    signedIn: true,
    scope: '[role="dialog"]',
    open: (p, t) => openDeactivation(p, t),
  },
  {
    name: 'deactivation retype dialog',
    path: '/settings',
    signedIn: true,
    scope: '[role="dialog"]',
    open: async (page, t) => {
      const d = { ...en.deactivate, ...t.deactivate }
      await openDeactivation(page, t)
      // The real countdown: Continue is enabled after 10 s.
      const next = page.getByRole('dialog').getByRole('button', { name: d.continue })
      await expect(next).toBeEnabled({ timeout: 12_000 })
      await next.click()
      await expect(page.getByRole('dialog', { name: d.retypeTitle })).toBeVisible()
    },
  },
  // The inbox behind the bell, and the moderators' Disputes queue.
  {
    name: 'inbox open',
    path: '/search',
    signedIn: true,
    scope: '[role="dialog"]',
    open: async (page) => {
      await page.getByTestId('notification-bell').click()
      await expect(page.getByTestId('inbox')).toBeVisible()
    },
  },
  { name: '/moderation disputes (moderator)', path: '/moderation?queue=disputes', signedIn: true, moderator: true },
  // Sign-in with a call: a number refused on the page, then the number to call while the page waits.
  {
    name: '/login flash call invalid number',
    path: '/login',
    signedIn: false,
    scope: 'main',
    open: (p, t) => askForCall(p, t, '+1 415', 'alert'),
  },
  {
    name: '/login flash call number to call',
    path: '/login',
    signedIn: false,
    scope: 'main',
    open: (p, t) => askForCall(p, t, '+1 415 555 0170', 'link'),
  },
]

/**
 * Types a number into the flash call form and asks for the number to call; waits for the error,
 * or for the number (then stops waiting for the call: the spinner would hold the sweep back; the
 * waiting card has its own story with axe).
 */
async function askForCall(page: Page, t: Texts, typed: string, outcome: 'alert' | 'link') {
  const l = { ...en.login, ...t.login }
  const form = page.getByRole('form', { name: l.methodFlashcall })
  await form.getByRole('textbox', { name: l.flashcallPhone }).fill(typed)
  await form.getByRole('button', { name: l.flashcallRequest }).click()
  if (outcome === 'alert') return expect(form.getByRole('alert')).toBeVisible()
  await expect(page.getByTestId('flashcall-number')).toBeFocused()
  await page.getByRole('button', { name: l.cancel }).click()
  await expect(page.getByTestId('flashcall-number')).toBeVisible()
}

/** Settings texts with the English of keys not translated yet (the app falls back the same way). */
function settingsText(t: Texts): Texts['settings'] {
  return { ...en.settings, ...t.settings }
}

async function openSettingsView(page: Page, title: string) {
  await page.getByRole('main').getByRole('button', { name: title }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
}

async function openDeactivation(page: Page, t: Texts) {
  const s = settingsText(t)
  await openSettingsView(page, s.privacy)
  await page.getByRole('main').getByRole('button', { name: s.deactivate }).click()
  await expect(page.getByRole('dialog', { name: { ...en.deactivate, ...t.deactivate }.warningTitle })).toBeVisible()
}

async function openHeaderMenu(page: Page, t: Texts) {
  await page.getByRole('button', { name: t.header.more }).click()
  await expect(page.getByRole('menu')).toBeVisible()
}

let token = ''
let moderatorToken = ''
const pages = new Map<string, Page>()

/** One browser context and page per mode and session, reused by every route of that mode. */
async function pageFor(browser: Browser, baseURL: string, mode: Mode, signedIn: boolean, moderator = false): Promise<Page> {
  const key = `${mode.name}:${signedIn}:${moderator}`
  let page = pages.get(key)
  if (!page || page.isClosed()) {
    const context = await browser.newContext({ baseURL, permissions: signedIn ? ['clipboard-read', 'clipboard-write'] : [] })
    await context.addInitScript(
      ({ theme, locale, token }) => {
        localStorage.setItem('theme', theme)
        localStorage.setItem('locale_', locale)
        if (token) localStorage.setItem('token', token)
        else localStorage.removeItem('token')
      },
      { theme: mode.theme, locale: mode.locale, token: signedIn ? (moderator ? moderatorToken : token) : '' },
    )
    page = await context.newPage()
    pages.set(key, page)
  }
  return page
}

async function openInMode(
  browser: Browser,
  baseURL: string,
  mode: Mode,
  check: Pick<Check, 'path' | 'signedIn' | 'moderator' | 'open'>,
): Promise<Page> {
  const page = await pageFor(browser, baseURL, mode, check.signedIn, check.moderator)
  await page.goto(check.path)
  await expect(page.locator('html')).toHaveAttribute('dir', mode.locale === 'ar-sa' ? 'rtl' : 'ltr')
  if (mode.theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  if (check.open) await check.open(page, mode.t)
  // Let data that is still loading settle, so axe sees the finished page.
  await expect(page.locator('[role="status"]:has(.animate-spin)')).toHaveCount(0)
  return page
}

function describeViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string {
  return violations
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`).join('\n')}`,
    )
    .join('\n')
}

test.beforeAll(async ({ baseURL }) => {
  token = await apiSignIn(baseURL!, OWN_PHONE)
  moderatorToken = await apiSignIn(baseURL!, MODERATOR)
})

test.afterAll(async () => {
  await Promise.all([...pages.values()].map((p) => p.context().close()))
  pages.clear()
})

for (const mode of MODES) {
  test.describe(`axe ${mode.name}`, () => {
    for (const check of CHECKS) {
      test(`${check.name} has no serious or critical WCAG 2.2 AA violation (${mode.name})`, async ({ browser, baseURL }) => {
        const page = await openInMode(browser, baseURL!, mode, check)
        // Fast enough to run ~90 times: only violations are detailed, and legacy mode runs axe in the page
        // itself rather than in a new blank page per run (the app has no cross-origin frames).
        const axe = new AxeBuilder({ page })
          .withTags(WCAG_TAGS)
          .options({ resultTypes: ['violations'] })
          .setLegacyMode(true)
        const results = await (check.scope ? axe.include(check.scope) : axe).analyze()
        const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        expect(
          blocking.map((v) => v.id),
          `${check.path} (${mode.name}):\n${describeViolations(blocking)}`,
        ).toEqual([])
      })
    }
  })
}

test.describe('phone numbers in right-to-left text', () => {
  test('the number page heading isolates the number and the number itself reads left to right (ar-sa)', async ({ browser, baseURL }) => {
    const page = await openInMode(browser, baseURL!, MODES[2], { path: `/number/${IMPORTED_NUMBER}`, signedIn: true })
    const heading = page.getByRole('heading', { level: 1 })
    const text = (await heading.textContent()) ?? ''
    const isolated = text.includes('\u2066+49 163 7875622\u2069')
    const ltrElement = await heading.locator('[dir="ltr"]').filter({ hasText: '+49 163 7875622' }).count()
    expect(isolated || ltrElement > 0, `heading text: ${JSON.stringify(text)}`).toBe(true)

    const number = page.getByTestId('number-international')
    await expect(number).toHaveText('+49 163 7875622')
    const direction = await number.evaluate((el) => getComputedStyle(el.querySelector('bdi[dir="ltr"]') ?? el).direction)
    expect(direction).toBe('ltr')
  })

  test('the account number in the settings is isolated inside the Arabic sentence (ar-sa)', async ({ browser, baseURL }) => {
    const page = await openInMode(browser, baseURL!, MODES[2], { path: '/settings', signedIn: true })
    await expect(page.getByRole('main')).toContainText('\u2066+49 1512 3459001\u2069')
  })
})

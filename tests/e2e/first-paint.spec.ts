import { expect, test, type Page } from '@playwright/test'
import { apiSignIn, holdBack, signedInPage, WHOLE_PAGE } from './support'

/**
 * Issue 13: the first paint waits for no JavaScript. The server's page already has the frame
 * and each page's heading, in the user's language, direction and theme (server/modules/web-shell).
 */
const ROUTES = [
  { path: '/login', heading: 'Sign in' },
  { path: '/search', heading: 'Who is calling?' },
  { path: '/number/491637875622', heading: 'Phone number \u2066+49 163 7875622\u2069' },
  { path: '/settings', heading: 'Settings' },
  { path: '/paywall', heading: 'Plans and coins' },
  { path: '/number/not-found', heading: 'Number not found' },
]

for (const { path, heading } of ROUTES) {
  test(`${path}: the server's page shows the header and the heading with JavaScript off`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, locale: 'en-US' })
    try {
      const page = await context.newPage()
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
      await expect(page.getByRole('banner')).toBeVisible()
      await expect(page.getByRole('main')).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
    } finally {
      await context.close()
    }
  })
}

/** From the page's first paint on: the layout shifts not caused by input, summed as CLS sums them. */
const watchLayoutShifts = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { shifts: number }
    w.shifts = 0
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!e.hadRecentInput) w.shifts += e.value
    }).observe({ type: 'layout-shift', buffered: true })
  })
const layoutShifts = (page: Page) => page.evaluate(() => (window as unknown as { shifts: number }).shifts)

test('the server’s page is in the browser’s language and direction, with JavaScript off', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, locale: 'he-IL' })
  try {
    const page = await context.newPage()
    await page.goto('/number/491637875622')
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    await expect(page.locator('html')).toHaveAttribute('lang', 'he-il')
    const text = await page.getByRole('heading', { level: 1 }).textContent()
    expect(text).toContain('+49 163 7875622')
    expect(text).not.toContain('Phone number')
  } finally {
    await context.close()
  }
})

/** Every state of the page's direction, language and heading, from before the first paint until the test reads them. */
const watchHeadings = (page: Page) =>
  page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { seen: string[] }).seen = seen
    const note = () => {
      const h1 = document.querySelector('h1')
      const state = `${document.documentElement.dir} ${document.documentElement.lang} ${h1 ? h1.textContent : '-'}`
      if (seen[seen.length - 1] !== state) seen.push(state)
    }
    new MutationObserver(note).observe(document, { subtree: true, childList: true, attributes: true, characterData: true })
  })

test('a link that names its language (/ar/…) shows that language and direction from the first paint, over the one chosen before', async ({
  browser,
  baseURL,
}) => {
  const token = await apiSignIn(baseURL!, '+49 151 78600012')
  // English chosen before (local storage and the browser), Arabic in the link.
  const page = await signedInPage(browser, baseURL!, token, { locale: 'en-US' })
  try {
    await watchHeadings(page)
    await page.goto('/ar/search')
    await expect(page).toHaveURL(/\/search$/)
    await expect(page.locator('[data-shell]')).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('مَن المتصل؟')
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen)
    // Never English, never left to right: not in the server's page, not in the app's first render.
    expect(
      seen.filter((s) => s !== 'rtl ar-sa -' && s !== 'rtl ar-sa مَن المتصل؟'),
      seen.join(' / '),
    ).toEqual([])
    // And Arabic is now the stored choice, for the app and for the server's next page.
    expect(await page.evaluate(() => localStorage.getItem('locale_'))).toBe('ar-sa')
    const cookies = Object.fromEntries((await page.context().cookies()).map((c) => [c.name, c.value]))
    expect(cookies.locale_).toBe('ar-sa')
  } finally {
    await page.context().close()
  }
})

test('a link that names its theme (?theme=dark) is dark from the first paint, over the light one chosen before', async ({
  browser,
  baseURL,
}) => {
  const token = await apiSignIn(baseURL!, '+49 151 78600014')
  const page = await signedInPage(browser, baseURL!, token, { locale: 'en-US', colorScheme: 'light' })
  try {
    await page.addInitScript(() => {
      localStorage.setItem('theme', 'light')
      const seen: boolean[] = []
      ;(window as unknown as { darkness: boolean[] }).darkness = seen
      const note = () => {
        const dark = document.documentElement.classList.contains('dark')
        if (seen[seen.length - 1] !== dark) seen.push(dark)
      }
      new MutationObserver(note).observe(document, { subtree: true, childList: true, attributes: true })
    })
    await page.goto('/search?theme=dark')
    await expect(page.locator('[data-shell]')).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Who is calling?')
    await page.waitForTimeout(300)
    // Dark from the server's page on, never light for a moment; and now the stored choice.
    expect(await page.evaluate(() => (window as unknown as { darkness: boolean[] }).darkness)).toEqual([true])
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark')
  } finally {
    await page.context().close()
  }
})

test('a number page opened signed out sends to the sign-in page with the number plainly in its address', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'en-US' })
  try {
    const page = await context.newPage()
    await page.goto('/number/491637875622')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in')
    expect(new URL(page.url()).search).toBe('?number=491637875622')
  } finally {
    await context.close()
  }
})

for (const { path, heading } of [
  { path: '/settings', heading: 'Settings' },
  { path: '/paywall', heading: 'Plans and coins' },
]) {
  test(`${path}: the app takes over the server's heading and its link without moving them`, async ({ browser, baseURL }) => {
    const token = await apiSignIn(baseURL!, '+49 151 78600013')
    const page = await signedInPage(browser, baseURL!, token, { viewport: { width: 412, height: 900 } })
    try {
      await watchLayoutShifts(page)
      // The app's scripts held back: the server's page alone, measured, then the app let in.
      const release = await holdBack(page, /\/assets\/index-[\w-]+\.js$/)
      // Not until `load`: the held script, inserted before it, holds it back too.
      await page.goto(path, { waitUntil: 'domcontentloaded' })
      const h1 = page.getByRole('heading', { level: 1 })
      await expect(h1).toHaveText(heading)
      await expect(page.locator('[data-shell]')).toHaveCount(1)
      const before = await h1.boundingBox()
      const action = await page.locator('[data-shell] h1 + a').boundingBox()
      release()
      await expect(page.locator('[data-shell]')).toHaveCount(0)
      await expect(h1).toHaveText(heading)
      expect(await h1.boundingBox()).toEqual(before)
      // The link or button beside it, in the same place and of the same size.
      expect(await page.locator('h1 + a, h1 + button').boundingBox()).toEqual(action)
      await page.waitForTimeout(300)
      expect(await layoutShifts(page)).toBeLessThanOrEqual(0.05)
    } finally {
      await page.context().close()
    }
  })
}

// The header's own data (the user's profile, the bell's first page), asked for by the root route on every page.
const HEADER_API = ['/api/v6/profile/my', '/api/v6/notifications/list']
for (const { path, api } of [
  { path: '/search', api: ['/api/v202305/main/load', '/api/v6/history/list', ...HEADER_API] },
  { path: '/number/491637875622', api: ['/api/v202505/search/491637875622', ...HEADER_API] },
]) {
  test(`${path}: the page's and the header's data are asked for once, before the app's first render`, async ({ browser, baseURL }) => {
    const token = await apiSignIn(baseURL!, '+49 151 78600015')
    const page = await signedInPage(browser, baseURL!, token)
    try {
      // The app renders only once its language file has come: held back, the server's frame stays.
      const release = await holdBack(page, /\/assets\/en-[\w-]+\.js$/)
      const asked: string[] = []
      page.on('request', (r) => {
        const url = new URL(r.url())
        if (url.pathname.startsWith('/api/')) asked.push(url.pathname)
      })
      await page.goto(path, { waitUntil: 'domcontentloaded' })
      // The data is on its way while the frame is still all there is: asked for by the route, not by the render.
      await expect.poll(() => api.filter((endpoint) => !asked.includes(endpoint)), { timeout: 15_000 }).toEqual([])
      await expect(page.locator('[data-shell]')).toHaveCount(1)
      release()
      await expect(page.locator('[data-shell]')).toHaveCount(0)
      if (path === '/search') await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible()
      else await expect(page.getByTestId('number-international')).toHaveText('+49 163 7875622')
      await page.waitForLoadState('networkidle')
      // Once: the page's own useSWR took the request under way rather than asking again.
      for (const endpoint of api)
        expect(
          asked.filter((p) => p === endpoint),
          endpoint,
        ).toHaveLength(1)
      // A session whose profile id was unknown has it now, from that same answer (SPEC.md section 4).
      expect(Number(await page.evaluate(() => localStorage.getItem('profileId')))).toBeGreaterThan(0)
    } finally {
      await page.context().close()
    }
  })
}

test('a dark theme and a right-to-left language chosen before show from the first paint, before the app runs', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, locale: 'en-US' })
  try {
    // Chosen on an earlier visit (local storage only, no cookie yet): the page's one inline script applies them.
    await context.addInitScript(() => {
      localStorage.setItem('theme', 'dark')
      localStorage.setItem('locale_', 'ar-sa')
    })
    const page = await context.newPage()
    // The app's scripts never arrive: what shows is the server's page and its inline script alone.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
    const csp: string[] = []
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) csp.push(m.text())
    })
    await page.goto('/search')
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    await expect(page.locator('body')).toHaveClass(/\brtl\b/)
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgb(244, 246, 251)')
    expect(csp).toEqual([])
  } finally {
    await context.close()
  }
})

test('the app takes over the number page without moving what was painted', async ({ browser, baseURL }) => {
  const token = await apiSignIn(baseURL!, '+49 151 78600011')
  const page = await signedInPage(browser, baseURL!, token)
  try {
    await watchLayoutShifts(page)
    await page.goto('/number/491637875622')
    // The app's own page (its data loaded), no longer the server's frame.
    await expect(page.getByTestId('number-international')).toHaveText('+49 163 7875622')
    await expect(page.locator('[data-shell]')).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Phone number \u2066+49 163 7875622\u2069')
    // The page's own title, and the cookies that tell the server the language and theme next time.
    expect(await page.title()).toBe('Phone number \u2066+49 163 7875622\u2069 · Caller ID')
    const cookies = Object.fromEntries((await page.context().cookies()).map((c) => [c.name, c.value]))
    expect(cookies).toMatchObject({ locale_: 'en', theme: expect.stringMatching(/^(light|dark)$/) })
    await page.waitForTimeout(500)
    expect(await layoutShifts(page)).toBeLessThanOrEqual(0.05)
  } finally {
    await page.context().close()
  }
})

test('the sign-in page shows its methods before the code and moves nothing when the code, links and QR codes come', async ({
  browser,
  baseURL,
}) => {
  // A phone's screen: the methods' cards stack, and a card that grew would push the next one down.
  const context = await browser.newContext({ baseURL, locale: 'en-US', viewport: { width: 412, height: 900 } })
  const page = await context.newPage()
  try {
    await watchLayoutShifts(page)
    // Held until the test lets it go: the page must already show the methods without a code.
    const release = await holdBack(page, '**/api/v202111/auth/get*')
    await page.goto('/login')
    await expect(page.locator('[data-shell]')).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Telegram', level: 2 })).toBeVisible()
    await expect(page.getByTestId('auth-code')).toHaveCount(0)
    const before = await page.getByRole('heading', { name: 'Viber', level: 2 }).boundingBox()
    release()
    await expect(page.getByRole('link', { name: 'Open Telegram' })).toBeVisible()
    await expect(page.getByRole('img', { name: /Telegram/ })).toBeVisible()
    await page.waitForTimeout(300)
    expect(await page.getByRole('heading', { name: 'Viber', level: 2 }).boundingBox()).toEqual(before)
    expect(await layoutShifts(page)).toBeLessThanOrEqual(0.01)
  } finally {
    await context.close()
  }
})

test('a control focused in the server’s page keeps the focus when the app takes over', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'en-US' })
  try {
    const page = await context.newPage()
    // The app's entry waits until the keyboard user has reached "Skip to content" in the server's page.
    const release = await holdBack(page, /\/assets\/index-[\w-]+\.js$/)
    // Not until "load": the held entry script, once the page has asked for it, holds the load event too.
    await page.goto('/search', { waitUntil: 'domcontentloaded' })
    await expect(page.locator('[data-shell]')).toHaveCount(1)
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content')
    release()
    await expect(page.locator('[data-shell]')).toHaveCount(0)
    // The app's own link has it now (the server's one is gone), and it works.
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLAnchorElement | null)?.getAttribute('href'))).toBe('#main')
    expect(await page.evaluate(() => document.activeElement!.closest('[data-shell]'))).toBeNull()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main')
  } finally {
    await context.close()
  }
})

/** Whether the scripts a page ran so far hold zod (its jitless switch, which only zod has). */
function watchScripts(page: Page): () => Promise<boolean> {
  const bodies: Array<Promise<string>> = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text().catch(() => ''))
  })
  return async () => (await Promise.all(bodies)).some((body) => body.includes('jitless'))
}

test('no page loads zod or the contract’s schemas until a form that checks input is opened', async ({ browser, baseURL, request }) => {
  const number = '4930901820'
  const text = 'First-paint e2e: a comment to complain about'
  const author = await apiSignIn(baseURL!, '+49 151 78600012')
  const added = await request.post('/api/v7/comment/add', {
    form: { phone: `+${number}`, text },
    headers: { authorization: `Bearer ${author}` },
  })
  expect(added.ok()).toBe(true)

  const signedOut = await browser.newContext({ baseURL })
  try {
    const page = await signedOut.newPage()
    const loadedZod = watchScripts(page)
    await page.goto('/login')
    await expect(page.getByTestId('auth-code')).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(await loadedZod()).toBe(false)
  } finally {
    await signedOut.close()
  }

  const page = await signedInPage(browser, baseURL!, await apiSignIn(baseURL!, '+49 151 78600013'), WHOLE_PAGE)
  try {
    const loadedZod = watchScripts(page)
    await page.goto('/search')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Who is calling?')
    await page.goto(`/number/${number}`)
    const comment = page.getByTestId('comment').filter({ hasText: text })
    await expect(comment).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(await loadedZod()).toBe(false)
    // The complaint form checks its e-mail with the contract's rule: zod comes with it.
    await comment.getByRole('button', { name: 'Hide', exact: true }).click()
    await page.getByRole('dialog', { name: 'Complain about this text' }).getByRole('button', { name: 'File a complaint' }).click()
    await expect(page.getByRole('form', { name: 'Complaint form' }).getByLabel('Your name')).toBeFocused()
    expect(await loadedZod()).toBe(true)
  } finally {
    await page.context().close()
  }
})

test('on a phone the number page keeps every community card in the document: find in page reaches a review below the screen without scrolling', async ({
  browser,
  baseURL,
  request,
}) => {
  const number = '4930901821'
  const text = 'First-paint e2e: a review below the first screen'
  const author = await apiSignIn(baseURL!, '+49 151 78600014')
  const added = await request.post('/api/v7/comment/add', {
    form: { phone: `+${number}`, text },
    headers: { authorization: `Bearer ${author}` },
  })
  expect(added.ok()).toBe(true)
  const token = await apiSignIn(baseURL!, '+49 151 78600015')
  const phone = { viewport: { width: 412, height: 823 } }

  const page = await signedInPage(browser, baseURL!, token, phone)
  try {
    const listed: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/api/v7/comment/list')) listed.push(r.url())
    })
    await page.goto(`/number/${number}`)
    await expect(page.getByTestId('number-international')).toBeVisible()
    const review = page.getByTestId('comment').filter({ hasText: text })
    // Below the first screen and never scrolled to, the review is in the document all the same …
    await expect(review).toBeAttached()
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    expect(await review.evaluate((el) => el.getBoundingClientRect().top > window.innerHeight)).toBe(true)
    // … so the browser's find in page (window.find, what Ctrl+F does) finds it, and the screen reader's browse mode reads it.
    expect(await page.evaluate((t) => (window as unknown as { find: (s: string) => boolean }).find(t), text)).toBe(true)
    await expect(page.getByTestId('private-note')).toBeAttached()
    await expect(page.getByTestId('fof-card')).toBeAttached()
    await expect(page.locator('[aria-busy="true"][role="region"]')).toHaveCount(0)
    // The browser skips the layout and paint of what is off the screen, not its existence.
    const skipped = await page
      .getByRole('region', { name: 'Comments' })
      .evaluate((el) => getComputedStyle(el.parentElement!).contentVisibility)
    expect(skipped).toBe('auto')
    expect(listed).toHaveLength(1)
  } finally {
    await page.context().close()
  }
})

test('the number page shows its number formatted without the phone-number metadata, which comes when the search box is used', async ({
  browser,
  baseURL,
}) => {
  const page = await signedInPage(browser, baseURL!, await apiSignIn(baseURL!, '+49 151 78600016'), {
    viewport: { width: 412, height: 823 },
  })
  try {
    const bodies: Array<Promise<string>> = []
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') bodies.push(response.text().catch(() => ''))
    })
    const loadedMetadata = async () => (await Promise.all(bodies)).some((body) => body.includes('country_calling_codes'))
    await page.goto('/number/491637875622')
    await expect(page.getByTestId('number-international')).toHaveText('+49 163 7875622')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Phone number \u2066+49 163 7875622\u2069')
    const box = page.locator('#number-search')
    await expect(box).toHaveValue('+49 163 7875622')
    await page.waitForLoadState('networkidle')
    expect(await loadedMetadata()).toBe(false)
    // About to type: the metadata comes, and formats as one types.
    await box.click()
    await expect.poll(loadedMetadata).toBe(true)
    await box.fill('')
    await box.pressSequentially('4930901820')
    await expect(box).toHaveValue('+49 30 901820')
    await box.press('Enter')
    // To the number searched for, and it stays there (the page of the number before must not send it back).
    await expect(page.getByTestId('number-international')).toHaveText('+49 30 901820')
    await expect(page).toHaveURL(/\/number\/4930901820$/)
    await page.waitForTimeout(500)
    await expect(page).toHaveURL(/\/number\/4930901820$/)
  } finally {
    await page.context().close()
  }
})

test('the search page loads its language’s date data in a worker, allowed by the page’s policy, and shows its history’s dates', async ({
  browser,
  baseURL,
}) => {
  const page = await signedInPage(browser, baseURL!, await apiSignIn(baseURL!, '+49 151 78600017'), {
    viewport: { width: 412, height: 823 },
  })
  try {
    // A search, so the history has a date to show.
    await page.goto('/number/4930901823')
    await expect(page.getByTestId('number-international')).toHaveText('+49 30 901823')
    const workers: string[] = []
    const refused: string[] = []
    page.on('worker', (worker) => workers.push(worker.url()))
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text())
    })
    await page.goto('/search')
    const history = page.getByRole('list', { name: 'Recent searches' })
    await expect(history.getByRole('link', { name: '+49 30 901823' })).toBeVisible()
    await expect(history.locator('time').first()).toHaveText(/\d{4}/)
    expect(workers.some((url) => /\/assets\/intl-warm\.worker-[\w-]+\.js$/.test(url))).toBe(true)
    expect(refused).toEqual([])
  } finally {
    await page.context().close()
  }
})

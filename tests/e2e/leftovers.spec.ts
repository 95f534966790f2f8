import fs from 'node:fs'
import { expect, test, type Browser, type Page, type Request } from '@playwright/test'
import { apiSignIn, bearer, openAs, signedInPage, WHOLE_PAGE } from './support'

/** The web app's version, as the build writes it into the bundle. */
const VERSION = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string }).version

/** Users of this spec only: a registered owner, someone whose book names the owner, a viewer. */
const OWNER = '+49 151 78330001'
const UPLOADER = '+49 151 78330002'
const VIEWER = '+49 151 78330003'
const WRITER = '+49 151 78330004'
/** A PhoneBlock number (imported at server start) no other spec uses. */
const NUMBER = '4915210363999'
const OWNER_NAME = 'Leftover Ownername'

/** A page (not opened yet) with the given stored language and browser languages, signed in when a token is given. */
async function pageWith(
  browser: Browser,
  baseURL: string,
  opts: { token?: string; stored?: string; browserLocale?: string },
): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: opts.browserLocale ?? 'en-US' })
  await context.addInitScript(({ token, stored }) => {
    if (token) localStorage.setItem('token', token)
    if (stored) localStorage.setItem('locale_', stored)
  }, opts)
  return context.newPage()
}

const form = (request: Request) => new URLSearchParams(request.postData() ?? '')

test('a client too old: every call carries X-Client-Version; a 426 signs out to /not-authorized, which offers Reload', async ({
  browser,
  baseURL,
}) => {
  const token = await apiSignIn(baseURL!, VIEWER)
  const context = await browser.newContext({ baseURL })
  await context.addInitScript((t) => {
    if (!sessionStorage.getItem('seeded')) localStorage.setItem('token', t)
    sessionStorage.setItem('seeded', '1')
    localStorage.setItem('locale_', 'en')
  }, token)
  const page = await context.newPage()
  // The server here accepts every version; this stands in for one started with MIN_CLIENT_VERSION above ours.
  const versions: Array<string | undefined> = []
  await page.route('**/api/**', (route) => {
    versions.push(route.request().headers()['x-client-version'])
    return route.fulfill({
      status: 426,
      json: { status: false, status_code: 1426, message: 'This version of the app is too old. Reload the page.' },
    })
  })
  await page.goto('/search')
  await expect(page).toHaveURL(/\/not-authorized$/)
  await expect(page.getByRole('heading', { level: 1, name: 'You are signed out' })).toBeVisible()
  await expect(page.getByText('If the app was updated in the meantime, reload the page to get its new version.')).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
  expect(versions.length).toBeGreaterThan(0)
  expect(new Set(versions)).toEqual(new Set([VERSION]))

  // Reload loads the page afresh (a marker set on this page is gone afterwards).
  await page.evaluate(() => ((window as unknown as { marker?: number }).marker = 1))
  const reloaded = page.waitForEvent('load')
  await page.getByRole('button', { name: 'Reload' }).click()
  await reloaded
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined()
  await expect(page.getByRole('heading', { level: 1, name: 'You are signed out' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/login')
})

test('a profile page asks for its names by profile, likes and reports them by profile, and complains about the profile', async ({
  browser,
  baseURL,
  request,
}) => {
  const ownerToken = await apiSignIn(baseURL!, OWNER)
  const uploaderToken = await apiSignIn(baseURL!, UPLOADER)
  const viewerToken = await apiSignIn(baseURL!, VIEWER)
  const ownerId = (await (await request.get('/api/v6/profile/my', { headers: bearer(ownerToken) })).json()).data.profileId as number
  // The uploader's book names the owner's number.
  const vcard = ['BEGIN:VCARD', 'VERSION:3.0', 'N:Ownername;Leftover;;;', `FN:${OWNER_NAME}`, `TEL:${OWNER}`, 'END:VCARD'].join('\r\n')
  const uploaded = await request.post('/api/v6/contacts/upload', {
    headers: bearer(uploaderToken),
    multipart: { file: { name: 'book.vcf', mimeType: 'text/vcard', buffer: Buffer.from(vcard) } },
  })
  expect(uploaded.ok()).toBe(true)

  const page = await signedInPage(browser, baseURL!, viewerToken, WHOLE_PAGE)
  const contactCalls: string[] = []
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname
    if (/\/api\/v6\/(contacts|report)\//.test(path)) contactCalls.push(`${r.method()} ${path}`)
  })
  const listed = page.waitForRequest((r) => r.url().includes('/api/v6/contacts/by-profile'))
  await page.goto(`/profile/${ownerId}`)
  expect(new URL((await listed).url()).searchParams.get('profile_id')).toBe(String(ownerId))

  const contacts = page.getByRole('region', { name: 'Saved in contacts as' })
  const item = contacts.getByTestId('contact-name')
  await expect(item.getByTestId('contact-name-text')).toHaveText(OWNER_NAME)
  const liked = page.waitForResponse((r) => r.url().endsWith('/api/v6/contacts/like-by-profile'))
  await item.getByRole('button', { name: 'Like (0)', exact: true }).click()
  expect(form((await liked).request()).get('profile_id')).toBe(String(ownerId))
  await expect(item.getByRole('button', { name: 'Like (1)', exact: true })).toHaveAttribute('aria-pressed', 'true')

  await item.getByRole('button', { name: 'Report', exact: true }).click()
  const reported = page.waitForResponse((r) => r.url().endsWith('/api/v6/report/contact-by-profile'))
  await page.getByRole('dialog', { name: 'Report this name?' }).getByRole('button', { name: 'Send report' }).click()
  expect((await reported).status()).toBe(200)
  const sent = page.getByRole('dialog', { name: 'Name reported' })
  await expect(sent).toBeVisible()
  await sent.getByRole('button', { name: 'Close' }).first().click()
  // Nothing went by phone: the page never had to read the number back.
  expect(new Set(contactCalls)).toEqual(
    new Set(['GET /api/v6/contacts/by-profile', 'POST /api/v6/contacts/like-by-profile', 'POST /api/v6/report/contact-by-profile']),
  )

  // A terms-breach complaint about the profile itself.
  await page.getByRole('button', { name: 'Complain about this profile' }).click()
  const dialog = page.getByRole('dialog', { name: 'Complain about this profile' })
  await dialog.getByRole('button', { name: 'File a complaint' }).click()
  await dialog.getByLabel('Your name').fill('Vi Ewer')
  await dialog.getByLabel('Your e-mail').fill('viewer@example.com')
  await dialog.getByLabel('What is wrong with this profile?').fill('The profile name insults people')
  const complained = page.waitForResponse((r) => r.url().endsWith('/api/v6/complaint/add'))
  await dialog.getByRole('button', { name: 'Send complaint' }).click()
  const answer = await complained
  expect(answer.status()).toBe(200)
  expect(Object.fromEntries(form(answer.request()))).toMatchObject({
    target_type: 'profile',
    target_id: String(ownerId),
    profile_id: String(ownerId),
  })
  await expect(page.getByRole('dialog', { name: 'Complaint sent' })).toBeVisible()

  // The owner is not offered a complaint about their own profile.
  const own = await openAs(browser, baseURL!, ownerToken, `/profile/${ownerId}`, WHOLE_PAGE)
  await expect(own.getByRole('button', { name: 'Suggest a name' })).toBeVisible()
  await expect(own.getByRole('button', { name: 'Complain about this profile' })).toHaveCount(0)
})

test('a reply is complained about through its Hide button; the first comment sets the kept first-comment flag', async ({
  browser,
  baseURL,
  request,
}) => {
  const writerToken = await apiSignIn(baseURL!, WRITER)
  const ownerToken = await apiSignIn(baseURL!, OWNER)
  const viewerToken = await apiSignIn(baseURL!, VIEWER)
  const comment = await request.post('/api/v7/comment/add', {
    form: { phone: NUMBER, text: 'Leftovers e2e: they call at night' },
    headers: bearer(writerToken),
  })
  const commentId = (await comment.json()).data.id as number
  const reply = await request.post('/api/v13/comment/thread/add', {
    form: { reply_to: commentId, text: 'Leftovers e2e: a rude reply' },
    headers: bearer(ownerToken),
  })
  expect(reply.ok()).toBe(true)
  const replyId = (await reply.json()).data.id as number

  const page = await openAs(browser, baseURL!, viewerToken, `/number/${NUMBER}`, WHOLE_PAGE)
  const thread = page.getByTestId('comment').filter({ hasText: 'they call at night' })
  await thread.getByRole('button', { name: 'Show replies (1)' }).click()
  const rude = thread.getByTestId('reply').filter({ hasText: 'a rude reply' })
  await rude.getByRole('button', { name: 'Hide', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Complain about this text' })
  await dialog.getByRole('button', { name: 'File a complaint' }).click()
  await dialog.getByLabel('Your name').fill('Vi Ewer')
  await dialog.getByLabel('Your e-mail').fill('viewer@example.com')
  await dialog.getByLabel('What is wrong with this text?').fill('This reply insults the caller')
  const complained = page.waitForResponse((r) => r.url().endsWith('/api/v6/complaint/add'))
  await dialog.getByRole('button', { name: 'Send complaint' }).click()
  const answer = await complained
  expect(answer.status()).toBe(200)
  expect(Object.fromEntries(form(answer.request()))).toMatchObject({ target_type: 'thread', target_id: String(replyId) })
  await page.getByRole('dialog', { name: 'Complaint sent' }).getByRole('button', { name: 'Close' }).first().click()

  // The viewer's first comment: the flag is set and kept in local storage.
  expect(await page.evaluate(() => localStorage.getItem('firstComment'))).toBeNull()
  const comments = page.getByRole('region', { name: 'Comments' })
  await comments.getByLabel('Write a comment').fill('Leftovers e2e: my first comment')
  await comments.getByRole('button', { name: 'Post comment' }).click()
  await expect(comments.getByTestId('comment').filter({ hasText: 'my first comment' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('firstComment'))).toBe('1')
  await page.reload()
  await expect(comments.getByTestId('comment').filter({ hasText: 'my first comment' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('firstComment'))).toBe('1')
})

test('the search page lists featured numbers with a name (or Unknown) and their index', async ({ browser, baseURL }) => {
  const token = await apiSignIn(baseURL!, VIEWER)
  const page = await openAs(browser, baseURL!, token, '/search', WHOLE_PAGE)
  const featured = page.getByRole('list', { name: 'Most reported numbers' }).getByTestId('featured-number')
  await expect(featured.first()).toBeVisible()
  for (const item of await featured.all()) {
    await expect(item.getByRole('link')).toHaveAttribute('href', /^\/number\/\d+$/)
    await expect(item.getByTestId('featured-name')).toHaveText(/\S/)
    await expect(item.getByTestId('featured-index')).toHaveText(/^Reputation \d+(\.\d)? out of 10$/)
  }
})

test('analytics: page views and searches by route pattern in ru-RU only, never the number', async ({ browser, baseURL }) => {
  const token = await apiSignIn(baseURL!, VIEWER)
  const counted = (page: Page) => {
    const seen: Array<Record<string, string>> = []
    page.on('request', (r) => {
      if (r.url().endsWith('/api/v6/analytics')) seen.push(Object.fromEntries(form(r)))
    })
    return seen
  }

  const ru = await pageWith(browser, baseURL!, { token, stored: 'ru-RU' })
  const seen = counted(ru)
  await ru.goto('/search')
  await expect.poll(() => seen.map((s) => `${s.kind} ${s.route}`)).toEqual(['pageview /search'])
  const answered = ru.waitForResponse((r) => r.url().endsWith('/api/v6/analytics'))
  const box = ru.getByRole('search').getByRole('textbox')
  await box.fill(NUMBER)
  await box.press('Enter')
  await expect(ru).toHaveURL(new RegExp(`/number/${NUMBER}$`))
  expect((await answered).status()).toBe(200)
  await expect
    .poll(() => seen.map((s) => `${s.kind} ${s.route}`))
    .toEqual(['pageview /search', 'search /search', 'pageview /number/$phoneNumber'])
  for (const s of seen) expect(s.locale).toBe('ru-RU')
  expect(JSON.stringify(seen)).not.toMatch(/\d{3}/)

  const en = await pageWith(browser, baseURL!, { token, stored: 'en' })
  const none = counted(en)
  await en.goto('/search')
  await en.getByRole('textbox', { name: 'Phone number' }).fill(NUMBER)
  await en.getByRole('textbox', { name: 'Phone number' }).press('Enter')
  await expect(en.getByTestId('number-international')).toBeVisible()
  await en.waitForLoadState('networkidle')
  expect(none).toEqual([])
})

test('a language that fails to load falls back to the browser language, and stays the stored choice', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'it-IT' })
  await context.addInitScript(() => localStorage.setItem('locale_', 'fr-fr'))
  const page = await context.newPage()
  await page.route(/\/assets\/fr-fr-[^/]*\.js$/, (route) => route.abort())
  await page.goto('/search')
  await expect(page.getByRole('heading', { level: 1, name: 'Chi mi chiama?' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'it-it')
  expect(await page.evaluate(() => localStorage.getItem('locale_'))).toBe('fr-fr')
})

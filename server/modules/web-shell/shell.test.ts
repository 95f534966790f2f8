import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/app'
import { renderFrame } from '../../web-build'
import { acceptedLanguages } from './shell'

/** The page the server sends before any script runs (issue 13): heading, language, direction, theme. */
describe('the first page, before any script', () => {
  let t: TestApp
  /** The frame as the build writes it into index.html (vite.config.ts): the web app's components, rendered. */
  let frame: string
  beforeAll(async () => {
    frame = await renderFrame()
    const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'callerid-shell-'))
    fs.writeFileSync(
      path.join(webRoot, 'index.html'),
      `<!doctype html><html lang="en" dir="ltr"><head><meta name="app-config" content="__APP_CONFIG__"><title>Caller ID</title></head><body><div id="root">${frame}</div><script type="module" src="/assets/index.js"></script></body></html>`,
    )
    t = await createTestApp('pglite', {}, { webRoot })
  })
  afterAll(async () => t?.close())

  const page = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url, headers })
    expect(res.statusCode).toBe(200)
    const heading = /<h1 id="page-title"[^>]*>([^<]*)<\/h1>/.exec(res.body)?.[1] ?? null
    const html = /<html[^>]*>/.exec(res.body)![0]
    return { res, body: res.body, heading, html, title: /<title>([^<]*)<\/title>/.exec(res.body)![1] }
  }

  it('heads a number page with the number in international format, in the page and the title', async () => {
    const p = await page('/number/491637875622')
    expect(p.heading).toBe('Phone number \u2066+49 163 7875622\u2069')
    expect(p.title).toBe('Phone number \u2066+49 163 7875622\u2069 · Caller ID')
    expect(p.body).toContain('<header')
    expect(p.body).toContain('<main id="main"')
    expect(p.html).toBe('<html lang="en" dir="ltr">')
    // Any way of writing the number in the address: the heading shows the digits as the web app does.
    expect((await page('/number/%2B1%20(202)%20555-0143')).heading).toBe('Phone number \u2066+1 202 555 0143\u2069')
    // The number's card as the app draws it: the number large, left to right, and what the card will tell.
    expect(p.body).toContain(
      '<p class="text-3xl font-bold tracking-tight"><bdi dir="ltr" data-slot="phone-text" class="phone [unicode-bidi:isolate]">+49 163 7875622</bdi></p>',
    )
    expect(p.body).toContain('>Region</dt>')
    expect(p.body).toContain('>Carrier</dt>')
    expect((await page('/number/491637875622', { 'accept-language': 'ru-RU' })).body).toContain('>Регион</dt>')
  })

  it('heads every page whose heading needs no data, and the others with the frame only', async () => {
    expect((await page('/login')).heading).toBe('Sign in')
    expect((await page('/search')).heading).toBe('Who is calling?')
    expect((await page('/')).heading).toBe('Who is calling?')
    const settings = await page('/settings')
    expect(settings.heading).toBe('Settings')
    expect(settings.title).toBe('Settings · Caller ID')
    expect(settings.body).toContain('<header')
    expect(settings.body).not.toContain('skyblue')
    // Beside the heading, what the page shows there: a link that works before any script.
    expect(settings.body).toMatch(/<\/h1><a href="\/" class="[^"]*h-11 px-4[^"]*">Close settings<\/a>/)
    const paywall = await page('/paywall')
    expect(paywall.heading).toBe('Plans and coins')
    expect(paywall.body).toContain('<p class="-mt-3 text-muted">More searches, hidden reviews and no ads.</p>')
    expect(paywall.body).toMatch(/<\/h1><a [^>]*href="\/paywall\/numcy">Buy coins<\/a>/)
    expect((await page('/paywall/numcy')).body).toMatch(/<\/h1><a [^>]*href="\/paywall\?tab=tier1">/)
    expect((await page('/paywall/numcy')).heading).toBe('Coins')
    expect((await page('/moderation')).heading).toBe('Moderation')
    expect((await page('/number/my')).heading).toBe('My number')
    expect((await page('/number/not-found')).heading).toBe('Number not found')
    expect((await page('/number/empty')).heading).toBe('Number not found')
    expect((await page('/not-authorized')).heading).toBe('You are signed out')
    expect((await page('/settings/')).heading).toBe('Settings')
    // A page whose heading is its data (a profile), or no page at all: the frame, no heading.
    for (const url of ['/profile/5', '/nothing-here', '/payment/show']) {
      const p = await page(url)
      expect(p.heading, url).toBeNull()
      expect(p.body, url).toContain('<main id="main"')
    }
  })

  it('speaks the language the address names, over the browser’s and the one chosen before', async () => {
    const ar = await page('/ar/search', { 'accept-language': 'en-US', cookie: 'locale_=en' })
    expect(ar.html).toBe('<html lang="ar-sa" dir="rtl" data-path-locale="">')
    expect(ar.heading).toBe('مَن المتصل؟')
    expect(ar.body).toContain('class="rtl skyblue"')
    // The rest of the address is the page: a number's, in Russian.
    const ru = await page('/ru/number/491637875622')
    expect(ru.html).toBe('<html lang="ru" dir="ltr" data-path-locale="">')
    expect(ru.heading).toBe('Номер телефона \u2066+49 163 7875622\u2069')
    expect((await page('/he')).html).toBe('<html lang="he-il" dir="rtl" data-path-locale="">')
    expect((await page('/fr/settings')).body).not.toContain('skyblue')
    // Not a language: the usual detection, no marker.
    const unknown = await page('/xx/search', { 'accept-language': 'ru' })
    expect(unknown.html).toBe('<html lang="ru" dir="ltr">')
    expect(unknown.heading).toBeNull()
    // The page's inline script leaves a language named by the address alone (it applies a stored one otherwise).
    expect(/<script>([^<]*)<\/script>/.exec(ar.body)![1]).toContain("hasAttribute('data-path-locale')")
  })

  it('speaks the browser’s language, or the one the user chose (cookie), with its direction', async () => {
    const he = await page('/login', { 'accept-language': 'he-IL,he;q=0.9,en;q=0.5' })
    expect(he.html).toBe('<html lang="he-il" dir="rtl">')
    expect(he.heading).not.toBe('Sign in')
    expect(he.body).toContain('class="rtl skyblue"')
    const fr = await page('/login', { 'accept-language': 'he-IL', cookie: 'locale_=fr-fr' })
    expect(fr.html).toBe('<html lang="fr-fr" dir="ltr">')
    expect(fr.heading).toBe('Connexion')
    expect(acceptedLanguages('en;q=0.2, de-DE, fr;q=0.8, *;q=0.1, xx;q=0')).toEqual(['de-DE', 'fr', 'en'])
  })

  it('names a number page’s number as the web app shows it, so its first render needs no phone-number metadata', async () => {
    const meta = (body: string) => /<meta name="page-number"[^>]*>/.exec(body)?.[0] ?? null
    // In the head, with what the heading and the search box show (src/lib/phone-display.ts).
    expect(meta((await page('/number/491637875622')).body)).toBe(
      '<meta name="page-number" content="491637875622" data-international="+49 163 7875622" data-typing="+49 163 7875622">',
    )
    expect((await page('/number/491637875622')).body).toMatch(/<meta name="page-number"[^>]*><\/head>/)
    // The digits of the address, however it was written; the box shows them as one types them.
    expect(meta((await page('/number/%2B1%20(202)%20555-0143')).body)).toBe(
      '<meta name="page-number" content="12025550143" data-international="+1 202 555 0143" data-typing="+1 202 555 0143">',
    )
    // No number, no tag: other pages, and a number page whose address holds no number.
    for (const url of ['/search', '/login', '/number/my', '/number/x']) expect(meta((await page(url)).body), url).toBeNull()
  })

  it('is dark when the user chose dark, before any script', async () => {
    const dark = await page('/search', { cookie: 'theme=dark' })
    expect(dark.html).toContain('class="dark"')
    expect(dark.body).toContain('<body class="dark ltr skyblue">')
    expect((await page('/search', { cookie: 'theme=light' })).html).not.toContain('dark')
  })

  it('is in the theme the address names (?theme=dark), over the one chosen before', async () => {
    const dark = await page('/search?theme=dark', { cookie: 'theme=light' })
    expect(dark.html).toBe('<html lang="en" dir="ltr" data-theme-param="dark" class="dark" style="color-scheme: dark">')
    expect(dark.body).toContain('<body class="dark ltr skyblue">')
    const light = await page('/key/abc?number=491637875622&theme=light', { cookie: 'theme=dark' })
    expect(light.html).toBe('<html lang="en" dir="ltr" data-theme-param="light">')
    // Anything else is no theme: the cookie's.
    expect((await page('/search?theme=purple', { cookie: 'theme=dark' })).html).toBe(
      '<html lang="en" dir="ltr" class="dark" style="color-scheme: dark">',
    )
    // The inline script lets the address's theme win over the stored one.
    expect(/<script>([^<]*)<\/script>/.exec(dark.body)![1]).toContain("getAttribute('data-theme-param')")
  })

  it('runs its one inline script by hash, never by unsafe-inline', async () => {
    const p = await page('/search')
    const script = /<script>([^<]*)<\/script>/.exec(p.body)![1]
    const csp = String(p.res.headers['content-security-policy'])
    const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]
    expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`)
    expect(scriptSrc).not.toContain('unsafe-inline')
  })

  it('never writes what the address says into the page', async () => {
    for (const url of ['/number/%3Cscript%3Ealert(1)%3C%2Fscript%3E', '/login?number=%3Cimg%20src%3Dx%3E', '/%3Cb%3Ex']) {
      const p = await page(url)
      expect(p.body).not.toMatch(/<script>alert|<img src=x|<b>x/)
    }
    expect((await page('/number/%3Cscript%3Ealert(1)%3C%2Fscript%3E')).heading).toBeNull()
  })

  it('lists the server’s sign-in methods on /login, in the page’s language, and hands them to the app', async () => {
    const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'callerid-shell-'))
    fs.writeFileSync(
      path.join(webRoot, 'index.html'),
      `<html><head><meta name="app-config" content="__APP_CONFIG__"><title>x</title></head><body><div id="root">${frame}</div></body></html>`,
    )
    const env = {
      TELEGRAM_BOT_TOKEN: 't',
      TELEGRAM_BOT_USERNAME: 'cid_bot',
      TELEGRAM_WEBHOOK_SECRET: 's',
      TWILIO_AUTH_TOKEN: 't',
      TWILIO_NUMBER: '+15005550006',
    }
    const other = await createTestApp('pglite', env, { webRoot })
    try {
      const get = (headers: Record<string, string> = {}) => other.app.inject({ method: 'GET', url: '/login', headers })
      const en = (await get()).body
      const section = en.slice(en.indexOf('<main'))
      // Telegram before SMS, as the app lists them; what to do, before any script has run (the number as the app shows it).
      expect(section.indexOf('Open our Telegram bot')).toBeGreaterThan(0)
      expect(section.indexOf('Text \u2066…\u2069 to \u2066+1 500 555 0006\u2069.')).toBeGreaterThan(
        section.indexOf('Open our Telegram bot'),
      )
      expect(section).toContain('Your sign-in code')
      // The tests' server also signs in without a messenger (AUTH_DEV), listed last.
      expect(section.indexOf('Development sign-in')).toBeGreaterThan(section.indexOf('+15005550006'))
      // The app gets the same list without a code (its first render draws the same cards).
      const config = JSON.parse(/name="app-config" content="([^"]*)"/.exec(en)![1].replace(/&quot;/g, '"'))
      expect(config.signInMethods).toEqual([{ method: 'telegram' }, { method: 'sms', number: '+15005550006' }, { method: 'dev' }])
      const fr = (await get({ cookie: 'locale_=fr-fr' })).body
      expect(fr).not.toContain('Open our Telegram bot')
      expect(fr).toContain('Telegram')
    } finally {
      await other.close()
    }
  })
})

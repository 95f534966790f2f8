import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LEGAL_PAGES, legalPageResponse } from '../../../contract/api/legal'
import { backends } from '../../../tests/support/database'
import { createTestApp, type TestApp } from '../../../tests/support/app'
import { createLegalTexts, languageCandidates, TEXTS_DIR } from './documents'
import { loadEnv } from '../../env'
import { siteConfig } from '../../plugins/web-app'

/** Values with characters HTML and Markdown would read: they must arrive as text. */
const OPERATOR = {
  OPERATOR_NAME: 'Acme <b>Calls</b> & *Sons*',
  OPERATOR_ADDRESS: '1 "Main" Street, Springfield <script>alert(1)</script>',
  SUPPORT_EMAIL: 'help@acme-calls.com',
}

describe.each(backends)('legal pages (issue 33) on %s', (backend) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(backend, OPERATOR)
  })
  afterAll(async () => t?.close())

  const get = (url: string) => t.app.inject({ method: 'GET', url })

  it('serves each page in English with the operator, its address and the support address of the configuration, escaped', async () => {
    for (const page of LEGAL_PAGES) {
      const res = await get(`/api/v6/legal/${page}?lang=en`)
      expect(res.statusCode, page).toBe(200)
      const { data } = legalPageResponse.parse(res.json())
      expect(data).toMatchObject({ page, lang: 'en' })
      expect(data.title.length, page).toBeGreaterThan(3)
      expect(data.html, page).toContain('mailto:help@acme-calls.com')
      // No placeholder left, and no configured value read as markup.
      expect(data.html, page).not.toMatch(/\{\{|%7B%7B/i)
      expect(data.html, page).not.toContain('<script>')
      expect(data.html, page).not.toContain('<b>Calls')
    }
    const contacts = legalPageResponse.parse((await get('/api/v6/legal/contacts')).json()).data
    expect(contacts.html).toContain('Acme &lt;b&gt;Calls&lt;/b&gt; &amp; *Sons*')
    expect(contacts.html).toContain('1 &quot;Main&quot; Street, Springfield &lt;script&gt;alert(1)&lt;/script&gt;')
    expect(contacts.html).toContain('<a href="mailto:help@acme-calls.com">help@acme-calls.com</a>')
  })

  it('lists on the privacy page what is stored, for how long, and how to delete it, as the code does it', async () => {
    const { html } = legalPageResponse.parse((await get('/api/v6/legal/privacy?lang=en')).json()).data
    expect(html).toContain('<table>')
    // The purge of deactivated accounts (privacy/repository.ts RESTORE_DAYS), sessions (LIMITS.tokenTtlSeconds), sign-in codes.
    expect(html).toMatch(/within 30 days/)
    expect(html).toMatch(/30 days from sign-in/)
    expect(html).toMatch(/120 seconds/)
    expect(html).toMatch(/one entry per number and day/)
    expect(html).toMatch(/Delete privacy data/)
    expect(html).toMatch(/Deactivate your profile/)
    expect(html).toMatch(/coin ledger, payments and plans stay/)
  })

  it('answers in the language asked for, its base language, or else English', async () => {
    const page = async (lang: string) => legalPageResponse.parse((await get(`/api/v6/legal/terms?lang=${lang}`)).json()).data
    expect((await page('ru')).lang).toBe('ru')
    expect((await page('ru-RU')).lang).toBe('ru')
    expect((await page('ar-sa')).lang).toBe('ar')
    expect((await page('ar-sa')).html).toContain('mailto:help@acme-calls.com')
    // No French text: English.
    const french = await page('fr-fr')
    expect(french.lang).toBe('en')
    expect(french.title).toBe('Terms of use')
    // No language asked for: English.
    expect(legalPageResponse.parse((await get('/api/v6/legal/terms')).json()).data.lang).toBe('en')
  })

  it('answers 404 for a page it does not have and 400 for a language code that is not one', async () => {
    expect((await get('/api/v6/legal/tos')).statusCode).toBe(404)
    expect((await get('/api/v6/legal/..%2F..%2Fenv')).statusCode).toBe(404)
    expect((await get('/api/v6/legal/terms?lang=../../etc')).statusCode).toBe(400)
  })
})

describe('legal pages with a main site instead (MAIN_SITE_URL, production)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://callerid.com',
      SUPPORT_EMAIL: 'help@acme-calls.com',
      MAIN_SITE_URL: 'https://acme-calls.com',
    })
  })
  afterAll(async () => t?.close())

  it('serves none of its own and says where they are', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v6/legal/terms' })
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toContain('https://acme-calls.com')
  })
})

describe('the run-time config of the web app (issue 33)', () => {
  it('carries the support address, the main site and only the store links configured', async () => {
    const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'callerid-legal-'))
    fs.writeFileSync(
      path.join(webRoot, 'index.html'),
      '<html><head><meta name="app-config" content="__APP_CONFIG__"></head><body>app</body></html>',
    )
    const t = await createTestApp(
      'pglite',
      { ...OPERATOR, MAIN_SITE_URL: 'https://acme-calls.com/', APP_STORE_URL: 'https://apps.apple.com/app/id1234567890?l=en&mt=8' },
      { webRoot },
    )
    try {
      const body = (await t.app.inject({ method: 'GET', url: '/' })).body
      const raw = /name="app-config" content="([^"]*)"/.exec(body)![1]
      const config = JSON.parse(raw.replace(/&quot;/g, '"').replace(/&amp;/g, '&'))
      expect(config).toMatchObject({
        supportEmail: 'help@acme-calls.com',
        mainSiteUrl: 'https://acme-calls.com',
        storeLinks: { appStore: 'https://apps.apple.com/app/id1234567890?l=en&mt=8' },
      })
      expect(Object.keys(config.storeLinks)).toEqual(['appStore'])
      // An `&` in an attribute is written as &amp;.
      expect(raw).toContain('?l=en&amp;mt=8')
    } finally {
      await t.close()
    }
    // The first page is rendered from the app's frame: slow on a busy machine.
  }, 120_000)

  it('leaves out a main site and the store links not configured, and takes the support address as it is', () => {
    const env = loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: '/nonexistent',
      JWT_SECRET: 'x'.repeat(40),
      ...OPERATOR,
      GOOGLE_PLAY_URL: 'https://play.google.com/store/apps/details?id=com.acme.calls',
    })
    expect(siteConfig(env)).toEqual({
      supportEmail: 'help@acme-calls.com',
      storeLinks: { googlePlay: 'https://play.google.com/store/apps/details?id=com.acme.calls' },
    })
    expect(siteConfig(loadEnv({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', JWT_SECRET: 'x'.repeat(40) }))).toEqual({
      supportEmail: 'support@callerid.example',
      storeLinks: {},
    })
  })
})

describe('the legal texts', () => {
  it('has every page in English, and in each other language only pages English has, naming only known values', () => {
    const languages = fs.readdirSync(TEXTS_DIR)
    expect(languages).toContain('en')
    for (const page of LEGAL_PAGES) expect(fs.existsSync(path.join(TEXTS_DIR, 'en', `${page}.md`)), page).toBe(true)
    for (const lang of languages) {
      for (const file of fs.readdirSync(path.join(TEXTS_DIR, lang))) {
        expect(
          LEGAL_PAGES.map((p) => `${p}.md`),
          `${lang}/${file}`,
        ).toContain(file)
        const text = fs.readFileSync(path.join(TEXTS_DIR, lang, file), 'utf8')
        expect(text, `${lang}/${file}`).toMatch(/^# \S/)
        for (const [, name] of text.matchAll(/\{\{(\w+)\}\}/g))
          expect(['operatorName', 'operatorAddress', 'supportEmail'], `${lang}/${file}`).toContain(name)
      }
    }
  })

  it('renders once per page and language, and takes only a language code to the file system', () => {
    const texts = createLegalTexts({ operatorName: 'A', operatorAddress: 'B', supportEmail: 'c@d.org' })
    expect(texts('privacy', 'en')).toBe(texts('privacy', 'en'))
    expect(languageCandidates('pt-BR')).toEqual(['pt-br', 'pt', 'en'])
    expect(languageCandidates('../etc')).toEqual(['en'])
    expect(languageCandidates(undefined)).toEqual(['en'])
  })
})

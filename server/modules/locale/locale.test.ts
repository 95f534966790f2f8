import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorEnvelope } from '../../../contract/api/envelope'
import { SUPPORTED_LOCALES } from '../../../contract/constants'
import { ERROR_CODES } from '../../../contract/errors'
import { createTestApp, TEST_HOST, type TestApp } from '../../../tests/support/app'
import { toPercentArguments } from './language-file'

const headers = { host: TEST_HOST }

describe('the language file', () => {
  let t: TestApp
  const get = (lang: string) => t.app.inject({ method: 'GET', url: `/localeModule/json/${lang}.json`, headers })
  beforeAll(async () => {
    t = await createTestApp('pglite')
  })
  afterAll(async () => t?.close())

  it('serves English with flat underscore keys and %name% arguments, cacheable for an hour', async () => {
    const res = await get('en')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.headers['cache-control']).toBe('public, max-age=3600')
    const file = res.json() as Record<string, string>
    expect(file.search_remaining).toContain('%count%')
    expect(file.search_remaining).toContain('{{search|searches}}')
    expect(file.app_name).toBe('Caller ID')
    expect(Object.values(file).every((v) => typeof v === 'string')).toBe(true)
  })

  it('has exactly the keys of English in every language, and no {name} argument left', async () => {
    const en = Object.keys((await get('en')).json()).sort()
    for (const locale of SUPPORTED_LOCALES) {
      const res = await get(locale)
      expect(res.statusCode, `${locale}: ${res.body}`).toBe(200)
      const file = res.json() as Record<string, string>
      expect(Object.keys(file).sort(), locale).toEqual(en)
      for (const [key, text] of Object.entries(file)) {
        const outsidePlurals = text.replace(/\{\{[^{}]*\}\}/g, '')
        expect(outsidePlurals, `${locale} ${key}`).not.toMatch(/\{\s*\w+\??\s*(?::[^{}]*)?\}/)
      }
    }
  })

  it('matches the language code like the web app does', async () => {
    const ru = (await get('ru-RU')).json()
    for (const [lang, same] of [
      ['ru_RU', ru],
      ['RU-ru', ru],
    ] as const) {
      const res = await get(lang)
      expect(res.statusCode, `${lang}: ${res.body}`).toBe(200)
      expect(res.json(), lang).toEqual(same)
    }
    expect((await get('ar')).json()).toEqual((await get('ar-sa')).json())
    expect((await get('he')).json()).toEqual((await get('he-il')).json())
    expect((await get('ar')).json().app_loading).not.toBe((await get('en')).json().app_loading)
  })

  it('answers an unknown language with a 404 envelope that names it', async () => {
    const res = await get('xx')
    expect(res.statusCode, res.body).toBe(404)
    const body = errorEnvelope.parse(res.json())
    expect(body.status_code).toBe(ERROR_CODES.NOT_FOUND)
    expect(body.message).toContain('xx')
  })

  it('answers path tricks and junk with a 4xx envelope, never a 5xx', async () => {
    for (const url of [
      '/localeModule/json/../../etc.json',
      '/localeModule/json/..%2F..%2Fetc.json',
      '/localeModule/json/..%2F..%2Fetc%2Fpasswd',
      '/localeModule/json/%2e%2e.json',
      '/localeModule/json/en',
      '/localeModule/json/.json',
      '/localeModule/json/%E2%82.json',
      `/localeModule/json/${'e'.repeat(300)}.json`,
      '/localeModule/json/en.json.json',
      '/localeModule/json/__proto__.json',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers })
      // 414 is the app's answer to an over-long path segment, before any route is matched.
      expect([400, 404, 414], `${url} ${res.statusCode} ${res.body}`).toContain(res.statusCode)
      expect(errorEnvelope.safeParse(res.json()).success, `${url} ${res.body}`).toBe(true)
    }
  })

  it('is listed in the OpenAPI document under i18n', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs', headers })).json()
    const path = Object.keys(doc.paths).find((p) => p.startsWith('/localeModule/json/'))
    expect(path).toBeDefined()
    expect(doc.paths[path!].get.tags).toEqual(['i18n'])
  })
})

describe('toPercentArguments', () => {
  it('turns every argument form into %name% and leaves plural parts alone', () => {
    expect(toPercentArguments('{count:number} {{search|searches}} left')).toBe('%count% {{search|searches}} left')
    expect(toPercentArguments('Text {text} to {number:string}.')).toBe('Text %text% to %number%.')
    expect(toPercentArguments('{a?} {b|upper} {c:number|currency} {0}')).toBe('%a% %b% %c% %0%')
    expect(toPercentArguments('{{|монета||монеты|монет|монеты}}')).toBe('{{|монета||монеты|монет|монеты}}')
    expect(toPercentArguments('no arguments')).toBe('no arguments')
  })
})

import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { DOMParser } from '@xmldom/xmldom'
import xpath from 'xpath'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deviceAddResponse } from '../../../contract/api/device'
import { searchResponse } from '../../../contract/api/number-profile'
import { backends } from '../../../tests/support/database'
import { bearer, createTestApp, signInEach, type TestApp } from '../../../tests/support/app'
import { apiClient } from '../../../tests/support/api'
import { importFile } from '../../db/import'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const PHONEBLOCK = path.resolve(repoRoot, '../shared/data/phoneblock-blocklist.xml')

/** A few real entries of the PhoneBlock list (by their ids there), as a list of their own. */
function phoneblockExcerpt(ids: string[]): string {
  const lines = fs.readFileSync(PHONEBLOCK, 'utf8').split('\n')
  const picked = ids.map((id) => `${lines.find((l) => l.includes(`phone="${id}"`))}\n    </phone-info>`)
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'phoneblock-api-')), 'phoneblock.xml')
  fs.writeFileSync(file, `<blocklist>\n  <numbers>\n${picked.join('\n')}\n  </numbers>\n</blocklist>\n`)
  return file
}

// phone="01637875622" rating="G_FRAUD" votes="1238"; phone="0043720229535" rating="A_LEGITIMATE" votes="989".
const FRAUD = '+491637875622'
const LEGIT = '+43720229535'
const RATERS = ['+4915170600001', '+4915170600002', '+4915170600003', '+4915170600004']
const [ANNA, BEN, CARL, DORA] = RATERS
const TARGET = '+4930555000041'
const OTHER = '+4930555000042'

const sha1 = (text: string) => crypto.createHash('sha1').update(text).digest('hex')

/**
 * SpamBlocker's PhoneBlock presets (aj3423/SpamBlocker, app/src/main/java/spam/blocker/ui/setting/api/ApiPresets.kt
 * and the offline bot of BotPresets.kt), copied verbatim: the URL templates, the header, the two
 * regular expressions it reads an answer with, the report body (a Kotlin raw string after
 * `trimIndent()`), the category map and the bot's XPaths. Only the host is replaced, as a person
 * pointing SpamBlocker at this server does.
 */
const SPAMBLOCKER = {
  queryUrl:
    'https://phoneblock.net/phoneblock/api/check?sha1={sha1(+{cc}{domestic})}&prefix10={sha1({drop_last(+{cc}{domestic},1)})}&prefix100={sha1({drop_last(+{cc}{domestic},2)})}',
  header: '{bearer_auth({shared_pref(PhoneBlock_token)})}',
  negativeSig: '(D_POLL|G_FRAUD|E_ADVERTISING|F_GAMBLE|B_MISSED)',
  categorySig: '"rating":"(.+?)"',
  reportUrl: 'https://phoneblock.net/phoneblock/api/rate',
  reportBody: '{\n    "phone": "00{cc}{domestic}",\n    "rating": "{category}",\n    "comment": "{comment}"\n}',
  categories: {
    valid: 'A_LEGITIMATE',
    other: 'B_MISSED',
    survey: 'D_POLL',
    marketing: 'E_ADVERTISING',
    political: 'E_ADVERTISING',
    fraud: 'G_FRAUD',
  },
  botUrl: 'https://phoneblock.net/phoneblock/api/blocklist?format=xml&since={version}',
  botVersionXPath: '/blocklist/@version',
  botNumbersXPath: '//phone-info[@votes > 4]/@phone',
}

/** SpamBlocker's template tags as its bot engine fills them: variables first, then `drop_last` and `sha1` from the inside out. */
function fill(template: string, vars: Record<string, string>): string {
  let s = template.replace(/\{(cc|domestic|category|comment|version)\}/g, (_, k: string) => vars[k] ?? '')
  for (;;) {
    const next = s
      .replace(/\{drop_last\(([^{}()]*),(\d+)\)\}/g, (_, text: string, n: string) => text.slice(0, text.length - Number(n)))
      .replace(/\{sha1\(([^{}()]*)\)\}/g, (_, text: string) => sha1(text))
      .replace(/\{shared_pref\(([^{}()]*)\)\}/g, (_, key: string) => vars[key] ?? '')
    if (next === s) break
    s = next
  }
  return s
}

/** A filled URL template pointed at this server (the host is what the person changes). */
const onThisServer = (url: string) => url.replace('https://phoneblock.net', '')

/** `{bearer_auth(token)}` as SpamBlocker sends it: one `Name: value` header line. */
function headerOf(template: string, token: string): Record<string, string> {
  const line = fill(template, { PhoneBlock_token: token }).replace(/^\{bearer_auth\((.*)\)\}$/, 'Authorization: Bearer $1')
  const colon = line.indexOf(':')
  return { [line.slice(0, colon).toLowerCase()]: line.slice(colon + 1).trim() }
}

describe.each(backends)('the PhoneBlock API on %s', (backend) => {
  let t: TestApp
  const tokens: Record<string, string> = {}
  const ids: Record<string, number> = {}
  const passwords: Record<string, string> = {}
  beforeAll(async () => {
    t = await createTestApp(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '1000', RATE_LIMIT_PER_MINUTE: '10000' })
    await importFile(t.database.db, { format: 'phoneblock', file: phoneblockExcerpt(['01637875622', '0043720229535']), progress: null })
    // The background job picks an import up (within a minute in production).
    await t.app.blocklistJob.run()
    await signInEach(t.app, RATERS, { tokens, ids })
    const { post } = apiClient(() => t.app, tokens)
    for (const who of RATERS) {
      const res = await post(who, '/api/v6/device/add', { name: 'SpamBlocker', kind: 'app' })
      passwords[who] = deviceAddResponse.parse(res.json()).data.password
    }
  }, 180_000)
  afterAll(async () => t?.close())

  const call = (who: string | null, method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...(who ? { authorization: `Bearer ${passwords[who]}` } : {}),
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(payload !== undefined ? { payload: payload as string } : {}),
    })
  const get = (who: string | null, url: string) => call(who, 'GET', url)
  const rate = (who: string, phone: string, rating: string, comment?: string) =>
    call(who, 'POST', '/phoneblock/api/rate', JSON.stringify({ phone, rating, ...(comment ? { comment } : {}) }))
  const page = async (e164: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v202505/search/${encodeURIComponent(e164)}`, headers: bearer(tokens[DORA]) })
    expect(res.statusCode, res.body).toBe(200)
    return searchResponse.parse(res.json()).data
  }
  const commentsOn = async (e164: string): Promise<Array<{ text: string }>> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v7/comment/list?phone=${encodeURIComponent(e164)}`,
      headers: bearer(tokens[DORA]),
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data.items
  }
  const check = async (who: string, e164: string) => {
    const res = await get(who, `/phoneblock/api/check?sha1=${sha1(e164)}`)
    expect(res.statusCode, res.body).toBe(200)
    return res
  }
  const blocklist = async (query = '') => {
    const res = await get(ANNA, `/phoneblock/api/blocklist${query}`)
    expect(res.statusCode, res.body).toBe(200)
    return res
  }

  it('answers an unknown number with votes 0 and A_LEGITIMATE, in compact JSON without its phone', async () => {
    const res = await check(ANNA, '+4930555000099')
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.body).not.toMatch(/\s/)
    expect(res.json()).toMatchObject({ votes: 0, votesWildcard: 0, rating: 'A_LEGITIMATE', whiteListed: false, blackListed: false })
    expect(res.json()).not.toHaveProperty('phone')
  })

  it('answers an imported number by hash, upper or lower case, and in XML', async () => {
    const fraud = (await check(ANNA, FRAUD)).json()
    expect(fraud).toMatchObject({ phone: FRAUD, rating: 'G_FRAUD', label: 'fraud', location: 'DE' })
    expect(fraud.votes).toBeGreaterThanOrEqual(1238)
    expect((await get(ANNA, `/phoneblock/api/check?sha1=${sha1(FRAUD).toUpperCase()}`)).json()).toEqual(fraud)
    expect((await check(ANNA, LEGIT)).json()).toMatchObject({ phone: LEGIT, rating: 'A_LEGITIMATE', votes: 0 })
    const xml = await get(ANNA, `/phoneblock/api/check?sha1=${sha1(FRAUD)}&format=xml`)
    expect(xml.headers['content-type']).toMatch(/^application\/xml/)
    const doc = new DOMParser().parseFromString(xml.body, 'text/xml') as unknown as Node
    expect(xpath.select('string(/phone-info/@rating)', doc)).toBe('G_FRAUD')
    expect(xpath.select('string(/phone-info/@phone)', doc)).toBe(FRAUD)
  })

  it("answers num/{phone} in any format, national ones in the person's region", async () => {
    for (const input of [FRAUD, '01637875622', '0049 163 7875622', encodeURIComponent('+49 (163) 787-5622')]) {
      const res = await get(ANNA, `/phoneblock/api/num/${input}`)
      expect(res.statusCode, `${input}: ${res.body}`).toBe(200)
      expect(res.json()).toMatchObject({ phone: FRAUD, rating: 'G_FRAUD' })
    }
    expect((await get(ANNA, '/phoneblock/api/num/not-a-number')).statusCode).toBe(400)
  })

  it('answers check-prefix with every known number whose SHA-1 starts so', async () => {
    for (const digits of [4, 7, 40]) {
      const res = await get(ANNA, `/phoneblock/api/check-prefix?sha1=${sha1(FRAUD).slice(0, digits)}`)
      expect(res.statusCode, res.body).toBe(200)
      const found = res.json().numbers as Array<{ sha1: string; phone: string }>
      expect(found.map((n) => n.phone)).toContain(FRAUD)
      expect(found.every((n) => n.sha1.startsWith(sha1(FRAUD).slice(0, digits)))).toBe(true)
    }
  })

  it("takes a rating as the person's report: on the number's page as evidence, in its index, once per person and number", async () => {
    const before = await page(TARGET)
    expect(before.evidence).toEqual([])
    const res = await rate(ANNA, '0' + TARGET.slice(3), 'G_FRAUD', 'Fake bank')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.body).toBe(`{"phone":"${TARGET}","rating":"G_FRAUD"}`)
    const after = await page(TARGET)
    expect(after.evidence).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'polls', label: 'fraud', votes: 1 }),
        expect.objectContaining({ kind: 'bans', votes: 1 }),
      ]),
    )
    expect(after.metrics.index).toBeLessThan(before.metrics.index)
    expect((await check(ANNA, TARGET)).json()).toMatchObject({
      phone: TARGET,
      votes: 1,
      rating: 'G_FRAUD',
      blackListed: true,
      whiteListed: false,
    })
    // Another person sees the number, not Anna's own lists.
    expect((await check(BEN, TARGET)).json()).toMatchObject({ votes: 1, blackListed: false })

    // A new rating replaces hers: still one ban, one tag.
    expect((await rate(ANNA, TARGET, 'E_ADVERTISING')).statusCode).toBe(200)
    const again = await page(TARGET)
    const mine = again.evidence.filter((e) => e.kind !== 'imported')
    expect(mine).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'polls', label: 'advertising', votes: 1 }),
        expect.objectContaining({ kind: 'bans', votes: 1 }),
      ]),
    )
    expect(mine.find((e) => e.label === 'fraud')).toBeUndefined()
    expect(mine.reduce((n, e) => n + e.votes, 0)).toBe(2)

    // A_LEGITIMATE lifts her ban: she white-lists it.
    expect((await rate(ANNA, TARGET, 'A_LEGITIMATE')).statusCode).toBe(200)
    const legit = await page(TARGET)
    expect(legit.evidence.find((e) => e.kind === 'bans')).toBeUndefined()
    expect(legit.metrics.index).toBeGreaterThan(before.metrics.index)
    expect((await check(ANNA, TARGET)).json()).toMatchObject({ rating: 'A_LEGITIMATE', whiteListed: true, blackListed: false })
  })

  it('serves the blocklist in JSON and XML, with deltas by since; a number leaving it has votes 0', async () => {
    const first = await blocklist()
    expect(first.body).not.toMatch(/\s/)
    const { numbers, version } = first.json() as { numbers: Array<{ phone: string; rating: string; votes: number }>; version: number }
    expect(numbers).toContainEqual({ phone: FRAUD, rating: 'G_FRAUD', votes: expect.any(Number) })
    expect(numbers.map((n) => n.phone)).not.toContain(LEGIT)
    expect(numbers.map((n) => n.phone)).not.toContain(OTHER)
    // Nothing changed: the same version and an empty delta.
    expect((await blocklist()).json().version).toBe(version)
    expect((await blocklist(`?since=${version}`)).body).toBe(`{"numbers":[],"version":${version}}`)

    for (const who of RATERS) expect((await rate(who, OTHER, 'C_PING')).statusCode).toBe(200)
    const joined = (await blocklist(`?since=${version}`)).json()
    expect(joined.version).toBeGreaterThan(version)
    expect(joined.numbers).toEqual([{ phone: OTHER, rating: 'C_PING', votes: 4 }])

    for (const who of [ANNA, BEN]) expect((await rate(who, OTHER, 'A_LEGITIMATE')).statusCode).toBe(200)
    const left = (await blocklist(`?since=${joined.version}`)).json()
    expect(left.version).toBeGreaterThan(joined.version)
    expect(left.numbers).toEqual([expect.objectContaining({ phone: OTHER, votes: 0 })])
    expect((await blocklist()).json().numbers.map((n: { phone: string }) => n.phone)).not.toContain(OTHER)
    // From the older version, the number's latest state only.
    expect((await blocklist(`?since=${version}`)).json().numbers).toEqual([expect.objectContaining({ phone: OTHER, votes: 0 })])
  })

  it("replays SpamBlocker's PhoneBlock presets verbatim: its query URL and header, its two regular expressions, its report", async () => {
    const ask = async (who: string, cc: string, domestic: string) => {
      const url = onThisServer(fill(SPAMBLOCKER.queryUrl, { cc, domestic }))
      const res = await t.app.inject({ method: 'GET', url, headers: headerOf(SPAMBLOCKER.header, passwords[who]) })
      expect(res.statusCode, res.body).toBe(200)
      const spam = new RegExp(SPAMBLOCKER.negativeSig).test(res.body)
      const category = new RegExp(SPAMBLOCKER.categorySig).exec(res.body)?.[1]
      return { spam, category, json: res.json() }
    }
    /** SpamBlocker's report: its body template filled, posted with its header. */
    const report = (who: string, values: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: onThisServer(SPAMBLOCKER.reportUrl),
        headers: { ...headerOf(SPAMBLOCKER.header, passwords[who]), 'content-type': 'application/json' },
        payload: fill(SPAMBLOCKER.reportBody, values),
      })
    const fraud = await ask(ANNA, '49', FRAUD.slice(3))
    expect(fraud).toMatchObject({ spam: true, category: 'G_FRAUD' })
    expect(fraud.json.votesWildcard).toBeGreaterThanOrEqual(fraud.json.votes)
    expect(await ask(ANNA, '43', LEGIT.slice(3))).toMatchObject({ spam: false, category: 'A_LEGITIMATE' })

    const reported = '+4930555000043'
    const before = await ask(BEN, '49', reported.slice(3))
    expect(before.spam).toBe(false)
    const sent = await report(BEN, {
      cc: '49',
      domestic: reported.slice(3),
      category: SPAMBLOCKER.categories.survey,
      comment: 'Survey at dinner time',
    })
    expect(sent.statusCode, sent.body).toBe(200)
    expect(await ask(BEN, '49', reported.slice(3))).toMatchObject({ spam: true, category: 'D_POLL' })
    expect((await page(reported)).evidence).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'polls', label: 'poll', votes: 1 })]),
    )
    // The report's comment is the person's comment on the number, shown to everyone on its page.
    expect(await commentsOn(reported)).toEqual([expect.objectContaining({ text: 'Survey at dinner time' })])

    // An empty {comment} (SpamBlocker's report without one) keeps the rating and adds no comment.
    const quiet = '+4930555000044'
    const res = await report(CARL, { cc: '49', domestic: quiet.slice(3), category: SPAMBLOCKER.categories.fraud, comment: '' })
    expect(res.statusCode, res.body).toBe(200)
    expect(await commentsOn(quiet)).toEqual([])
    expect(await ask(CARL, '49', quiet.slice(3))).toMatchObject({ category: 'G_FRAUD' })
  })

  it("keeps a rating comment under the rules of any comment: a new one replaces the person's own", async () => {
    const target = '+4930555000045'
    expect((await rate(DORA, target, 'E_ADVERTISING', 'Sells windows')).statusCode).toBe(200)
    expect((await rate(DORA, target, 'G_FRAUD', 'Asked for my bank PIN')).statusCode).toBe(200)
    expect(await commentsOn(target)).toEqual([expect.objectContaining({ text: 'Asked for my bank PIN' })])
  })

  it('serves what the offline bot reads by XPath from blocklist?format=xml&since=', async () => {
    // Its first run: LoadBotTag(version, default 0), then the request, then the two XPaths.
    const res = await t.app.inject({
      method: 'GET',
      url: onThisServer(fill(SPAMBLOCKER.botUrl, { version: '0' })),
      headers: headerOf(SPAMBLOCKER.header, passwords[ANNA]),
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/xml/)
    const doc = new DOMParser().parseFromString(res.body, 'text/xml') as unknown as Node
    const version = Number(xpath.select(`string(${SPAMBLOCKER.botVersionXPath})`, doc))
    expect(version).toBe((await blocklist()).json().version)
    const phones = (xpath.select(SPAMBLOCKER.botNumbersXPath, doc) as unknown as Attr[]).map((a) => a.value)
    expect(phones).toContain(FRAUD)
    expect(phones).not.toContain(OTHER)
    expect(phones.every((p) => /^\+\d+$/.test(p))).toBe(true)
  })

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const version = (await blocklist()).json().version
    const evidenceOf = async () => (await page(TARGET)).evidence.map(({ weight: _, ...e }) => e)
    const evidence = await evidenceOf()
    const bad: Array<[string, string, unknown?]> = [
      ['GET', '/phoneblock/api/check'],
      ['GET', '/phoneblock/api/check?sha1=xyz'],
      ['GET', `/phoneblock/api/check?sha1=${'g'.repeat(40)}`],
      ['GET', `/phoneblock/api/check?sha1=${sha1(FRAUD)}0`],
      ['GET', `/phoneblock/api/check?sha1=${sha1(FRAUD)}&prefix10=abc`],
      ['GET', `/phoneblock/api/check?sha1=${sha1(FRAUD)}&format=yaml`],
      ['GET', '/phoneblock/api/check-prefix?sha1=abc'],
      ['GET', `/phoneblock/api/check-prefix?sha1=${'a'.repeat(41)}`],
      ['GET', '/phoneblock/api/check-prefix?sha1=zzzz'],
      ['GET', `/phoneblock/api/blocklist?since=${version + 1}`],
      ['GET', '/phoneblock/api/blocklist?since=abc'],
      ['GET', '/phoneblock/api/blocklist?since=-1'],
      ['GET', `/phoneblock/api/num/${'1'.repeat(100)}`],
      ['POST', '/phoneblock/api/rate', JSON.stringify({ phone: TARGET, rating: 'Z_WORST' })],
      ['POST', '/phoneblock/api/rate', JSON.stringify({ phone: TARGET })],
      ['POST', '/phoneblock/api/rate', JSON.stringify({ phone: 'nonsense', rating: 'G_FRAUD' })],
      ['POST', '/phoneblock/api/rate', JSON.stringify({ phone: TARGET, rating: 'G_FRAUD', comment: 'x'.repeat(1001) })],
      ['POST', '/phoneblock/api/rate', JSON.stringify({ phone: ANNA, rating: 'G_FRAUD' })],
      ['POST', '/phoneblock/api/rate', '{"phone":'],
      ['POST', '/phoneblock/api/rate', JSON.stringify({ phone: TARGET, rating: 'G_FRAUD', comment: 'x'.repeat(2_000_000) })],
    ]
    for (const [method, url, payload] of bad) {
      const res = await call(ANNA, method as 'GET' | 'POST', url, payload)
      expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400)
      expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500)
    }
    expect((await blocklist()).json().version).toBe(version)
    expect(await evidenceOf()).toEqual(evidence)
  })

  it('needs a device password on every route: 401 with a Basic challenge, a web session is not one', async () => {
    for (const url of [
      '/phoneblock/api/check?sha1=' + sha1(FRAUD),
      `/phoneblock/api/num/${FRAUD}`,
      '/phoneblock/api/check-prefix?sha1=abcd',
      '/phoneblock/api/blocklist',
      '/phoneblock/api/test',
    ]) {
      for (const headers of [
        {} as Record<string, string>,
        { authorization: `Bearer ${tokens[ANNA]}` },
        { authorization: 'Bearer wrong' },
      ]) {
        const res = await call(null, 'GET', url, undefined, headers)
        expect(res.statusCode, url).toBe(401)
        expect(res.headers['www-authenticate']).toMatch(/^Basic /)
      }
    }
    const res = await call(null, 'POST', '/phoneblock/api/rate', JSON.stringify({ phone: TARGET, rating: 'G_FRAUD' }), {
      authorization: `Bearer ${tokens[CARL]}`,
    })
    expect(res.statusCode).toBe(401)
  })

  describe('with a small budget', () => {
    let limited: TestApp
    beforeAll(async () => {
      limited = await createTestApp(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '1000', RATE_LIMIT_PER_MINUTE: '3' })
    }, 180_000)
    afterAll(async () => limited?.close())

    it('limits calls per device password', async () => {
      const into = { tokens: {} as Record<string, string>, ids: {} }
      await signInEach(limited.app, [ANNA, BEN], into)
      const pw: string[] = []
      for (const who of [ANNA, BEN]) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/v6/device/add',
          headers: bearer(into.tokens[who]),
          payload: { name: 'x', kind: 'app' },
        })
        pw.push(res.json().data.password)
      }
      const hit = (password: string) =>
        limited.app.inject({ method: 'GET', url: '/phoneblock/api/test', headers: { authorization: `Bearer ${password}` } })
      const codes = []
      for (let i = 0; i < 5; i++) codes.push((await hit(pw[0])).statusCode)
      expect(codes).toContain(429)
      expect((await hit(pw[1])).statusCode).toBe(200)
    })
  })
})

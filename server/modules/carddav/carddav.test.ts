import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createDAVClient, type DAVCollection, type DAVObject } from 'tsdav'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../../../tests/support/api'
import { createTestApp, signInEach, type TestApp } from '../../../tests/support/app'
import { backends } from '../../../tests/support/database'

const ANNA = '+4915170600001'
const BEN = '+4915170600002'
const VOTERS = ['+4915170600003', '+4915170600004', '+4915170600005']
// Two numbers of one block of 100 (one card), one more, and Anna's own.
const SPAM_A = '+493012345601'
const SPAM_B = '+493012345602'
const SPAM_C = '+498912345678'
const ANNAS = '+4940123456789'
const ANNAS_NEXT = '+4922112345678'
// Ten more numbers on the community's list, each in a block of its own.
const NEWCOMER = '+4969123456789'
const FILLERS = Array.from({ length: 10 }, (_, i) => `+4930${7_000_000 + i * 1000}`)

const VDIRSYNCER = '/usr/bin/vdirsyncer'
const hasVdirsyncer = fs.existsSync(VDIRSYNCER)
if (process.env.CI && !hasVdirsyncer) throw new Error(`CI: ${VDIRSYNCER} is missing (install the Debian package vdirsyncer; .ci/run does)`)

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`

const PROPFIND_BOOK = `<?xml version="1.0" encoding="utf-8"?>
<d:propfind xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/"><d:prop><d:getetag/><d:getcontenttype/><cs:getctag/><d:sync-token/></d:prop></d:propfind>`
const syncBody = (token: string) => `<?xml version="1.0" encoding="utf-8"?>
<d:sync-collection xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`
const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<d:propfind xmlns:d="DAV:"><d:prop><d:displayname>&lol3;</d:displayname></d:prop></d:propfind>`

/** Runs a program to its end (asynchronously: the server answering it is in this process), answering every prompt with "y". */
function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['pipe', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (b: Buffer) => (out += b.toString()))
    child.stderr.on('data', (b: Buffer) => (out += b.toString()))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, out }))
    child.stdin.on('error', () => {})
    child.stdin.end('y\n'.repeat(20))
  })
}

/** The cards of a multistatus: href → ETag, and the hrefs answered 404. */
function cardsOf(xml: string): { etags: Map<string, string>; gone: string[] } {
  const etags = new Map<string, string>()
  const gone: string[] = []
  for (const [, block] of xml.matchAll(/<d:response>(.*?)<\/d:response>/gs)) {
    const href = /<d:href>([^<]+\.vcf)<\/d:href>/.exec(block)?.[1]
    if (!href) continue
    const etag = /<d:getetag>([^<]+)<\/d:getetag>/.exec(block)?.[1]
    if (etag) etags.set(href, etag)
    else if (block.includes('404 Not Found')) gone.push(href)
  }
  return { etags, gone }
}

const vcfFiles = (dir: string) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.vcf'))
        .sort()
    : []

describe.each(backends)('CardDAV on %s', (backend) => {
  let t: TestApp
  let base: string
  const tokens: Record<string, string> = {}
  const ids: Record<string, number> = {}
  const { post } = apiClient(() => t.app, tokens)
  const passwords: Record<string, string> = {}

  const device = async (who: string, params: Record<string, string | number>) => {
    const res = await post(who, '/api/v6/device/add', params)
    expect(res.statusCode, res.body).toBe(200)
    return (res.json() as { data: { id: number; password: string; user: string } }).data
  }
  const ban = async (who: string, phone: string) => expect((await post(who, '/api/v6/ban/add', { phone })).statusCode).toBe(200)
  const dav = (
    method: string,
    url: string,
    opts: { auth?: string; body?: string; depth?: string; headers?: Record<string, string> } = {},
  ) =>
    fetch(base + url, {
      method,
      redirect: 'manual',
      headers: {
        ...(opts.auth ? { authorization: opts.auth } : {}),
        ...(opts.body !== undefined ? { 'content-type': 'application/xml; charset=utf-8' } : {}),
        ...(opts.depth ? { depth: opts.depth } : {}),
        ...opts.headers,
      },
      body: opts.body,
    })
  const home = (who: string) => `/carddav/books/${ids[who]}/`

  beforeAll(async () => {
    t = await createTestApp(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '1000', RATE_LIMIT_PER_MINUTE: '100000' })
    base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1')
    await signInEach(t.app, [ANNA, BEN, ...VOTERS], { tokens, ids })
    // The community's list: five people ban the numbers of one block, three another.
    for (const who of [ANNA, BEN, ...VOTERS]) for (const phone of [SPAM_A, SPAM_B]) await ban(who, phone)
    for (const who of [BEN, ...VOTERS]) for (const phone of [SPAM_C, ...FILLERS]) await ban(who, phone)
    await ban(ANNA, ANNAS)
    passwords.phone = (await device(ANNA, { name: 'iPhone', kind: 'phone' })).password
    passwords.ben = (await device(BEN, { name: 'Pixel', kind: 'phone' })).password
  }, 240_000)
  afterAll(async () => t?.close())

  it('tsdav discovers both books, reads the cards, sees an unchanged ctag, and syncs only a change by token', async () => {
    const client = await createDAVClient({
      serverUrl: `${base}/`,
      credentials: { username: ANNA.slice(1), password: passwords.phone },
      authMethod: 'Basic',
      defaultAccountType: 'carddav',
    })
    const books = await client.fetchAddressBooks()
    expect(books.map((b) => b.displayName).sort()).toEqual(['Blocked numbers (community)', 'My blocked numbers'])
    for (const b of books) {
      expect(b.ctag).toBeTruthy()
      expect(b.syncToken).toBeTruthy()
      expect(b.reports).toEqual(expect.arrayContaining(['addressbookMultiget', 'addressbookQuery', 'syncCollection']))
    }
    const community = books.find((b) => b.displayName === 'Blocked numbers (community)')!
    const personal = books.find((b) => b.displayName === 'My blocked numbers')!

    const communityCards = await client.fetchVCards({ addressBook: community })
    const block = communityCards.find((c) => String(c.data).includes(`TEL;TYPE=VOICE:${SPAM_A}`))
    expect(block, JSON.stringify(communityCards)).toBeDefined()
    // Both numbers of the block share one card, titled by kind and reports.
    expect(block!.data).toContain(`TEL;TYPE=VOICE:${SPAM_B}`)
    expect(block!.data).toMatch(/^FN:SPAM: [A-Za-z ]+ \(\d+ reports?\)\r$/m)
    expect(block!.data).toMatch(/^UID:.+$/m)
    expect(block!.etag).toBeTruthy()

    const cards = await client.fetchVCards({ addressBook: personal })
    expect(cards.map((c) => c.data).join('')).toContain(ANNAS)

    // A second look: nothing changed, so neither did the ctag, the token or an ETag.
    const again = await client.fetchAddressBooks()
    const personalAgain = again.find((b) => b.url === personal.url)!
    expect(personalAgain.ctag).toBe(personal.ctag)
    expect(personalAgain.syncToken).toBe(personal.syncToken)
    expect((await client.isCollectionDirty({ collection: personal })).isDirty).toBe(false)
    expect((await client.fetchVCards({ addressBook: community })).map((c) => [c.url, c.etag])).toEqual(
      communityCards.map((c) => [c.url, c.etag]),
    )
    const unchanged = await client.syncCollection({
      url: personal.url,
      props: { 'd:getetag': {} },
      syncLevel: 1,
      syncToken: personal.syncToken as string,
    })
    expect(unchanged.filter((r) => r.href)).toEqual([])

    // Anna blocks one more number: a sync by token answers only that card.
    await ban(ANNA, ANNAS_NEXT)
    expect((await client.isCollectionDirty({ collection: personal })).isDirty).toBe(true)
    const changes = await client.syncCollection({
      url: personal.url,
      props: { 'd:getetag': {} },
      syncLevel: 1,
      syncToken: personal.syncToken as string,
    })
    const hrefs = changes.map((r) => r.href).filter(Boolean)
    expect(hrefs).toHaveLength(1)
    const [changed] = await client.addressBookMultiGet({
      url: personal.url,
      props: { 'd:getetag': {}, 'card:address-data': {} },
      objectUrls: hrefs as string[],
      depth: '1',
    })
    expect(String(changed.props?.addressData?._cdata ?? changed.props?.addressData)).toContain(ANNAS_NEXT)

    const collection: DAVCollection = { ...personal, objects: cards as DAVObject[], objectMultiGet: client.addressBookMultiGet }
    const synced = await client.smartCollectionSyncDetailed({ collection, method: 'webdav' })
    const objects = synced.objects as unknown as { created: DAVObject[]; updated: DAVObject[]; deleted: DAVObject[] }
    expect(objects.created.map((o) => o.data).join('')).toContain(ANNAS_NEXT)
    expect(objects.updated).toEqual([])
    expect(objects.deleted).toEqual([])
    expect(synced.syncToken).not.toBe(personal.syncToken)

    // Lifting the ban removes the card: the sync answers it as gone (404).
    expect((await post(ANNA, '/api/v6/ban/remove', { phone: ANNAS_NEXT })).statusCode).toBe(200)
    const removal = await client.syncCollection({
      url: personal.url,
      props: { 'd:getetag': {} },
      syncLevel: 1,
      syncToken: synced.syncToken as string,
    })
    expect(removal.filter((r) => r.href).map((r) => r.status)).toEqual([404])
  })

  it.skipIf(!hasVdirsyncer)('vdirsyncer discovers and syncs both books into .vcf files, and a second sync changes nothing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carddav-vdirsyncer-'))
    try {
      const config = path.join(dir, 'config')
      fs.writeFileSync(
        config,
        `[general]
status_path = "${dir}/status/"

[pair blocklists]
a = "server"
b = "local"
collections = ["from a"]

[storage server]
type = "carddav"
url = "${base}/"
username = "${ANNA.slice(1)}"
password = "${passwords.phone}"
read_only = true

[storage local]
type = "filesystem"
path = "${dir}/cards/"
fileext = ".vcf"
`,
      )
      const env = { ...process.env, VDIRSYNCER_CONFIG: config, HOME: dir }
      const discover = await run(VDIRSYNCER, ['discover'], env)
      expect(discover.code, discover.out).toBe(0)
      const first = await run(VDIRSYNCER, ['sync'], env)
      expect(first.code, first.out).toBe(0)
      const files = vcfFiles(path.join(dir, 'cards'))
      expect(
        files.some((f) => f.startsWith('community')),
        files.join(),
      ).toBe(true)
      expect(
        files.some((f) => f.startsWith('personal')),
        files.join(),
      ).toBe(true)
      const text = files.map((f) => fs.readFileSync(path.join(dir, 'cards', f), 'utf8')).join('')
      expect(text).toContain(`TEL;TYPE=VOICE:${SPAM_A}`)
      expect(text).toContain(ANNAS)
      const stamps = files.map((f) => fs.statSync(path.join(dir, 'cards', f)).mtimeMs)

      const second = await run(VDIRSYNCER, ['sync'], env)
      expect(second.code, second.out).toBe(0)
      expect(second.out).not.toMatch(/Copying|Updating|Deleting/)
      expect(vcfFiles(path.join(dir, 'cards'))).toEqual(files)
      expect(files.map((f) => fs.statSync(path.join(dir, 'cards', f)).mtimeMs)).toEqual(stamps)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it("answers a router's pattern: PROPFIND Depth 1 without credentials is challenged, then 207, capped at its max_entries", async () => {
    const router = await device(BEN, { name: 'Fritz!Box', kind: 'router', max_entries: 10 })
    const url = `${home(BEN)}community/`
    const first = await dav('PROPFIND', url, { depth: '1', body: PROPFIND_BOOK })
    expect(first.status).toBe(401)
    expect(first.headers.get('www-authenticate')).toMatch(/^Basic realm="/)
    const second = await dav('PROPFIND', url, { depth: '1', body: PROPFIND_BOOK, auth: basic('fritz', router.password) })
    expect(second.status).toBe(207)
    const xml = await second.text()
    expect(xml).toContain('<d:getetag>')
    expect(xml).toContain('<cs:getctag>')
    // Ten numbers of thirteen allowed, the most reported first: the block of two shares a card.
    expect(xml.match(/\.vcf<\/d:href>/g)).toHaveLength(9)
    expect(xml).toContain(`/r${SPAM_A.slice(1, -2)}.vcf`)
    const full = await (await dav('PROPFIND', url, { depth: '1', body: PROPFIND_BOOK, auth: basic('ben', passwords.ben) })).text()
    expect(full.match(/\.vcf<\/d:href>/g)!.length).toBeGreaterThanOrEqual(12)

    // Nothing changed: the same ctag and token, and a sync from that token lists nothing (one round trip).
    const token = /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(xml)![1]
    const again = await (await dav('PROPFIND', url, { depth: '0', body: PROPFIND_BOOK, auth: basic('fritz', router.password) })).text()
    expect(/<cs:getctag>([^<]+)</.exec(again)![1]).toBe(/<cs:getctag>([^<]+)</.exec(xml)![1])
    const sync = await dav('REPORT', url, { body: syncBody(token), auth: basic('fritz', router.password) })
    expect(sync.status).toBe(207)
    const synced = await sync.text()
    expect(synced).not.toContain('<d:response>')
    expect(synced).toContain(`<d:sync-token>${token}</d:sync-token>`)

    // A newcomer with more reports than any enters the capped book and pushes the last number out:
    // the sync from the old token, applied to the old cards, gives the new cards, capped and not.
    const phone = await device(BEN, { name: 'Phone', kind: 'phone' })
    const look = async (password: string) => {
      const xml = await (await dav('PROPFIND', url, { depth: '1', body: PROPFIND_BOOK, auth: basic('x', password) })).text()
      return { cards: cardsOf(xml).etags, token: /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(xml)![1] }
    }
    const before = { router: await look(router.password), phone: await look(phone.password) }
    for (const who of [ANNA, BEN, ...VOTERS]) await ban(who, NEWCOMER)
    for (const [name, password] of [
      ['router', router.password],
      ['phone', phone.password],
    ] as const) {
      const after = await look(password)
      expect(after.token).not.toBe(before[name].token)
      const res = await dav('REPORT', url, { body: syncBody(before[name].token), auth: basic('x', password) })
      expect(res.status).toBe(207)
      const xml = await res.text()
      expect(xml).toContain(`<d:sync-token>${after.token}</d:sync-token>`)
      const { etags, gone } = cardsOf(xml)
      const applied = new Map(before[name].cards)
      for (const href of gone) applied.delete(href)
      for (const [href, etag] of etags) applied.set(href, etag)
      expect([...applied].sort(), name).toEqual([...after.cards].sort())
      expect(etags.size, name).toBeLessThan(after.cards.size)
      expect(
        [...etags.keys()].some((h) => h.endsWith(`/r${NEWCOMER.slice(1, -2)}.vcf`)),
        name,
      ).toBe(true)
    }
    expect(before.router.cards.size).toBe(9)
    expect((await look(router.password)).cards.size).toBe(9)
  })

  it('speaks the discovery steps: well-known, OPTIONS, the principal, the home, GET of a card', async () => {
    const auth = basic('anna', passwords.phone)
    const wellKnown = await dav('PROPFIND', '/.well-known/carddav', { auth })
    expect(wellKnown.status).toBe(301)
    expect(wellKnown.headers.get('location')).toBe('/carddav/')
    const options = await dav('OPTIONS', '/carddav/', { auth })
    expect(options.status).toBe(200)
    expect(options.headers.get('dav')).toBe('1, 3, addressbook')
    const rootXml = await (await dav('PROPFIND', '/carddav/', { auth, depth: '0' })).text()
    expect(rootXml).toContain(`<d:current-user-principal><d:href>/carddav/principals/${ids[ANNA]}/</d:href>`)
    const principal = await (await dav('PROPFIND', `/carddav/principals/${ids[ANNA]}/`, { auth, depth: '0' })).text()
    expect(principal).toContain(`<card:addressbook-home-set><d:href>${home(ANNA)}</d:href>`)
    const listing = await (await dav('PROPFIND', home(ANNA), { auth, depth: '1' })).text()
    expect(listing).toContain('<d:displayname>Blocked numbers (community)</d:displayname>')
    expect(listing).toContain('<d:displayname>My blocked numbers</d:displayname>')
    expect(listing.match(/<card:addressbook\/>/g)).toHaveLength(2)

    const book = await (await dav('PROPFIND', `${home(ANNA)}personal/`, { auth, depth: '1', body: PROPFIND_BOOK })).text()
    const href = /<d:href>([^<]+\.vcf)<\/d:href>/.exec(book)![1]
    const card = await dav('GET', href, { auth })
    expect(card.status).toBe(200)
    expect(card.headers.get('content-type')).toMatch(/^text\/vcard/)
    const etag = card.headers.get('etag')!
    expect(await card.text()).toMatch(/^BEGIN:VCARD\r\nVERSION:3\.0\r\n/)
    expect((await dav('GET', href, { auth, headers: { 'if-none-match': etag } })).status).toBe(304)

    // addressbook-query with a filter on TEL.
    const query = await dav('REPORT', `${home(ANNA)}community/`, {
      auth,
      depth: '1',
      body: `<card:addressbook-query xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/><card:address-data/></d:prop>
<card:filter><card:prop-filter name="TEL"><card:text-match match-type="contains">${SPAM_C.slice(3)}</card:text-match></card:prop-filter></card:filter></card:addressbook-query>`,
    })
    expect(query.status).toBe(207)
    const queried = await query.text()
    expect(queried.match(/<d:response>/g)).toHaveLength(1)
    expect(queried).toContain(SPAM_C)
  })

  it('refuses bad input with a clear 4xx and never a 5xx', async () => {
    const auth = basic('anna', passwords.phone)
    const personal = `${home(ANNA)}personal/`
    const cases: Array<[string, Response, number[]]> = [
      [
        'huge body',
        await dav('PROPFIND', personal, { auth, body: `<d:propfind xmlns:d="DAV:">${'<d:prop/>'.repeat(20_000)}</d:propfind>` }),
        [413],
      ],
      ['billion laughs', await dav('PROPFIND', personal, { auth, body: BILLION_LAUGHS }), [400]],
      ['undeclared entity', await dav('PROPFIND', personal, { auth, body: '<d:propfind xmlns:d="DAV:">&lol;</d:propfind>' }), [400]],
      ['malformed XML', await dav('REPORT', personal, { auth, body: '<d:sync-collection xmlns:d="DAV:"><d:sync-token>' }), [400]],
      ['not XML', await dav('PROPFIND', personal, { auth, body: '{"a":1}', headers: { 'content-type': 'application/json' } }), [400, 415]],
      ['unknown report', await dav('REPORT', personal, { auth, body: '<x:foo xmlns:x="urn:x"/>' }), [403]],
      ['invalid sync token', await dav('REPORT', personal, { auth, body: syncBody('urn:nonsense') }), [403]],
      [
        'sync token from the future',
        await dav('REPORT', personal, { auth, body: syncBody(`urn:x-callerid:sync:p:${ids[ANNA]}:999999999`) }),
        [403],
      ],
      ['another person’s book', await dav('PROPFIND', personal, { auth: basic('ben', passwords.ben), depth: '1' }), [403]],
      ['another person’s card', await dav('GET', `${personal}r${ANNAS.slice(1, -2)}.vcf`, { auth: basic('ben', passwords.ben) }), [403]],
      ['a web session token', await dav('PROPFIND', personal, { auth: `Bearer ${tokens[ANNA]}` }), [401]],
      ['a write', await dav('PUT', `${personal}x.vcf`, { auth, body: 'BEGIN:VCARD' }), [403]],
      ['no such card', await dav('GET', `${personal}nothing.vcf`, { auth }), [404]],
      ['no such path', await dav('PROPFIND', '/carddav/elsewhere/', { auth }), [404]],
      ['bad escape', await dav('PROPFIND', '/carddav/books/%E0%A4%A/', { auth }), [400, 404]],
    ]
    for (const [what, res, statuses] of cases) {
      const text = await res.text()
      expect(statuses, `${what}: ${res.status} ${text.slice(0, 300)}`).toContain(res.status)
      expect(text).not.toContain(ANNAS)
    }
    const invalid = await dav('REPORT', personal, { auth, body: syncBody('urn:nonsense') })
    expect(await invalid.text()).toContain('<d:valid-sync-token/>')

    // A revoked password stops at once.
    const old = await device(ANNA, { name: 'Old phone', kind: 'phone' })
    expect((await dav('PROPFIND', personal, { auth: basic('a', old.password), depth: '0' })).status).toBe(207)
    expect((await post(ANNA, '/api/v6/device/revoke', { id: old.id })).statusCode).toBe(200)
    const revoked = await dav('PROPFIND', personal, { auth: basic('a', old.password), depth: '0' })
    expect(revoked.status).toBe(401)
    expect(revoked.headers.get('www-authenticate')).toMatch(/^Basic /)
  })
})

import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { disputeDecideResponse, disputeQueueResponse } from '../../../contract/api/disputes'
import { searchResponse, type NumberProfile } from '../../../contract/api/number-profile'
import { contactsResponse } from '../../../contract/api/numbers'
import { backends } from '../../../tests/support/database'
import { bearer, createTestApp, signInEach, type TestApp } from '../../../tests/support/app'
import { apiClient, expectError } from '../../../tests/support/api'
import { importFile } from '../../db/import'
import { contacts, disputes, moderationLog, tags, users } from '../../db/schema'
import { findNumber } from '../numbers/repository'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const PHONEBLOCK = path.resolve(repoRoot, '../shared/data/phoneblock-blocklist.xml')

/** A few real entries of the PhoneBlock list (by their ids there), as a list of their own. */
function phoneblockExcerpt(ids: string[]): string {
  const lines = fs.readFileSync(PHONEBLOCK, 'utf8').split('\n')
  const picked = ids.map((id) => {
    const line = lines.find((l) => l.includes(`phone="${id}"`))
    if (!line) throw new Error(`${id} is not in the PhoneBlock list`)
    return `${line}\n    </phone-info>`
  })
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'disputes-')), 'phoneblock.xml')
  fs.writeFileSync(file, `<blocklist>\n  <numbers>\n${picked.join('\n')}\n  </numbers>\n</blocklist>\n`)
  return file
}

// Imported as G_FRAUD: phone="01637875622" votes="1238" and phone="015124906546" votes="110".
const OWNER = '+491637875622'
const OTHER = '+4915124906546'
const VIEWER = '+4915120000001'
const MOD = '+4915120000002'
const THIRD = '+4915120000003'
const BOOK = '+4915120000004'

const today = () => new Date().toISOString().slice(0, 10)
const daysFromNow = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)

function multipartCsv(csv: string) {
  const boundary = `----test${crypto.randomBytes(8).toString('hex')}`
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="book.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  )
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

describe.each(backends)('contesting a number on %s', (backend) => {
  let t: TestApp
  let tagId: Record<string, number>
  const tokens: Record<string, string> = {}
  const ids: Record<string, number> = {}
  const disputeOf: Record<string, number> = {}
  beforeAll(async () => {
    t = await createTestApp(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
    await importFile(t.database.db, { format: 'phoneblock', file: phoneblockExcerpt(['01637875622', '015124906546']), progress: null })
    await signInEach(t.app, [OWNER, OTHER, VIEWER, MOD, THIRD, BOOK], { tokens, ids })
    await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, ids[MOD]))
    const rows = await t.database.db.select({ id: tags.id, code: tags.code }).from(tags)
    tagId = Object.fromEntries(rows.map((r) => [r.code, r.id]))
  }, 60_000)
  afterAll(async () => t?.close())

  const { post, get } = apiClient(() => t.app, tokens)
  const page = async (who: string, number: string): Promise<NumberProfile> => {
    const res = await get(who, `/api/v202505/search/${encodeURIComponent(number)}`)
    expect(res.statusCode, res.body).toBe(200)
    return searchResponse.parse(res.json()).data
  }
  const upload = (who: string, csv: string) => {
    const body = multipartCsv(csv)
    return t.app.inject({
      method: 'POST',
      url: '/api/v6/contacts/upload',
      headers: { ...bearer(tokens[who]), ...body.headers },
      payload: body.payload,
    })
  }
  const contest = (who: string, params: Record<string, string>) =>
    post(who, '/api/v6/dispute/add', { reasons: 'I got this number from the carrier last month', ...params })
  const decide = (who: string, params: Record<string, string | number>) => post(who, '/api/v6/moderation/dispute/decide', params)
  const disputeRows = () => t.database.db.select().from(disputes)

  it('starts with no dispute: the imported fraud evidence counts, and a name saved before shows', async () => {
    const csv = await upload(BOOK, `Name,Phone\nOld Owner,${OWNER}\nViewer Friend,${VIEWER}\n`)
    expect(csv.statusCode, csv.body).toBe(200)
    // Saved ten days ago, before the new owner got the number.
    const numberId = (await findNumber(t.database.db, OWNER))!
    await t.database.db
      .update(contacts)
      .set({ createdAt: new Date(Date.now() - 10 * 86_400_000) })
      .where(eq(contacts.numberId, numberId))
    const p = await page(VIEWER, OWNER)
    expect(p.dispute).toBeNull()
    expect(p.metrics.index).toBeLessThan(5)
    expect(p.evidence).toEqual([
      expect.objectContaining({ kind: 'imported', source: 'phoneblock', label: 'fraud', votes: 1238, direction: 'negative' }),
    ])
    expect(p.evidence[0].discounted).toBeUndefined()
    expect(p.averageProfile.firstName).toBe('Old Owner')
    // The viewer's friends BOOK and MOD (each saved the other): BOOK has the number saved, so BOOK knows its owner.
    expect((await upload(VIEWER, `Name,Phone\nBook Friend,${BOOK}\nMod Friend,${MOD}\n`)).statusCode).toBe(200)
    expect((await page(VIEWER, OWNER)).fof.list.map((f) => f.id)).toEqual([ids[BOOK]])
  })

  it('lets only the owner contest, with a valid form; anything else is a clear 4xx and stores nothing', async () => {
    expectError(await contest(OTHER, { phone: OWNER, category: 'new_owner', owned_since: today() }), 403, /only contest your own number/)
    expectError(await contest(VIEWER, { phone: '0163 7875622', category: 'not_spam' }), 403, /only contest your own number/)
    expectError(await contest(OWNER, { phone: OWNER, category: 'new_owner' }), 400, /owned_since/)
    expectError(await contest(OWNER, { phone: OWNER, category: 'new_owner', owned_since: '2026-13-01' }), 400, /owned_since/)
    expectError(await contest(OWNER, { phone: OWNER, category: 'new_owner', owned_since: daysFromNow(3) }), 400, /future/)
    expectError(await contest(OWNER, { phone: OWNER, category: 'not_spam', link: 'not a link' }), 400, /link/)
    expectError(await contest(OWNER, { phone: OWNER, category: 'not_spam', link: 'javascript:alert(1)' }), 400, /link/)
    expectError(await contest(OWNER, { phone: OWNER, category: 'not_spam', reasons: 'too short' }), 400, /reasons/)
    expectError(await contest(OWNER, { phone: OWNER, category: 'mistake' }), 400, /category/)
    expectError(await contest(OWNER, { phone: 'call me', category: 'not_spam' }), 400, /phone/)
    expectError(
      await post(null, '/api/v6/dispute/add', { phone: OWNER, category: 'not_spam', reasons: 'I got this number last month' }),
      401,
    )
    expect(await disputeRows()).toEqual([])
  })

  it('opens the owner\u2019s dispute (the number typed with spaces); everyone sees it under review; a second one while open is 409', async () => {
    const res = await contest(OWNER, {
      phone: '+49 163 787 5622',
      category: 'new_owner',
      owned_since: today(),
      link: 'https://example.org/contract.pdf',
    })
    expect(res.statusCode, res.body).toBe(200)
    const state = res.json().data
    expect(state).toEqual({
      id: expect.any(Number),
      status: 'open',
      category: 'new_owner',
      createdAtTimestamp: expect.any(Number),
      decidedAtTimestamp: null,
      decisionNote: null,
    })
    disputeOf[OWNER] = state.id
    expectError(await contest(OWNER, { phone: '01637875622', category: 'not_spam' }), 409, /already under review/)
    expect(await disputeRows()).toHaveLength(1)

    const p = await page(VIEWER, OWNER)
    expect(p.dispute).toEqual(state)
    expect(p.metrics.index).toBeLessThan(5)
    const byId = await get(VIEWER, `/api/v202505/profile/${ids[OWNER]}`)
    expect(byId.statusCode, byId.body).toBe(200)
    expect(searchResponse.parse(byId.json()).data.dispute).toEqual(state)
  })

  it('opens one dispute of a number under parallel calls; the others are 409', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        contest(OTHER, { phone: OTHER, category: 'not_spam', reasons: 'These are my own calls to my customers' }),
      ),
    )
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409])
    const numberId = (await findNumber(t.database.db, OTHER))!
    expect(await t.database.db.select().from(disputes).where(eq(disputes.numberId, numberId))).toHaveLength(1)
    disputeOf[OTHER] = results.find((r) => r.statusCode === 200)!.json().data.id
  })

  it('shows moderators the open disputes with the number\u2019s index and evidence; others get 403', async () => {
    expectError(await get(VIEWER, '/api/v6/moderation/disputes'), 403)
    expectError(await decide(OWNER, { dispute_id: disputeOf[OWNER], decision: 'uphold' }), 403)
    const res = await get(MOD, '/api/v6/moderation/disputes', { status: 'open' })
    expect(res.statusCode, res.body).toBe(200)
    const { items, total } = disputeQueueResponse.parse(res.json()).data
    expect(total).toBe(2)
    expect(items.map((i) => i.id)).toEqual([disputeOf[OWNER], disputeOf[OTHER]])
    expect(items[0]).toMatchObject({
      status: 'open',
      category: 'new_owner',
      phoneNumber: OWNER,
      reasons: 'I got this number from the carrier last month',
      link: 'https://example.org/contract.pdf',
      ownedSinceTimestamp: Date.parse(`${today()}T00:00:00Z`) / 1000,
      ownerProfileId: ids[OWNER],
      discount: [],
      decidedAtTimestamp: null,
    })
    expect(items[0].index).toBeLessThan(5)
    expect(items[0].evidence).toEqual([expect.objectContaining({ kind: 'imported', label: 'fraud', votes: 1238 })])
    expect(disputeQueueResponse.parse((await get(MOD, '/api/v6/moderation/disputes', { status: 'decided' })).json()).data).toEqual({
      items: [],
      total: 0,
    })
    expectError(await get(MOD, '/api/v6/moderation/disputes', { status: 'closed' }), 400)
    expectError(await decide(MOD, { dispute_id: 999999, decision: 'uphold' }), 404)
    expectError(await decide(MOD, { dispute_id: disputeOf[OWNER], decision: 'maybe' }), 400)
    expectError(await decide(MOD, { dispute_id: disputeOf[OTHER], decision: 'uphold', discount: 'everything' }), 400, /discount/)
    expect((await disputeRows()).every((d) => d.status === 'open')).toBe(true)
  })

  it('upholding a new owner discounts all evidence before the date and archives the names saved before it; newer evidence counts', async () => {
    const res = await decide(MOD, { dispute_id: disputeOf[OWNER], decision: 'uphold', note: 'Contract checked' })
    expect(res.statusCode, res.body).toBe(200)
    const decided = disputeDecideResponse.parse(res.json()).data
    expect(decided).toMatchObject({
      id: disputeOf[OWNER],
      status: 'upheld',
      category: 'new_owner',
      decisionNote: 'Contract checked',
      index: 5,
    })
    expect(decided.decidedAtTimestamp).toBeGreaterThan(0)
    expectError(await decide(MOD, { dispute_id: disputeOf[OWNER], decision: 'reject' }), 409, /already been decided/)
    expect((await page(VIEWER, OWNER)).metrics.index).toBe(5)
    const [log] = await t.database.db
      .select()
      .from(moderationLog)
      .where(and(eq(moderationLog.targetType, 'dispute'), eq(moderationLog.targetId, disputeOf[OWNER])))
    expect(log).toMatchObject({
      moderatorId: ids[MOD],
      action: 'dispute_uphold',
      details: expect.objectContaining({ category: 'new_owner', indexAfter: 5, archivedNames: 1 }),
    })
    expect((log.details as { indexBefore: number }).indexBefore).toBeLessThan(5)

    let p = await page(VIEWER, OWNER)
    expect(p.metrics.index).toBe(5)
    expect(p.evidence).toEqual([expect.objectContaining({ kind: 'imported', label: 'fraud', votes: 1238, discounted: true })])
    expect(p.dispute).toEqual({
      id: disputeOf[OWNER],
      status: 'upheld',
      category: 'new_owner',
      createdAtTimestamp: expect.any(Number),
      decidedAtTimestamp: decided.decidedAtTimestamp,
      decisionNote: 'Contract checked',
    })
    expect(p.tagsTop.categories).toEqual([])
    expect(p.averageProfile).toMatchObject({ firstName: null, lastName: null })
    expect(p.metrics.contactsCount).toBe(0)
    const names = await get(VIEWER, '/api/v6/contacts/by-phone', { phone: OWNER })
    expect(names.statusCode, names.body).toBe(200)
    expect(contactsResponse.parse(names.json()).data.contacts).toEqual([])
    // A book uploaded again (its entries saved anew) does not bring the previous owner's name back.
    expect((await upload(BOOK, `Name,Phone\nOld Owner,${OWNER}\nViewer Friend,${VIEWER}\n`)).statusCode).toBe(200)
    expect((await page(VIEWER, OWNER)).averageProfile.firstName).toBeNull()

    // What happens from now on is about the new owner: it counts.
    expect((await post(VIEWER, '/api/v6/ban/add', { phone: OWNER })).statusCode).toBe(200)
    expect((await post(VIEWER, '/api/v6/poll/answer', { phone: OWNER, poll: 'onPage', answers: String(tagId.spam) })).statusCode).toBe(200)
    expect((await upload(MOD, `Name,Phone\nNew Owner,${OWNER}\nViewer Friend,${VIEWER}\n`)).statusCode).toBe(200)
    p = await page(VIEWER, OWNER)
    expect(p.metrics.index).toBeLessThan(5)
    expect(p.evidence).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'imported', discounted: true }),
        expect.objectContaining({ kind: 'bans', votes: 1 }),
        expect.objectContaining({ kind: 'polls', label: 'spam', votes: 1 }),
      ]),
    )
    expect(p.evidence.filter((e) => e.kind !== 'imported').every((e) => e.discounted === undefined)).toBe(true)
    expect(p.averageProfile.firstName).toBe('New Owner')
    // BOOK knew the previous owner: no longer a friend who knows this one; MOD, who saved the new owner, is.
    expect(p.fof.list.map((f) => f.id)).toEqual([ids[MOD]])
  })

  it('upholding not spam discounts only the kinds named, recorded up to the decision; a second decision at once is 409', async () => {
    expect((await post(VIEWER, '/api/v6/ban/add', { phone: OTHER })).statusCode).toBe(200)
    expect((await post(VIEWER, '/api/v6/poll/answer', { phone: OTHER, poll: 'onPage', answers: String(tagId.fraud) })).statusCode).toBe(200)
    expectError(await decide(MOD, { dispute_id: disputeOf[OTHER], decision: 'uphold' }), 400, /Name the evidence to discount/)
    expect((await disputeRows()).find((d) => d.id === disputeOf[OTHER])!.status).toBe('open')

    // Two moderators at once: one decision, one 409, one log row.
    const both = await Promise.all(
      [1, 2].map(() => decide(MOD, { dispute_id: disputeOf[OTHER], decision: 'uphold', discount: 'bans, Polls' })),
    )
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409])
    const decided = disputeDecideResponse.parse(both.find((r) => r.statusCode === 200)!.json()).data
    expect(decided.status).toBe('upheld')
    expect(
      await t.database.db
        .select()
        .from(moderationLog)
        .where(and(eq(moderationLog.targetType, 'dispute'), eq(moderationLog.targetId, disputeOf[OTHER]))),
    ).toHaveLength(1)
    let p = await page(VIEWER, OTHER)
    expect(p.dispute?.status).toBe('upheld')
    expect(p.evidence).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'bans', votes: 1, discounted: true }),
        expect.objectContaining({ kind: 'polls', label: 'fraud', discounted: true }),
      ]),
    )
    // Not named: the imported list still counts.
    expect(p.evidence.find((e) => e.kind === 'imported')).not.toHaveProperty('discounted')
    expect(p.metrics.index).toBeLessThan(5)
    expect(p.metrics.index).toBe(decided.index)
    const queue = disputeQueueResponse.parse((await get(MOD, '/api/v6/moderation/disputes', { status: 'decided' })).json()).data
    expect(queue.items.find((i) => i.id === disputeOf[OTHER])).toMatchObject({ status: 'upheld', discount: ['bans', 'polls'] })

    // A ban after the decision counts.
    expect((await post(MOD, '/api/v6/ban/add', { phone: OTHER })).statusCode).toBe(200)
    p = await page(VIEWER, OTHER)
    expect(p.evidence.filter((e) => e.kind === 'bans')).toEqual([
      expect.objectContaining({ votes: 1 }),
      expect.objectContaining({ votes: 1, discounted: true }),
    ])
    expect(p.evidence.filter((e) => e.kind === 'bans')[0]).not.toHaveProperty('discounted')
    expect(p.metrics.bans).toBe(2)
  })

  it('a rejected dispute changes nothing but says so, and the owner may contest again', async () => {
    expect(
      (await post(VIEWER, '/api/v6/poll/answer', { phone: THIRD, poll: 'onPage', answers: String(tagId.advertising) })).statusCode,
    ).toBe(200)
    const before = await page(VIEWER, THIRD)
    const opened = await contest(THIRD, {
      phone: THIRD,
      category: 'business',
      reasons: 'This is our shop line, we call our customers back',
    })
    expect(opened.statusCode, opened.body).toBe(200)
    const id = opened.json().data.id
    const res = await decide(MOD, { dispute_id: id, decision: 'reject', discount: 'polls', note: 'The reports are recent' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ status: 'rejected', decisionNote: 'The reports are recent', index: before.metrics.index })
    expectError(await decide(MOD, { dispute_id: id, decision: 'uphold', discount: 'polls' }), 409)
    const after = await page(VIEWER, THIRD)
    expect(after.metrics.index).toBe(before.metrics.index)
    // The same evidence, none of it discounted (weights decay by the second, so not compared).
    const shape = (e: NumberProfile['evidence'][number]) => ({ kind: e.kind, label: e.label, votes: e.votes, discounted: e.discounted })
    expect(after.evidence.map(shape)).toEqual(before.evidence.map(shape))
    expect(after.evidence.map(shape)).toEqual([{ kind: 'polls', label: 'advertising', votes: 1, discounted: undefined }])
    expect(after.dispute).toMatchObject({ id, status: 'rejected', decisionNote: 'The reports are recent' })
    const [log] = await t.database.db
      .select()
      .from(moderationLog)
      .where(and(eq(moderationLog.targetType, 'dispute'), eq(moderationLog.targetId, id)))
    expect(log.action).toBe('dispute_reject')

    const again = await contest(THIRD, { phone: THIRD, category: 'not_spam', reasons: 'Still our shop line, see our website' })
    expect(again.statusCode, again.body).toBe(200)
    expect((await page(VIEWER, THIRD)).dispute).toMatchObject({ id: again.json().data.id, status: 'open' })
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase, backends } from '../../../tests/support/database'
import type { Database } from '../../db/client'
import { bans, users } from '../../db/schema'
import { seedTags } from '../../db/seed-tags'
import { upsertNumber } from '../numbers/repository'
import { addBan, removeBan, replacePollAnswers } from '../polls/repository'
import { assess } from './rating'
import {
  blocklistChanges,
  blocklistVersion,
  communityBlocklist,
  personalBlocklist,
  rateNumber,
  refreshBlocklist,
  type BlockEntry,
} from './repository'
import { and, eq } from 'drizzle-orm'

const SPAMMER = '+4930555000051'
const PINGER = '+4930555000052'
const QUIET = '+4930555000053'

describe('the PhoneBlock rating of evidence', () => {
  const item = (kind: 'imported' | 'bans' | 'polls', label: string, votes: number, direction: 'negative' | 'positive' = 'negative') =>
    ({ kind, source: kind === 'imported' ? 'phoneblock' : 'users', label, votes, weight: votes, direction }) as const

  it('maps the top tag onto the ratings, A_LEGITIMATE for positive tags or a good index', () => {
    expect(assess([]).rating).toBe('A_LEGITIMATE')
    expect(assess([item('bans', 'ban', 1)]).rating).toBe('B_MISSED')
    for (const [tag, rating] of [
      ['fraud', 'G_FRAUD'],
      ['advertising', 'E_ADVERTISING'],
      ['poll', 'D_POLL'],
      ['ping', 'C_PING'],
      ['gambling', 'F_GAMBLE'],
      ['robocall', 'B_MISSED'],
      ['spam', 'B_MISSED'],
    ]) {
      expect(assess([item('polls', tag, 3)]).rating, tag).toBe(rating)
    }
    expect(assess([item('imported', 'legitimate', 500, 'positive')]).rating).toBe('A_LEGITIMATE')
    // Discounted evidence does not count.
    expect(assess([{ ...item('imported', 'fraud', 500), discounted: true }])).toMatchObject({
      rating: 'A_LEGITIMATE',
      votes: 0,
      listed: false,
    })
  })

  it("counts one person's ban with its reason once, and lists at 4 votes or an index of 2 or less", () => {
    expect(assess([item('bans', 'ban', 3), item('polls', 'fraud', 3)])).toMatchObject({ votes: 3 })
    expect(assess([item('bans', 'ban', 4), item('polls', 'fraud', 4)])).toMatchObject({ votes: 4, listed: true, rating: 'G_FRAUD' })
    expect(assess([item('imported', 'fraud', 2)]).listed).toBe(false)
    expect(assess([item('imported', 'fraud', 1238)])).toMatchObject({ votes: 1238, listed: true })
  })
})

describe.each(backends)('the blocklist on %s', (backend) => {
  let database: Database
  const people: number[] = []
  const num: Record<string, number> = {}
  beforeAll(async () => {
    database = await openTestDatabase(backend)
    await seedTags(database.db)
    for (let i = 0; i < 6; i++) {
      const [u] = await database.db
        .insert(users)
        .values({ phone: `+491517070000${i}` })
        .returning({ id: users.id })
      people.push(u.id)
    }
    for (const e164 of [SPAMMER, PINGER, QUIET]) num[e164] = await upsertNumber(database.db, e164, 'DE')
  }, 180_000)
  afterAll(async () => database?.close())

  const db = () => database.db
  const phones = (entries: BlockEntry[]) => entries.map((e) => e.e164)

  it('starts empty at version 0 and stays there when nothing changed', async () => {
    expect(await blocklistVersion(db())).toBe(0)
    expect(await communityBlocklist(db())).toEqual([])
    expect(await blocklistChanges(db(), 0)).toEqual({ version: 0, entries: [] })
    expect((await refreshBlocklist(db())).changed).toBe(0)
  })

  it('lists a number once 4 people rate it, with a version; the versions stay when nothing changed', async () => {
    for (const p of people.slice(0, 4)) await rateNumber(db(), p, num[SPAMMER], 'G_FRAUD')
    const v1 = await blocklistVersion(db())
    expect(v1).toBeGreaterThan(0)
    const list = await communityBlocklist(db())
    // One sequence for the community list and the personal ones: the entry's version is at most the list's.
    expect(list).toEqual([{ e164: SPAMMER, rating: 'G_FRAUD', votes: 4, label: 'fraud', version: expect.any(Number) }])
    expect(list[0].version).toBeGreaterThan(0)
    expect(list[0].version).toBeLessThanOrEqual(v1)
    // Only bans and poll answers of others (no device) count too; below the threshold nothing is listed.
    await addBan(db(), people[0], num[QUIET])
    expect(await blocklistVersion(db())).toBe(v1)
    expect((await refreshBlocklist(db(), { full: true })).changed).toBe(0)
    expect(await blocklistVersion(db())).toBe(v1)
    expect(await communityBlocklist(db())).toEqual(list)
  })

  it('answers the changes after a version: joined, changed, and left with votes 0; most votes first', async () => {
    const v1 = await blocklistVersion(db())
    for (const p of people) {
      await addBan(db(), p, num[PINGER])
      await replacePollAnswers(db(), p, num[PINGER], 'onBan', [7])
    }
    const joined = await blocklistChanges(db(), v1)
    expect(joined.version).toBeGreaterThan(v1)
    expect(joined.entries).toEqual([expect.objectContaining({ e164: PINGER, rating: 'C_PING', votes: 6 })])
    expect(phones(await communityBlocklist(db()))).toEqual([PINGER, SPAMMER])
    expect(phones(await communityBlocklist(db(), { limit: 1 }))).toEqual([PINGER])

    // Three of the four who rated the spammer take it back: it leaves the list.
    for (const p of people.slice(0, 3)) {
      await removeBan(db(), p, num[SPAMMER])
      await replacePollAnswers(db(), p, num[SPAMMER], 'onBan', [])
    }
    const left = await blocklistChanges(db(), joined.version)
    expect(left.version).toBeGreaterThan(joined.version)
    expect(left.entries).toEqual([expect.objectContaining({ e164: SPAMMER, votes: 0 })])
    expect(phones(await communityBlocklist(db()))).toEqual([PINGER])
    // From an older version: each number once, in its latest state.
    expect((await blocklistChanges(db(), v1)).entries.map((e) => [e.e164, e.votes])).toEqual([
      [PINGER, 6],
      [SPAMMER, 0],
    ])
    expect(await blocklistChanges(db(), left.version)).toEqual({ version: left.version, entries: [] })
  })

  it("keeps each person's own list with versions that only grow and stay when nothing changed", async () => {
    const [me] = people
    const first = await personalBlocklist(db(), me)
    expect(first.entries.map((e) => [e.e164, e.rating])).toEqual([
      [PINGER, 'C_PING'],
      [QUIET, 'B_MISSED'],
    ])
    expect(await personalBlocklist(db(), me)).toEqual(first)
    await rateNumber(db(), me, num[SPAMMER], 'F_GAMBLE')
    const second = await personalBlocklist(db(), me)
    expect(second.version).toBeGreaterThan(first.version)
    expect(second.entries.find((e) => e.e164 === SPAMMER)).toMatchObject({ rating: 'F_GAMBLE', label: 'gambling' })
    await rateNumber(db(), me, num[QUIET], 'A_LEGITIMATE')
    const third = await personalBlocklist(db(), me)
    expect(third.version).toBeGreaterThan(second.version)
    expect(third.entries.map((e) => e.e164)).not.toContain(QUIET)
    expect(
      await db()
        .select()
        .from(bans)
        .where(and(eq(bans.userId, me), eq(bans.numberId, num[QUIET]))),
    ).toEqual([])
    // Someone else's list is theirs alone.
    expect((await personalBlocklist(db(), people[5])).entries.map((e) => e.e164)).toEqual([PINGER])
  })

  it('gives every change its own version under concurrent writers', async () => {
    const before = await blocklistVersion(db())
    await Promise.all(people.map((p, i) => rateNumber(db(), p, num[QUIET], i % 2 ? 'G_FRAUD' : 'D_POLL')))
    await Promise.all([refreshBlocklist(db()), refreshBlocklist(db()), ...people.map((p) => personalBlocklist(db(), p))])
    const after = await blocklistChanges(db(), before)
    expect(after.version).toBeGreaterThan(before)
    const versions = after.entries.map((e) => e.version)
    expect(new Set(versions).size).toBe(versions.length)
    expect(await blocklistVersion(db())).toBe(after.version)
  })
})

// What `npm run db:seed` does, end to end: the demo data, then read back as the number page reads it
// (modules/), which is why these tests sit beside the CLI and not in db/, which never imports modules/.
import max from 'libphonenumber-js/metadata.max.json'
import { eq, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPhoneTools } from '../../contract/phone'
import { backends, openTestDatabase } from '../../tests/support/database'
import { loadEvidence } from '../modules/numbers/evidence-repository'
import { reputationIndex } from '../modules/reputation/formula'
import type { Database, Db } from '../db/client'
import { bans, coinLedger, comments, contacts, importedEvidence, numbers, pollAnswers, users } from '../db/schema'
import { seedDemo } from '../db/seed'

const phone = createPhoneTools(max)
/** The ranges set aside for fiction: US 201-555-0100…0199 and UK 020 7946 0000…0999. */
const FICTIONAL = /^\+120155501\d\d$|^\+442079460\d{3}$/

const count = async (db: Db, table: PgTable) => (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n

describe.each(backends)('demo seed on %s', (backend) => {
  let database: Database
  beforeAll(async () => {
    database = await openTestDatabase(backend)
  })
  afterAll(async () => database?.close())

  it('leaves a database that already has users alone', async () => {
    const db = database.db
    await db.insert(users).values({ phone: '+12015550142' })
    expect(await seedDemo(db)).toBe(false)
    expect(await count(db, users)).toBe(1)
    expect(await count(db, comments)).toBe(0)
    await db.delete(users)
  })

  it('seeds an empty database once, and never again', async () => {
    const db = database.db
    expect(await seedDemo(db)).toBe(true)
    const before = { users: await count(db, users), comments: await count(db, comments), ledger: await count(db, coinLedger) }
    expect(before.users).toBeGreaterThanOrEqual(5)
    expect(await seedDemo(db)).toBe(false)
    expect({ users: await count(db, users), comments: await count(db, comments), ledger: await count(db, coinLedger) }).toEqual(before)
  })

  it('uses only fictional numbers and clearly fake names', async () => {
    const db = database.db
    const people = await db.select({ phone: users.phone, firstName: users.firstName, lastName: users.lastName }).from(users)
    for (const u of people) {
      expect(u.phone).toMatch(FICTIONAL)
      expect(phone.normalize(u.phone)?.e164).toBe(u.phone)
      expect(`${u.firstName} ${u.lastName}`).toMatch(/^Demo /)
    }
    const all = await db.select({ e164: numbers.e164 }).from(numbers)
    for (const n of all) expect(n.e164).toMatch(FICTIONAL)
  })

  it('fills every kind of evidence the number page shows', async () => {
    const db = database.db
    for (const table of [contacts, comments, bans, pollAnswers]) expect(await count(db, table)).toBeGreaterThan(0)
    const demo = await db
      .select({ numberId: importedEvidence.numberId, tagId: importedEvidence.tagId })
      .from(importedEvidence)
      .where(eq(importedEvidence.source, 'demo'))
    expect(demo.length).toBeGreaterThan(0)
    expect(demo.every((e) => e.tagId !== null)).toBe(true)
    const [scam] = await db.select({ id: numbers.id }).from(numbers).where(eq(numbers.e164, '+12015550166'))
    expect(reputationIndex(await loadEvidence(db, scam.id))).toBeLessThan(3)
    const [pizza] = await db.select({ id: numbers.id }).from(numbers).where(eq(numbers.e164, '+12015550150'))
    expect(reputationIndex(await loadEvidence(db, pizza.id))).toBeGreaterThan(5)
  })

  it('keeps every balance equal to its ledger', async () => {
    const rows = await database.db
      .select({
        balance: users.balance,
        sum: sql<number>`coalesce(sum(${coinLedger.delta}), 0)::int`,
        last: sql<number | null>`(array_agg(${coinLedger.balanceAfter} order by ${coinLedger.id} desc))[1]`,
      })
      .from(users)
      .leftJoin(coinLedger, eq(coinLedger.userId, users.id))
      .groupBy(users.id)
    expect(rows.some((r) => r.balance > 0)).toBe(true)
    for (const r of rows) {
      expect(r.sum).toBe(r.balance)
      expect(r.last ?? 0).toBe(r.balance)
    }
  })
})

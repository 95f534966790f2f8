import max from 'libphonenumber-js/metadata.max.json'
import { sql } from 'drizzle-orm'
import { createPhoneTools } from '../../contract/phone'
import type { Db } from './client'
import {
  bans,
  coinLedger,
  comments,
  contacts,
  importedEvidence,
  numbers,
  pollAnswers,
  reactions,
  searchHistory,
  tags,
  users,
} from './schema'
import { seedTags } from './seed-tags'
import { contactNameHash } from './name-hash'
import { LOCKS, transactionLock } from './locks'

/*
 * Synthetic demo data for a fresh install. Every number is in a range set aside
 * for fiction (US 201-555-01xx, UK 020 7946 0xxx), every name starts with "Demo",
 * so nothing here can be mistaken for, or reach, a real person.
 */

const phone = createPhoneTools(max)
const DAY = 86_400_000

interface DemoUser {
  key: string
  phone: string
  firstName: string
  lastName: string
  role?: 'user' | 'moderator'
  /** Coin movements in order; they must never take the balance below zero. */
  coins: Array<{ delta: number; reason: string; daysAgo: number }>
}

const USERS: DemoUser[] = [
  {
    key: 'dana',
    phone: '+12015550100',
    firstName: 'Demo',
    lastName: 'Dana',
    role: 'moderator',
    coins: [
      { delta: 50, reason: 'demo_grant', daysAgo: 30 },
      { delta: -1, reason: 'paid_search', daysAgo: 12 },
      { delta: -11, reason: 'introduction', daysAgo: 5 },
    ],
  },
  {
    key: 'dev',
    phone: '+12015550101',
    firstName: 'Demo',
    lastName: 'Dev',
    coins: [
      { delta: 20, reason: 'demo_grant', daysAgo: 28 },
      { delta: -1, reason: 'paid_search', daysAgo: 3 },
    ],
  },
  { key: 'kim', phone: '+12015550102', firstName: 'Demo', lastName: 'Kim', coins: [{ delta: 20, reason: 'demo_grant', daysAgo: 21 }] },
  {
    key: 'lee',
    phone: '+442079460001',
    firstName: 'Demo',
    lastName: 'Lee',
    coins: [
      { delta: 10, reason: 'demo_grant', daysAgo: 14 },
      { delta: -2, reason: 'comment_up', daysAgo: 9 },
    ],
  },
  { key: 'max', phone: '+442079460002', firstName: 'Demo', lastName: 'Max', coins: [] },
  { key: 'sam', phone: '+442079460003', firstName: 'Demo', lastName: 'Sam', coins: [{ delta: 5, reason: 'demo_grant', daysAgo: 2 }] },
]

/** Numbers that call the demo users, with what public lists say about them. */
const CALLERS: Record<string, { phone: string; evidence: Array<{ label: string; votes: number; daysAgo: number }> }> = {
  pizza: { phone: '+12015550150', evidence: [{ label: 'legitimate', votes: 40, daysAgo: 10 }] },
  scam: { phone: '+12015550166', evidence: [{ label: 'fraud', votes: 120, daysAgo: 4 }] },
  warranty: {
    phone: '+12015550177',
    evidence: [
      { label: 'robocall', votes: 60, daysAgo: 6 },
      { label: 'warranty', votes: 60, daysAgo: 6 },
    ],
  },
  dentist: { phone: '+442079460500', evidence: [{ label: 'legitimate', votes: 15, daysAgo: 20 }] },
  ping: { phone: '+442079460666', evidence: [{ label: 'ping', votes: 35, daysAgo: 2 }] },
  survey: { phone: '+442079460700', evidence: [{ label: 'poll', votes: 12, daysAgo: 40 }] },
}

/** Who saved which number under which name (people and callers alike). */
const CONTACTS: Array<[owner: string, number: string, first: string, last: string | null]> = [
  ['dana', 'dev', 'Demo', 'Dev'],
  ['dana', 'kim', 'Kim', 'from work'],
  ['dana', 'pizza', 'Demo Pizza', null],
  ['dev', 'dana', 'Demo', 'Dana'],
  ['dev', 'pizza', 'Demo Pizza', null],
  ['dev', 'scam', 'Scam', 'do not answer'],
  ['kim', 'dana', 'Dana', null],
  ['kim', 'lee', 'Demo', 'Lee'],
  ['kim', 'pizza', 'Pizza place', null],
  ['lee', 'max', 'Demo', 'Max'],
  ['lee', 'dentist', 'Demo Dental', null],
  ['max', 'lee', 'Lee', null],
  ['max', 'dentist', 'Demo Dental', null],
  ['sam', 'dentist', 'Dentist', null],
  ['sam', 'kim', 'Demo', 'Kim'],
]

const COMMENTS: Array<{ by: string; on: string; text: string; daysAgo: number; likedBy?: string[]; dislikedBy?: string[] }> = [
  {
    by: 'dana',
    on: 'scam',
    text: 'Said they were from my bank and asked for a card PIN. Hung up.',
    daysAgo: 6,
    likedBy: ['dev', 'kim', 'lee'],
  },
  { by: 'dev', on: 'scam', text: 'Same here, a recorded voice first, then a "security officer".', daysAgo: 4, likedBy: ['dana'] },
  { by: 'kim', on: 'warranty', text: 'Robocall about my car warranty. I do not own a car.', daysAgo: 7, likedBy: ['dana', 'dev'] },
  { by: 'kim', on: 'pizza', text: 'They call back to confirm delivery orders, friendly.', daysAgo: 15, likedBy: ['dev'] },
  { by: 'lee', on: 'ping', text: 'Rings once at night and hangs up. Do not call back.', daysAgo: 2, likedBy: ['max', 'sam'] },
  { by: 'max', on: 'survey', text: 'A long survey about energy suppliers.', daysAgo: 30, dislikedBy: ['lee'] },
  { by: 'sam', on: 'dentist', text: 'Appointment reminders from the practice.', daysAgo: 9, likedBy: ['lee', 'max'] },
]

const BANS: Array<[user: string, number: string, daysAgo: number]> = [
  ['dana', 'scam', 6],
  ['dev', 'scam', 4],
  ['kim', 'scam', 3],
  ['lee', 'scam', 1],
  ['kim', 'warranty', 7],
  ['dana', 'warranty', 5],
  ['lee', 'ping', 2],
]

const POLLS: Array<[user: string, number: string, tag: string, poll: 'onComment' | 'onBan' | 'onPage']> = [
  ['dana', 'scam', 'fraud', 'onBan'],
  ['dana', 'scam', 'bank', 'onBan'],
  ['dev', 'scam', 'fraud', 'onBan'],
  ['dev', 'scam', 'robot', 'onBan'],
  ['kim', 'scam', 'scared', 'onBan'],
  ['kim', 'warranty', 'robocall', 'onBan'],
  ['kim', 'warranty', 'warranty', 'onComment'],
  ['dana', 'warranty', 'robot', 'onBan'],
  ['kim', 'pizza', 'company', 'onComment'],
  ['kim', 'pizza', 'delivery', 'onComment'],
  ['dev', 'pizza', 'legitimate', 'onPage'],
  ['lee', 'ping', 'ping', 'onBan'],
  ['lee', 'ping', 'angry', 'onBan'],
  ['max', 'survey', 'poll', 'onComment'],
  ['sam', 'dentist', 'appointment', 'onComment'],
  ['sam', 'dentist', 'legitimate', 'onComment'],
]

const SEARCHES: Array<[user: string, number: string, daysAgo: number]> = [
  ['dana', 'scam', 6],
  ['dev', 'dana', 3],
  ['kim', 'warranty', 7],
  ['lee', 'ping', 2],
  ['sam', 'dentist', 9],
]

export { contactNameHash }

function e164(input: string): { e164: string; country: string | null } {
  const parsed = phone.normalize(input)
  if (!parsed) throw new Error(`Demo number ${input} is not valid with the max metadata`)
  return { e164: parsed.e164, country: parsed.country }
}

/**
 * Fills an empty database with the demo data above. Does nothing (and answers
 * false) when any user exists, so it is safe at every start.
 */
export async function seedDemo(db: Db, now: Date = new Date()): Promise<boolean> {
  await seedTags(db)
  const ago = (days: number) => new Date(now.getTime() - days * DAY)
  return db.transaction(async (tx) => {
    // Two servers starting at once on one PostgreSQL must not both seed.
    await tx.execute(transactionLock(LOCKS.seed))
    const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(users)
    if (count > 0) return false

    const userIds = new Map<string, number>()
    for (const u of USERS) {
      let balance = 0
      for (const c of u.coins) balance += c.delta
      const [row] = await tx
        .insert(users)
        .values({
          phone: e164(u.phone).e164,
          firstName: u.firstName,
          lastName: u.lastName,
          role: u.role ?? 'user',
          balance,
          locale: 'en',
          createdAt: ago(35),
        })
        .returning({ id: users.id })
      userIds.set(u.key, row.id)
      let after = 0
      for (const [i, c] of u.coins.entries()) {
        after += c.delta
        if (after < 0) throw new Error(`Demo coins of ${u.key} go below zero`)
        await tx.insert(coinLedger).values({
          userId: row.id,
          delta: c.delta,
          balanceAfter: after,
          reason: c.reason,
          ref: `demo-${u.key}-${i}`,
          createdAt: ago(c.daysAgo),
        })
      }
    }

    // Every number the demo mentions: the callers, and the users' own numbers.
    const numberIds = new Map<string, number>()
    const allNumbers = [
      ...Object.entries(CALLERS).map(([key, c]) => [key, c.phone] as const),
      ...USERS.map((u) => [u.key, u.phone] as const),
    ]
    for (const [key, input] of allNumbers) {
      const n = e164(input)
      const [row] = await tx
        .insert(numbers)
        .values(n)
        .onConflictDoUpdate({ target: numbers.e164, set: { e164: sql`excluded.e164` } })
        .returning({ id: numbers.id })
      numberIds.set(key, row.id)
    }
    const user = (key: string) => userIds.get(key)!
    const number = (key: string) => numberIds.get(key)!

    const tagRows = await tx.select({ id: tags.id, code: tags.code }).from(tags)
    const tagId = new Map(tagRows.map((t) => [t.code, t.id]))

    await tx.insert(importedEvidence).values(
      Object.entries(CALLERS).flatMap(([key, c]) =>
        c.evidence.map((e) => ({
          numberId: number(key),
          source: 'demo',
          tagId: tagId.get(e.label)!,
          label: e.label,
          votes: e.votes,
          lastSeen: ago(e.daysAgo),
        })),
      ),
    )
    await tx.insert(contacts).values(
      CONTACTS.map(([owner, num, first, last]) => ({
        ownerId: user(owner),
        numberId: number(num),
        firstName: first,
        lastName: last,
        nameHash: contactNameHash(first, last),
        createdAt: ago(20),
      })),
    )
    for (const c of COMMENTS) {
      const likedBy = c.likedBy ?? []
      const dislikedBy = c.dislikedBy ?? []
      const [row] = await tx
        .insert(comments)
        .values({
          numberId: number(c.on),
          userId: user(c.by),
          text: c.text,
          likes: likedBy.length,
          dislikes: dislikedBy.length,
          createdAt: ago(c.daysAgo),
        })
        .returning({ id: comments.id })
      const votes = [...likedBy.map((by) => [by, 'LIKE'] as const), ...dislikedBy.map((by) => [by, 'DISLIKE'] as const)]
      if (votes.length) {
        await tx.insert(reactions).values(
          votes.map(([by, kind]) => ({
            userId: user(by),
            targetType: 'comment' as const,
            targetId: row.id,
            kind,
            createdAt: ago(c.daysAgo - 1),
          })),
        )
      }
    }
    await tx.insert(bans).values(BANS.map(([u, n, d]) => ({ userId: user(u), numberId: number(n), createdAt: ago(d) })))
    await tx.insert(pollAnswers).values(
      POLLS.map(([u, n, tag, poll]) => {
        const id = tagId.get(tag)
        if (!id) throw new Error(`Demo poll answer uses unknown tag ${tag}`)
        return { userId: user(u), numberId: number(n), tagId: id, poll }
      }),
    )
    await tx.insert(searchHistory).values(
      SEARCHES.map(([u, n, d]) => ({
        userId: user(u),
        numberId: number(n),
        searchedAt: ago(d),
        day: ago(d).toISOString().slice(0, 10),
        lookedUp: true,
      })),
    )
    return true
  })
}

/**
 * The bench's databases: the PhoneBlock list plus a community on one of its numbers
 * (120 comments with two replies each, synthetic users commenting on other numbers), as many
 * extra numbers as asked with imported reports and comments spread over them, and the people
 * who look numbers up (issue 30).
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../server/db/client'
import { rowsOf } from '../server/db/client'
import { importFile } from '../server/db/import'
import { comments, importedEvidence, numbers, tags, threadReplies, users } from '../server/db/schema'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const PHONEBLOCK = path.resolve(root, '../shared/data/phoneblock-blocklist.xml')
/** A real PhoneBlock fraud number, the one with the long community thread. */
export const SEARCHED = '+491637875622'
/** The people who look numbers up: their phones are +49 1709 9xx xxx, none of them a number of the list. */
export const PEOPLE = 2500
const USERS = 300
const COMMENTS_PER_USER = 20
const ON_SEARCHED = 120

async function insertAll<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 1000) await insert(rows.slice(i, i + 1000))
}

/** The list and the community; returns the searched number's owner (a user). */
export async function seedCommunity(db: Db): Promise<{ ownerId: number }> {
  await importFile(db, { format: 'phoneblock', file: PHONEBLOCK, progress: null })
  const people = await db
    .insert(users)
    .values(Array.from({ length: USERS }, (_, i) => ({ phone: `+4915190${String(i).padStart(6, '0')}`, firstName: `Bench ${i}` })))
    .returning({ id: users.id })
  const [owner] = await db.insert(users).values({ phone: SEARCHED, firstName: 'Owner' }).returning({ id: users.id })
  const pool = (await db.select({ id: numbers.id }).from(numbers).limit(2000)).map((n) => n.id)
  const [target] = await db.select({ id: numbers.id }).from(numbers).where(eq(numbers.e164, SEARCHED))
  const others = pool.filter((id) => id !== target.id)
  const rows = people.flatMap((u, i) => [
    ...Array.from({ length: COMMENTS_PER_USER }, (_, k) => ({
      numberId: others[(i * 7 + k * 13) % others.length],
      userId: u.id,
      text: `Synthetic comment ${i}.${k}`,
      likes: (i + k) % 9,
      dislikes: (i * k) % 4,
    })),
    ...(i < ON_SEARCHED
      ? [
          {
            numberId: target.id,
            userId: u.id,
            text: `They called me about a parcel (${i})`,
            likes: i % 17,
            dislikes: i % 5,
            commentUps: i % 3,
          },
        ]
      : []),
  ])
  await insertAll(rows, (batch) => db.insert(comments).values(batch).onConflictDoNothing())
  const onTarget = await db.select({ id: comments.id }).from(comments).where(eq(comments.numberId, target.id))
  const replies = onTarget.flatMap((c, i) =>
    [0, 1].map((k) => ({ commentId: c.id, userId: people[(i + k + 1) % people.length].id, text: `Same here (${i}.${k})`, likes: k })),
  )
  await insertAll(replies, (batch) => db.insert(threadReplies).values(batch))
  return { ownerId: owner.id }
}

/** The people who look numbers up (PEOPLE of them); their user ids, in order. */
export async function seedPeople(db: Db): Promise<number[]> {
  const rows = Array.from({ length: PEOPLE }, (_, i) => ({ phone: `+491709${String(900000 + i)}`, firstName: `Person ${i}` }))
  const ids: number[] = []
  await insertAll(rows, async (batch) => ids.push(...(await db.insert(users).values(batch).returning({ id: users.id })).map((u) => u.id)))
  return ids
}

/** How many numbers the database holds. */
export async function countNumbers(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(await db.execute(sql`select count(*) as n from ${numbers}`))
  return Number(row.n)
}

/**
 * Grows the database to `total` numbers (synthetic US numbers from +1 201 200 0000 up, valid ones, in set-based SQL, in
 * chunks of a million) with one comment on every tenth new number by one of the bench users.
 */
export async function growTo(db: Db, total: number, log: (line: string) => void): Promise<void> {
  const benchUsers = rowsOf<{ id: number }>(await db.execute(sql`select id from ${users} where phone like '+4915190%' order by id`)).map(
    (u) => u.id,
  )
  let have = await countNumbers(db)
  const started = Date.now()
  while (have < total) {
    const chunk = Math.min(1_000_000, total - have)
    const [before] = rowsOf<{ max: number | string }>(await db.execute(sql`select coalesce(max(id), 0) as max from ${numbers}`))
    await db.execute(sql`
      insert into ${numbers} (e164, country)
      select '+1' || (2012000000 + g)::text, 'US' from generate_series(${have}::bigint, ${have + chunk - 1}::bigint) g
      on conflict (e164) do nothing`)
    await db.execute(sql`
      insert into ${comments} (number_id, user_id, text, likes, dislikes)
      select n.id, (${sql.raw(`array[${benchUsers.join(',')}]`)})[1 + n.id % ${benchUsers.length}], 'Spread comment ' || n.id, n.id % 7, n.id % 3
      from ${numbers} n where n.id > ${Number(before.max)} and n.id % 10 = 0
      on conflict do nothing`)
    // Two in three new numbers were reported in an imported list (fraud, spam or a company), with 1–40 votes.
    await db.execute(sql`
      insert into ${importedEvidence} (number_id, source, tag_id, label, votes, last_seen)
      select n.id, 'bench', t.id, 'BENCH_' || t.code, 1 + n.id % 40, now() - (n.id % 300) * interval '1 day'
      from ${numbers} n join ${tags} t on t.code = (array['fraud', 'spam', 'company'])[1 + n.id % 3]
      where n.id > ${Number(before.max)} and n.id % 3 <> 0
      on conflict do nothing`)
    have = await countNumbers(db)
    log(`  ${have.toLocaleString('en')} numbers (${((Date.now() - started) / 1000).toFixed(0)} s)`)
  }
  await db.execute(sql`analyze`)
}

/**
 * The bench's databases: the PhoneBlock list plus a community on the searched number
 * (120 comments with two replies each, synthetic users commenting on other numbers), and
 * for P2 as many extra numbers as asked with comments spread over them.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../server/db/client'
import { rowsOf } from '../server/db/client'
import { importFile } from '../server/db/import'
import { comments, numbers, threadReplies, users } from '../server/db/schema'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const PHONEBLOCK = path.resolve(root, '../shared/data/phoneblock-blocklist.xml')
/** A real PhoneBlock fraud number; its owner searches it (own searches are free, so the daily limit never stops the run). */
export const SEARCHED = '+491637875622'
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
    ...Array.from({ length: COMMENTS_PER_USER }, (_, k) => ({ numberId: others[(i * 7 + k * 13) % others.length], userId: u.id, text: `Synthetic comment ${i}.${k}`, likes: (i + k) % 9, dislikes: (i * k) % 4 })),
    ...(i < ON_SEARCHED ? [{ numberId: target.id, userId: u.id, text: `They called me about a parcel (${i})`, likes: i % 17, dislikes: i % 5, commentUps: i % 3 }] : []),
  ])
  await insertAll(rows, (batch) => db.insert(comments).values(batch).onConflictDoNothing())
  const onTarget = await db.select({ id: comments.id }).from(comments).where(eq(comments.numberId, target.id))
  const replies = onTarget.flatMap((c, i) => [0, 1].map((k) => ({ commentId: c.id, userId: people[(i + k + 1) % people.length].id, text: `Same here (${i}.${k})`, likes: k })))
  await insertAll(replies, (batch) => db.insert(threadReplies).values(batch))
  return { ownerId: owner.id }
}

/** How many numbers the database holds. */
export async function countNumbers(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(await db.execute(sql`select count(*) as n from ${numbers}`))
  return Number(row.n)
}

/**
 * Grows the database to `total` numbers (synthetic US numbers, in set-based SQL, in
 * chunks of a million) with one comment on every tenth new number by one of the bench users.
 */
export async function growTo(db: Db, total: number, log: (line: string) => void): Promise<void> {
  const benchUsers = rowsOf<{ id: number }>(await db.execute(sql`select id from ${users} where phone like '+4915190%' order by id`)).map((u) => u.id)
  let have = await countNumbers(db)
  const started = Date.now()
  while (have < total) {
    const chunk = Math.min(1_000_000, total - have)
    const [before] = rowsOf<{ max: number | string }>(await db.execute(sql`select coalesce(max(id), 0) as max from ${numbers}`))
    await db.execute(sql`
      insert into ${numbers} (e164, country)
      select '+1' || (2000000000 + g)::text, 'US' from generate_series(${have}::bigint, ${have + chunk - 1}::bigint) g
      on conflict (e164) do nothing`)
    await db.execute(sql`
      insert into ${comments} (number_id, user_id, text, likes, dislikes)
      select n.id, (${sql.raw(`array[${benchUsers.join(',')}]`)})[1 + n.id % ${benchUsers.length}], 'Spread comment ' || n.id, n.id % 7, n.id % 3
      from ${numbers} n where n.id > ${Number(before.max)} and n.id % 10 = 0
      on conflict do nothing`)
    have = await countNumbers(db)
    log(`  ${have.toLocaleString('en')} numbers (${((Date.now() - started) / 1000).toFixed(0)} s)`)
  }
  await db.execute(sql`analyze`)
}

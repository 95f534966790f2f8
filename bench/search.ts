/**
 * `npm run bench`: the search endpoint over real HTTP on a populated embedded
 * database (the PhoneBlock list plus synthetic users, comments, replies and
 * likes), against a bare Fastify route in the same run.
 */
import path from 'node:path'
import os from 'node:os'
import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { eq } from 'drizzle-orm'
import Fastify from 'fastify'
import { buildApp } from '../server/app'
import { openPglite, openPostgres, type Db } from '../server/db/client'
import { comments, numbers, threadReplies, users } from '../server/db/schema'
import { importFile } from '../server/db/import'
import { loadEnv } from '../server/env'
import { signIn } from '../tests/support/app'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const duration = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)

async function measure(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections, duration, headers })
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx }
}

const bare = Fastify()
bare.get('/bare', async () => ({ status: true, data: { ok: true } }))
await bare.listen({ port: 0, host: '127.0.0.1' })
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'callerid-bench-'))
const database = process.env.BENCH_DATABASE_URL ? await openPostgres(process.env.BENCH_DATABASE_URL) : await openPglite(dataDir)
console.log(`database: ${database.kind}; importing the PhoneBlock list…`)
await importFile(database.db, { format: 'phoneblock', file: path.resolve(root, '../shared/data/phoneblock-blocklist.xml'), progress: null })
const SEARCHED = '+491637875622'
const USERS = 300
const COMMENTS_PER_USER = 20
const ON_SEARCHED = 120

/** In batches: one statement per batch keeps the seeding quick on either database. */
async function insertAll<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 1000) await insert(rows.slice(i, i + 1000))
}

/**
 * A community on top of the imported list: USERS users, each commenting on
 * COMMENTS_PER_USER imported numbers; ON_SEARCHED of them also comment on the searched
 * number, each comment with two replies and some likes. Direct inserts: the page
 * reads these tables as the API would have filled them.
 */
async function seedCommunity(db: Db) {
  const people = await db
    .insert(users)
    .values(Array.from({ length: USERS }, (_, i) => ({ phone: `+4915190${String(i).padStart(6, '0')}`, firstName: `Bench ${i}` })))
    .returning({ id: users.id })
  const pool = (await db.select({ id: numbers.id }).from(numbers).limit(2000)).map((n) => n.id)
  const [target] = await db.select({ id: numbers.id }).from(numbers).where(eq(numbers.e164, SEARCHED))
  const others = pool.filter((id) => id !== target.id)
  const rows = people.flatMap((u, i) => [
    ...Array.from({ length: COMMENTS_PER_USER }, (_, k) => ({ numberId: others[(i * 7 + k * 13) % others.length], userId: u.id, text: `Synthetic comment ${i}.${k}`, likes: (i + k) % 9, dislikes: (i * k) % 4 })),
    ...(i < ON_SEARCHED ? [{ numberId: target.id, userId: u.id, text: `They called me about a parcel (${i})`, likes: i % 17, dislikes: i % 5, commentUps: i % 3 }] : []),
  ])
  await insertAll(rows, (batch) => db.insert(comments).values(batch))
  const onTarget = await db.select({ id: comments.id }).from(comments).where(eq(comments.numberId, target.id))
  const replies = onTarget.flatMap((c, i) => [0, 1].map((k) => ({ commentId: c.id, userId: people[(i + k + 1) % people.length].id, text: `Same here (${i}.${k})`, likes: k })))
  await insertAll(replies, (batch) => db.insert(threadReplies).values(batch))
  console.log(`seeded ${people.length} users, ${rows.length} comments (${onTarget.length} on the searched number), ${replies.length} replies`)
}
await seedCommunity(database.db)

const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '100000000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' })
const app = await buildApp({ env, database, logger: false })
await app.listen({ port: 0, host: '127.0.0.1' })
const port = (app.server.address() as { port: number }).port
const { token } = await signIn(app, SEARCHED)
// Searching your own number is free, so the daily limit does not cut the run short.
const searchUrl = `http://127.0.0.1:${port}/api/v202505/search/491637875622`

console.log(`${duration} s each, ${connections} connections`)
const bareResult = await measure(bareUrl)
const searchResult = await measure(searchUrl, { authorization: `Bearer ${token}`, host: `127.0.0.1:${port}` })
const rows = [
  ['bare Fastify route', bareResult],
  ['GET /api/v202505/search/{number}', searchResult],
] as const
for (const [name, r] of rows) {
  console.log(`${name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors}`)
}
console.log(`search / bare throughput: ${(searchResult.rps / bareResult.rps).toFixed(3)}`)

await app.close()
await bare.close()
await database.close()
fs.rmSync(dataDir, { recursive: true, force: true })

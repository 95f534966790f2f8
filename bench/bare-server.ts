/**
 * The references the API is measured against, in their own process. Prints its port.
 *
 * - `GET /bare`: a bare Fastify route, no database.
 * - `GET /bare-write/:person/:number` (with BENCH_BARE_DATABASE_URL): the least a counted look-up
 *   must write, in one statement on that PostgreSQL through a pool of 10: insert the day's history
 *   row of the person and the number, and bump the person's count for the day when the row is new.
 *   Into copies of the real tables (`bench_history`, `bench_usage`, emptied at start).
 * - `GET /bare-read?sha1=…` (with BENCH_BARE_DATABASE_URL): the least a check by hash must read,
 *   one indexed row of `blocklist_entries` by its SHA-1 through the same pool: the floor of any
 *   answer that asks the database once.
 */
import Fastify from 'fastify'
import pg from 'pg'

const app = Fastify({ logger: false })
app.get('/bare', async () => ({ status: true, data: { ok: true } }))

const url = process.env.BENCH_BARE_DATABASE_URL
if (url) {
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  await pool.query('create table if not exists bench_history (like search_history including all)')
  await pool.query('create table if not exists bench_usage (like daily_usage including all)')
  await pool.query('truncate bench_history, bench_usage')
  const write = `with h as (
      insert into bench_history (user_id, number_id, day, looked_up) values ($1, $2, current_date, true) on conflict do nothing returning 1)
    insert into bench_usage (user_id, day, count) select $1, current_date, 1 from h
    on conflict (user_id, day) do update set count = bench_usage.count + 1`
  app.get<{ Params: { person: string; number: string } }>('/bare-write/:person/:number', async (request) => {
    await pool.query({ name: 'bare_write', text: write, values: [Number(request.params.person), Number(request.params.number)] })
    return { status: true, data: { ok: true } }
  })
  app.get<{ Querystring: { sha1: string } }>('/bare-read', async (request) => {
    const { rows } = await pool.query({
      name: 'bare_read',
      text: 'select e164, votes, rating from blocklist_entries where sha1 = $1',
      values: [request.query.sha1],
    })
    return { status: true, data: rows[0] ?? null }
  })
  app.addHook('onClose', async () => pool.end())
}

await app.listen({ port: 0, host: '127.0.0.1' })
process.stdout.write(`port ${(app.server.address() as { port: number }).port}\n`)
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))

import { once } from 'node:events'
import os from 'node:os'
import type { Writable } from 'node:stream'
import { finished } from 'node:stream/promises'
import { sql, type SQL } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { rowsOf, type Db } from '../client'
import { importedEvidence, numbers, tags } from '../schema'
import { keyedTransactionLock } from '../locks'

/**
 * Complaints go here one by one while the file is read. When `add` returns a
 * promise, the database is behind: wait for it before adding more.
 */
export interface ComplaintSink {
  /**
   * One complaint: the number (E.164), its country, its kind's tag code
   * (`robocall` or `spam`), its subject's tag code or null, and its date in
   * epoch ms (0 when unknown).
   */
  add(e164: string, country: string | null, kind: string, subject: string | null, at: number): Promise<void> | undefined
}

export interface MergeCounts {
  numbers: number
  newNumbers: number
  imported: number
  updated: number
  unchanged: number
}

/** Anything that runs a statement: the database, a transaction, one connection. */
interface Executor {
  execute(query: SQL): Promise<unknown>
}

/**
 * A staged complaint: the number as an integer (E.164 without its `+`: at most
 * 15 digits, never a leading zero), labels as small integers. Grouping and
 * joining on these is several times cheaper than on text.
 */
const CREATE_STAGE = sql`create temp table import_rows (num bigint not null, country text, kind smallint not null, subject smallint, at bigint) on commit drop`

/** Tag codes as the small integers staged for them, in the order first met. */
class Labels {
  readonly codes: string[] = []
  private readonly index = new Map<string, number>()

  of(code: string): number {
    let i = this.index.get(code)
    if (i === undefined) {
      i = this.codes.length
      this.codes.push(code)
      this.index.set(code, i)
    }
    return i
  }
}

/**
 * Streams complaints into temporary tables and merges them set-based into
 * `numbers` and `imported_evidence` under `source`. On PostgreSQL the rows go
 * in with COPY, split by number over `partitions` connections (one per core, 2
 * to 4), each a transaction that merges its share at the same time as the
 * others: a number's complaints all land in one share, and the foreign key
 * checks of the merge, most of its cost, run on every core. On the embedded
 * database: one transaction fed with multi-row inserts. `onMerge` is called
 * when every row is in.
 */
export async function stageComplaints(
  db: Db,
  source: string,
  fill: (sink: ComplaintSink) => Promise<void>,
  onMerge?: () => void,
  partitions = Math.min(4, Math.max(2, os.availableParallelism())),
): Promise<MergeCounts> {
  const labels = new Labels()
  const pool = (db as unknown as { $client?: unknown }).$client
  if (pool instanceof pg.Pool) return stageWithCopy(pool, source, labels, fill, onMerge, partitions)
  return db.transaction(async (tx) => {
    await tx.execute(CREATE_STAGE)
    const sink = new InsertSink(tx, labels)
    await fill(sink)
    await sink.flush()
    onMerge?.()
    return merge(tx, source, labels.codes)
  })
}

async function stageWithCopy(
  pool: pg.Pool,
  source: string,
  labels: Labels,
  fill: (sink: ComplaintSink) => Promise<void>,
  onMerge: (() => void) | undefined,
  partitions: number,
): Promise<MergeCounts> {
  const clients: pg.PoolClient[] = []
  const committed = new Set<pg.PoolClient>()
  try {
    for (let i = 0; i < partitions; i++) clients.push(await pool.connect())
    const shares = clients.map((client) => ({ client, tx: drizzlePg(client) }))
    for (const share of shares) {
      const { client, tx } = share
      await client.query('begin')
      await lockSource(tx, source, shares.indexOf(share))
      // Temporary tables live in these buffers (8 MB by default, then on disk); the
      // tally and the joins stay in memory instead of spilling.
      await client.query(`set local temp_buffers = '192MB'`)
      await client.query(`set local work_mem = '192MB'`)
      await tx.execute(CREATE_STAGE)
    }
    const sink = new CopySink(
      shares.map(({ client }) => client.query(copyFrom('copy import_rows from stdin'))),
      labels,
    )
    try {
      await fill(sink)
      await sink.end()
    } catch (err) {
      sink.abort(err as Error)
      throw err
    }
    onMerge?.()
    // Each share commits as soon as it is merged: a write to imported_evidence bumps the
    // page epoch (migration 0007), a row the other shares then wait for until this commit.
    // A failure in between leaves part of the file imported and the run unfinished
    // (import_runs), so importing the file again completes it.
    const counts = await Promise.all(
      shares.map(async ({ client, tx }) => {
        const merged = await merge(tx, source, labels.codes)
        await client.query('commit')
        committed.add(client)
        return merged
      }),
    )
    return counts.reduce((sum, c) => ({
      numbers: sum.numbers + c.numbers,
      newNumbers: sum.newNumbers + c.newNumbers,
      imported: sum.imported + c.imported,
      updated: sum.updated + c.updated,
      unchanged: sum.unchanged + c.unchanged,
    }))
  } finally {
    // After a failure a connection may still be in a transaction or a COPY: close it
    // rather than hand it back to the pool.
    for (const client of clients) client.release(!committed.has(client))
  }
}

/** One import of a source at a time: the merge writes evidence without ON CONFLICT. Taken share by share, in order. */
function lockSource(tx: Executor, source: string, share: number) {
  return tx.execute(keyedTransactionLock('importSource', source, share))
}

/**
 * The share (connection) a number's complaints go to: always the same for a number, so each
 * share tallies whole numbers. Two digits before the last seven spread numbers evenly and keep
 * runs of neighbouring numbers (an area code's) in one share, so the shares' inserts meet less
 * often on the same pages of the indexes than with the last two digits (the merge 8.6–9.5 →
 * 7.8–8.0 s for the bench's file). Numbers of fewer than nine digits use their last two.
 */
export function shareOf(e164: string, shares: number): number {
  const n = e164.length
  const at = n >= 10 ? n - 9 : n - 2
  return ((e164.charCodeAt(at) - 48) * 10 + e164.charCodeAt(at + 1) - 48) % shares
}

/** COPY text format, in 64 KiB chunks per connection, with each stream's back-pressure. */
class CopySink implements ComplaintSink {
  private readonly chunks: string[]
  private failure: Error | null = null

  constructor(
    private readonly streams: Writable[],
    private readonly labels: Labels,
  ) {
    this.chunks = streams.map(() => '')
    for (const stream of streams) stream.on('error', (err) => (this.failure ??= err))
  }

  add(e164: string, country: string | null, kind: string, subject: string | null, at: number): Promise<void> | undefined {
    const share = shareOf(e164, this.streams.length)
    const line = `${e164.slice(1)}\t${country ?? '\\N'}\t${this.labels.of(kind)}\t${subject === null ? '\\N' : this.labels.of(subject)}\t${at || '\\N'}\n`
    const chunk = (this.chunks[share] += line)
    return chunk.length >= 65_536 ? this.flush(share) : undefined
  }

  private flush(share: number): Promise<void> | undefined {
    if (this.failure) throw this.failure
    const data = this.chunks[share]
    this.chunks[share] = ''
    const stream = this.streams[share]
    if (!data || stream.write(data)) return undefined
    return once(stream, 'drain').then(() => undefined)
  }

  async end(): Promise<void> {
    for (let share = 0; share < this.streams.length; share++) await this.flush(share)
    await Promise.all(
      this.streams.map((stream) => {
        stream.end()
        return finished(stream)
      }),
    )
  }

  abort(err: Error): void {
    for (const stream of this.streams) stream.destroy(err)
  }
}

/** The embedded database has no COPY from a client stream: rows go in as one JSON parameter per statement. */
class InsertSink implements ComplaintSink {
  private pending: Array<[string, string | null, number, number | null, number | null]> = []

  constructor(
    private readonly tx: Executor,
    private readonly labels: Labels,
    private readonly batchSize = 5000,
  ) {}

  add(e164: string, country: string | null, kind: string, subject: string | null, at: number): Promise<void> | undefined {
    this.pending.push([e164.slice(1), country, this.labels.of(kind), subject === null ? null : this.labels.of(subject), at || null])
    return this.pending.length >= this.batchSize ? this.flush() : undefined
  }

  async flush(): Promise<void> {
    if (!this.pending.length) return
    const batch = JSON.stringify(this.pending)
    this.pending = []
    await this.tx.execute(sql`insert into import_rows
      select (r->>0)::bigint, r->>1, (r->>2)::smallint, (r->>3)::smallint, (r->>4)::bigint
      from jsonb_array_elements(${batch}::jsonb) r`)
  }
}

/**
 * Tallies the staged complaints per number and label (each complaint counts for
 * its kind and, when it has one, its subject's tag; the latest date wins) and
 * writes what differs from what is stored. Votes are SET to the file's totals
 * and rows already stored so are left alone, so the same file twice changes
 * nothing, and an overlapping newer file sets its own totals instead of adding.
 */
async function merge(tx: Executor, source: string, labelCodes: string[]): Promise<MergeCounts> {
  await tx.execute(sql`create temp table import_labels on commit drop as
    select (l.ord - 1)::smallint as i, l.code, t.id as tag_id
    from jsonb_array_elements_text(${JSON.stringify(labelCodes)}::jsonb) with ordinality as l(code, ord)
    left join ${tags} t on t.code = l.code`)
  await tx.execute(sql`create temp table import_tally on commit drop as
    select num, label, count(*)::int as votes, max(at) as last_at
    from (
      select num, kind as label, at from import_rows
      union all
      select num, subject, at from import_rows where subject is not null
    ) complaint
    group by num, label`)
  await tx.execute(sql`create temp table import_numbers on commit drop as
    select num, min(country) as country from import_rows group by num`)
  // Temporary tables are never analysed on their own: without it the joins below are planned blind.
  await tx.execute(sql`analyze import_tally`)
  await tx.execute(sql`analyze import_numbers`)

  const [added] = rowsOf<{ numbers: number; created: number }>(
    await tx.execute(sql`
      with created as (
        insert into ${numbers} (e164, country)
        select '+' || x.num, x.country from import_numbers x
        where not exists (select from ${numbers} n where n.e164 = '+' || x.num)
        order by x.num
        on conflict (e164) do nothing
        returning 1
      )
      select (select count(*) from import_numbers)::int as numbers, (select count(*) from created)::int as created`),
  )
  await tx.execute(sql`create temp table import_ids on commit drop as
    select x.num, n.id from import_numbers x join ${numbers} n on n.e164 = '+' || x.num`)
  await tx.execute(sql`analyze import_ids`)

  await tx.execute(sql`create temp table import_incoming on commit drop as
    select i.id as number_id, l.tag_id, l.code as label, x.votes,
      timestamptz 'epoch' + x.last_at * interval '1 millisecond' as last_seen,
      e.number_id is not null as stored,
      (e.tag_id, e.votes, e.last_seen) is not distinct from
        (l.tag_id, x.votes, timestamptz 'epoch' + x.last_at * interval '1 millisecond') as same
    from import_tally x
    join import_ids i on i.num = x.num
    join import_labels l on l.i = x.label
    left join ${importedEvidence} e on e.number_id = i.id and e.source = ${source} and e.label = l.code`)
  const [counts] = rowsOf<{ fresh: number; changed: number; unchanged: number }>(
    await tx.execute(sql`select (count(*) filter (where not stored))::int as fresh,
      (count(*) filter (where stored and not same))::int as changed, (count(*) filter (where same))::int as unchanged
      from import_incoming`),
  )
  // Only statements with rows to write: every write to imported_evidence, even of no
  // rows, moves the page epoch (migration 0007) and so empties every kept number page.
  if (counts.fresh) {
    await tx.execute(sql`insert into ${importedEvidence} (number_id, source, tag_id, label, votes, comment, last_seen)
      select number_id, ${source}, tag_id, label, votes, null, last_seen from import_incoming where not stored order by number_id, label`)
  }
  if (counts.changed) {
    await tx.execute(sql`analyze import_incoming`)
    await tx.execute(sql`update ${importedEvidence} e
      set tag_id = c.tag_id, votes = c.votes, last_seen = c.last_seen, created_at = now()
      from import_incoming c
      where c.stored and not c.same and e.number_id = c.number_id and e.source = ${source} and e.label = c.label`)
  }
  return { numbers: added.numbers, newNumbers: added.created, imported: counts.fresh, updated: counts.changed, unchanged: counts.unchanged }
}

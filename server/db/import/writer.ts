import { sql } from 'drizzle-orm'
import type { Db } from '../client'
import { importedEvidence, numbers, tags } from '../schema'
import type { ImportSummary } from './types'

export interface EvidenceInput {
  e164: string
  country: string | null
  /** Tag code; the primary key of the row with the number and the source. */
  label: string
  votes: number
  comment?: string | null
  lastSeen?: Date | null
}

export async function loadTagIds(db: Db): Promise<Map<string, number>> {
  const rows = await db.select({ id: tags.id, code: tags.code }).from(tags)
  return new Map(rows.map((r) => [r.code, r.id]))
}

/**
 * Writes evidence rows in multi-row statements. Each row SETS its votes (never
 * adds), and rows whose values are already stored are not rewritten, so
 * importing the same data twice changes nothing and is counted as unchanged.
 * Callers hand each number+label to it at most once per import.
 */
export class EvidenceWriter {
  private pending: EvidenceInput[] = []

  constructor(
    private readonly db: Db,
    private readonly source: string,
    private readonly tagIds: ReadonlyMap<string, number>,
    private readonly summary: ImportSummary,
    private readonly batchSize = 2000,
  ) {}

  async add(row: EvidenceInput): Promise<void> {
    this.pending.push(row)
    if (this.pending.length >= this.batchSize) await this.flush()
  }

  async flush(): Promise<void> {
    const batch = this.pending
    this.pending = []
    if (!batch.length) return
    const input = JSON.stringify(
      batch.map((r) => ({
        e164: r.e164,
        country: r.country,
        label: r.label,
        tag_id: this.tagIds.get(r.label) ?? null,
        votes: r.votes,
        comment: r.comment ?? null,
        last_seen: r.lastSeen?.toISOString() ?? null,
      })),
    )
    // One statement per batch, its rows in one JSON parameter: thousands of
    // bind parameters per statement cost far more, on PGlite above all.
    const result = await this.db.execute<{ new_numbers: number; inserted: number; written: number }>(sql`
      with input as (
        select * from jsonb_to_recordset(${input}::jsonb)
          as x(e164 text, country text, label text, tag_id int, votes int, comment text, last_seen timestamptz)
      ), created as (
        insert into ${numbers} (e164, country)
        select distinct on (e164) e164, country from input
        on conflict (e164) do nothing
        returning id, e164
      ), ids as (
        select id, e164 from created
        union
        select n.id, n.e164 from ${numbers} n where n.e164 in (select e164 from input)
      ), written as (
        insert into ${importedEvidence} as e (number_id, source, tag_id, label, votes, comment, last_seen)
        select ids.id, ${this.source}, i.tag_id, i.label, i.votes, i.comment, i.last_seen
        from input i join ids on ids.e164 = i.e164
        on conflict (number_id, source, label) do update set
          tag_id = excluded.tag_id,
          votes = excluded.votes,
          comment = coalesce(excluded.comment, e.comment),
          last_seen = excluded.last_seen,
          created_at = now()
        -- Rows already stored so are left alone: not rewritten, not returned.
        where (e.tag_id, e.votes, e.last_seen) is distinct from (excluded.tag_id, excluded.votes, excluded.last_seen)
          or (excluded.comment is not null and excluded.comment is distinct from e.comment)
        -- xmax is 0 on a freshly inserted row version and set on an updated one.
        returning (xmax = 0) as inserted
      )
      select (select count(*) from created)::int as new_numbers,
        (count(*) filter (where inserted))::int as inserted,
        count(*)::int as written
      from written`)
    const rows = (result as unknown as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])
    const counts = rows[0] as { new_numbers: number; inserted: number; written: number }
    this.summary.newNumbers += Number(counts.new_numbers)
    this.summary.imported += Number(counts.inserted)
    this.summary.updated += Number(counts.written) - Number(counts.inserted)
    this.summary.unchanged += batch.length - Number(counts.written)
  }
}

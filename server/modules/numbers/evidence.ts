import { sql, type SQL } from 'drizzle-orm'
import type { EvidenceItem } from '../../../contract/api/number-profile'
import { TAG_BY_CODE } from '../../../contract/tags'
import type { Db } from '../../db/client'
import { rowsOf } from '../../db/client'
import { bans, importedEvidence, pollAnswers, tags } from '../../db/schema'
import { decay, HALF_LIFE_DAYS } from '../reputation'

/** A number's evidence as `evidenceJson` reads it; ban weights are already decayed. */
export interface EvidenceRows {
  imported: Array<{ source: string; label: string; code: string | null; votes: number; at: string | null }>
  bans: { n: number; weight: number }
  polls: Array<{ code: string; votes: number; at: string }>
}

/** SQL: what `decay` computes, for a timestamp column, with the same half-life. */
const decayOf = (at: SQL) => sql`power(0.5, greatest(0, extract(epoch from (now() - ${at}))) / 86400.0 / ${HALF_LIFE_DAYS}::numeric)`

/**
 * SQL: every piece of evidence about a number as one JSON value (`EvidenceRows`):
 * imported list entries, bans (counted and decayed) and poll answers per tag. The
 * only place evidence is read: the number page embeds it in its single statement,
 * `loadEvidence` runs it alone.
 */
export function evidenceJson(numberId: number): SQL {
  return sql`json_build_object(
    'imported', (select coalesce(json_agg(json_build_object('source', ie.source, 'label', ie.label, 'code', t.code, 'votes', ie.votes, 'at', coalesce(ie.last_seen, ie.created_at))), '[]'::json)
      from ${importedEvidence} ie left join ${tags} t on t.id = ie.tag_id where ie.number_id = ${numberId}),
    'bans', (select json_build_object('n', count(*)::int, 'weight', coalesce(sum(${decayOf(sql`created_at`)}), 0))
      from ${bans} where number_id = ${numberId}),
    'polls', (select coalesce(json_agg(p), '[]'::json) from (
        select t.code, count(*)::int as votes, max(pa.created_at) as at
        from ${pollAnswers} pa join ${tags} t on t.id = pa.tag_id where pa.number_id = ${numberId} group by t.code) p))`
}

const direction = (polarity: number) => (polarity < 0 ? 'negative' : polarity > 0 ? 'positive' : 'neutral') as EvidenceItem['direction']

/** Evidence items, weighted and decayed, for the index and its explanation. */
export function evidenceFrom(rows: EvidenceRows): EvidenceItem[] {
  const items: EvidenceItem[] = []
  for (const row of rows.imported) {
    const tag = TAG_BY_CODE.get(row.code ?? 'other')!
    items.push({
      kind: 'imported',
      source: row.source,
      label: row.code ?? 'other',
      votes: row.votes,
      weight: row.votes * tag.weight * decay(row.at === null ? null : new Date(row.at)),
      direction: direction(tag.polarity),
    })
  }
  if (rows.bans.n) {
    items.push({ kind: 'bans', source: 'users', label: 'ban', votes: rows.bans.n, weight: rows.bans.weight, direction: 'negative' })
  }
  for (const row of rows.polls) {
    const tag = TAG_BY_CODE.get(row.code)
    if (!tag) continue
    items.push({
      kind: 'polls',
      source: 'users',
      label: row.code,
      votes: row.votes,
      weight: row.votes * tag.weight * decay(new Date(row.at)),
      direction: direction(tag.polarity),
    })
  }
  return items
}

/** Every piece of evidence about a number, weighted and decayed. */
export async function loadEvidence(db: Db, numberId: number): Promise<EvidenceItem[]> {
  const [row] = rowsOf<{ evidence: EvidenceRows | string }>(await db.execute(sql`select ${evidenceJson(numberId)} as evidence`))
  return evidenceFrom(typeof row.evidence === 'string' ? (JSON.parse(row.evidence) as EvidenceRows) : row.evidence)
}

import { sql, type SQL } from 'drizzle-orm'
import type { EvidenceItem } from '../../../contract/api/number-profile'
import { TAG_BY_CODE } from '../../../contract/tags'
import type { Db, Param } from '../../db/client'
import { jsonValue, rowsOf } from '../../db/client'
import { bans, disputes, importedEvidence, pollAnswers, tags } from '../../db/schema'
import { decay, HALF_LIFE_DAYS } from '../reputation/formula'

/**
 * A number's evidence as `evidenceJson` reads it; ban weights are already decayed. `discounted`
 * parts are what an upheld dispute of the number's owner took out of the index.
 */
export interface EvidenceRows {
  imported: Array<{ source: string; label: string; code: string | null; votes: number; at: string | null; discounted: boolean }>
  bans: { n: number; weight: number; discountedN: number; discountedWeight: number }
  polls: Array<{ code: string; votes: number; at: string; discounted: boolean }>
}

/** SQL: what `decay` computes, for a timestamp column, with the same half-life. */
const decayOf = (at: SQL) => sql`power(0.5, greatest(0, extract(epoch from (now() - ${at}))) / 86400.0 / ${HALF_LIFE_DAYS}::numeric)`

/**
 * SQL: whether an upheld dispute of the number discounts a piece of evidence (DESIGN.md
 * section 9). An upheld `new_owner` dispute discounts what is dated before the date of
 * ownership (`dated`: an imported entry whose list gave no date counts as older, since a
 * list records the number's past); any other upheld dispute discounts the kinds and sources
 * its moderator named, as far as they were `recorded` by the decision: newer evidence counts.
 */
function discountedBy(numberId: Param<number>, kind: EvidenceItem['kind'], source: SQL, dated: SQL, recorded: SQL): SQL {
  return sql`exists (select 1 from ${disputes} upheld where upheld.number_id = ${numberId} and upheld.status = 'upheld' and (
    (upheld.category = 'new_owner' and (${dated} is null or ${dated} < upheld.owned_since))
    or (upheld.category <> 'new_owner' and ${recorded} <= upheld.decided_at
      and (upheld.discount @> jsonb_build_array(${kind}::text) or upheld.discount @> jsonb_build_array('source:' || ${source})))))`
}

/** SQL: whether the imported_evidence row `alias` is discounted. */
export const importedDiscounted = (numberId: Param<number>, alias: string) => {
  const a = sql.raw(alias)
  return discountedBy(numberId, 'imported', sql`${a}.source`, sql`${a}.last_seen`, sql`coalesce(${a}.last_seen, ${a}.created_at)`)
}
/** SQL: whether the poll_answers row `alias` is discounted. */
export const pollDiscounted = (numberId: Param<number>, alias: string) => {
  const a = sql.raw(alias)
  return discountedBy(numberId, 'polls', sql`'users'`, sql`${a}.created_at`, sql`${a}.created_at`)
}
const banDiscounted = (numberId: Param<number>, alias: string) => {
  const a = sql.raw(alias)
  return discountedBy(numberId, 'bans', sql`'users'`, sql`${a}.created_at`, sql`${a}.created_at`)
}

/**
 * SQL: every piece of evidence about a number as one JSON value (`EvidenceRows`):
 * imported list entries, bans (counted and decayed) and poll answers per tag, each
 * split into what counts and what an upheld dispute discounted. The only place
 * evidence is read: the number page embeds it in its single statement, `loadEvidence`
 * runs it alone, lists (featured numbers, the moderators' disputes, the private
 * look-up) run it per row with the row's number id column (whose table alias must not be
 * one of the aliases inside: ie, t, b, bn, p, pa, x, upheld).
 */
export function evidenceJson(numberId: Param<number>): SQL {
  return sql`json_build_object(
    'imported', ${importedJson(numberId, importedDiscounted(numberId, 'ie'))},
    'bans', (select json_build_object(
        'n', (count(*) filter (where not b.discounted))::int, 'weight', coalesce(sum(b.w) filter (where not b.discounted), 0),
        'discountedN', (count(*) filter (where b.discounted))::int, 'discountedWeight', coalesce(sum(b.w) filter (where b.discounted), 0))
      from (select ${decayOf(sql`bn.created_at`)} as w, ${banDiscounted(numberId, 'bn')} as discounted from ${bans} bn where bn.number_id = ${numberId}) b),
    'polls', (select coalesce(json_agg(p order by p.discounted, p.code), '[]'::json) from (
        select t.code, count(*)::int as votes, max(pa.created_at) as at, pa.discounted
        from (select x.tag_id, x.created_at, ${pollDiscounted(numberId, 'x')} as discounted from ${pollAnswers} x where x.number_id = ${numberId}) pa
        join ${tags} t on t.id = pa.tag_id group by t.code, pa.discounted) p))`
}

/**
 * SQL: a number's imported list entries as `EvidenceRows['imported']`, each with whether it is
 * `discounted` (SQL over the entry `ie`).
 */
function importedJson(numberId: Param<number>, discounted: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_object('source', ie.source, 'label', ie.label, 'code', t.code, 'votes', ie.votes,
        'at', coalesce(ie.last_seen, ie.created_at), 'discounted', ${discounted}) order by ie.source, ie.label), '[]'::json)
      from ${importedEvidence} ie left join ${tags} t on t.id = ie.tag_id where ie.number_id = ${numberId})`
}

/**
 * SQL: the evidence of a number nobody wrote anything about (no page version, ADR 0058): its
 * imported entries alone, none discounted (a dispute would have moved the page's version).
 */
export function untouchedEvidenceJson(numberId: Param<number>): SQL {
  return sql`json_build_object('imported', ${importedJson(numberId, sql`false`)},
    'bans', json_build_object('n', 0, 'weight', 0, 'discountedN', 0, 'discountedWeight', 0), 'polls', '[]'::json)`
}

/** The evidence value of a row: PGlite answers JSON parsed, `pg` may answer it as text. */
export function readEvidenceRows(value: EvidenceRows | string): EvidenceRows {
  return jsonValue(value)
}

const direction = (polarity: number) => (polarity < 0 ? 'negative' : polarity > 0 ? 'positive' : 'neutral') as EvidenceItem['direction']
const flag = (discounted: boolean) => (discounted ? { discounted: true } : {})

/** Evidence items, weighted and decayed, for the index and its explanation; discounted ones flagged. */
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
      ...flag(row.discounted),
    })
  }
  if (rows.bans.n) {
    items.push({ kind: 'bans', source: 'users', label: 'ban', votes: rows.bans.n, weight: rows.bans.weight, direction: 'negative' })
  }
  if (rows.bans.discountedN) {
    items.push({
      kind: 'bans',
      source: 'users',
      label: 'ban',
      votes: rows.bans.discountedN,
      weight: rows.bans.discountedWeight,
      direction: 'negative',
      discounted: true,
    })
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
      ...flag(row.discounted),
    })
  }
  return items
}

/** The evidence that counts in the index: everything an upheld dispute did not discount. */
export const countedEvidence = (items: readonly EvidenceItem[]) => items.filter((e) => !e.discounted)

/** Every piece of evidence about a number, weighted and decayed. */
export async function loadEvidence(db: Db, numberId: number): Promise<EvidenceItem[]> {
  const [row] = rowsOf<{ evidence: EvidenceRows | string }>(await db.execute(sql`select ${evidenceJson(numberId)} as evidence`))
  return evidenceFrom(readEvidenceRows(row.evidence))
}

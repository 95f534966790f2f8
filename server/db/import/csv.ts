import { tagForLabel } from '../../../contract/tags'
import type { ImportContext } from './context'
import { csvRecords, isBlank } from './csv-records'
import { isPhoneLike, phoneReader } from './read-phone'
import { ImportError, skip } from './types'

const MAX_COMMENT = 500

interface Tally {
  country: string | null
  votes: number
  comment: string | null
}

/**
 * A plain `number,label[,comment]` CSV, with or without a header row. Each row
 * is one vote for its number and label (the label read as a tag code), and
 * votes are SET to the file's count, so rows are tallied first and written at
 * the end. Memory grows with the distinct number+label pairs (plus one comment
 * of at most 500 characters each), not with the rows.
 */
export async function importCsv(ctx: ImportContext): Promise<void> {
  const { summary } = ctx
  const tallies = new Map<string, Tally>()
  const distinct = new Set<string>()
  const read = phoneReader(ctx.region)
  let first = true

  const records = csvRecords(
    ctx.file,
    () => countRow(ctx, 'malformed row'),
    ctx.signal,
    (bytes) => ctx.progress.at(bytes),
  )
  for await (const batch of records) {
    for (const fields of batch) {
      if (first && !isBlank(fields)) {
        first = false
        if (!isPhoneLike(fields[0])) continue // a header row
      }
      summary.read++
      ctx.progress.record(summary)
      if (isBlank(fields)) {
        skip(summary, 'blank line')
        continue
      }
      const { phone, reason } = read(fields[0])
      if (!phone) {
        skip(summary, reason)
        continue
      }
      if (!fields[1]) {
        skip(summary, 'missing label')
        continue
      }
      const label = tagForLabel(fields[1])
      // An unquoted comment with commas in it spreads over several fields.
      const comment = fields.slice(2).join(',').trim().slice(0, MAX_COMMENT).trim() || null
      summary.accepted++
      const key = `${phone.e164} ${label}`
      const tally = tallies.get(key)
      if (tally) {
        tally.votes++
        if (comment) tally.comment = comment
      } else tallies.set(key, { country: phone.country, votes: 1, comment })
      distinct.add(phone.e164)
    }
  }
  if (first && summary.read === 0) throw new ImportError(`${ctx.file} has no rows`)

  summary.numbers = distinct.size
  ctx.progress.doneReading(summary)
  ctx.progress.note(`writing ${tallies.size.toLocaleString('en-US')} evidence rows for ${distinct.size.toLocaleString('en-US')} numbers…`)
  const writer = ctx.writer('csv')
  for (const [key, tally] of tallies) {
    const [e164, label] = key.split(' ')
    await writer.add({ e164, country: tally.country, label, votes: tally.votes, comment: tally.comment })
  }
  await writer.flush()
}

function countRow(ctx: ImportContext, reason: string) {
  ctx.summary.read++
  skip(ctx.summary, reason)
}

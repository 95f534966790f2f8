import fs from 'node:fs'
import path from 'node:path'
import { SaxesParser } from 'saxes'
import { PHONEBLOCK_TAG } from '../../../contract/tags'
import { checkAborted, type ImportContext } from './context'
import { phoneReader } from './read-phone'
import { ImportError, skip } from './types'

/**
 * The PhoneBlock blocklist: `<phone-info phone="…" rating="…" votes="…">`.
 * Phone ids are German-centric (`0…` national, `00<cc>…` international). The
 * file is parsed chunk by chunk and written in batches as it goes; only the
 * keys already seen are kept, to tell duplicates.
 */
export async function importPhoneblock(ctx: ImportContext): Promise<void> {
  const { summary } = ctx
  const read = phoneReader(ctx.region)
  const writer = ctx.writer('phoneblock')
  const seen = new Set<string>()
  const distinct = new Set<string>()
  const entries: Array<Record<string, string>> = []
  const parser = new SaxesParser({ fileName: path.basename(ctx.file) })
  parser.on('opentag', (tag) => {
    if (tag.name === 'phone-info') entries.push(tag.attributes as Record<string, string>)
  })

  const handle = async (attrs: Record<string, string>) => {
    summary.read++
    ctx.progress.record(summary)
    const tag = PHONEBLOCK_TAG[(attrs.rating ?? '').trim()]
    if (!tag) return skip(summary, 'unknown rating')
    const votes = /^\s*\d+\s*$/.test(attrs.votes ?? '') ? Number(attrs.votes) : NaN
    if (!Number.isSafeInteger(votes) || votes < 1) return skip(summary, 'missing or bad votes')
    const { phone, reason } = read(attrs.phone)
    if (!phone) return skip(summary, reason)
    const key = `${phone.e164} ${tag}`
    if (seen.has(key)) return skip(summary, 'duplicate')
    seen.add(key)
    distinct.add(phone.e164)
    summary.accepted++
    await writer.add({ e164: phone.e164, country: phone.country, label: tag, votes })
  }

  const stream = fs.createReadStream(ctx.file, { encoding: 'utf8', highWaterMark: 64 * 1024 })
  try {
    for await (const chunk of stream) {
      checkAborted(ctx.signal)
      ctx.progress.at(stream.bytesRead)
      parseXml(() => parser.write(chunk as string))
      for (const attrs of entries.splice(0)) await handle(attrs)
    }
    parseXml(() => parser.close())
    for (const attrs of entries.splice(0)) await handle(attrs)
  } finally {
    stream.destroy()
  }
  if (summary.read === 0) throw new ImportError(`${ctx.file} has no <phone-info> entries: is it a PhoneBlock blocklist?`)
  await writer.flush()
  summary.numbers = distinct.size
  ctx.progress.doneReading(summary)
}

function parseXml(step: () => unknown): void {
  try {
    step()
  } catch (err) {
    throw new ImportError(`Not well-formed XML: ${(err as Error).message}`)
  }
}

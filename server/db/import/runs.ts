import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { desc, eq } from 'drizzle-orm'
import type { Db } from '../client'
import { importRuns } from '../schema'
import { checkAborted } from './context'
import type { ImportFormat, ImportSummary } from './types'

/** Hex SHA-256 of a file's content, read as a stream (about 1 GB/s). */
export async function fileSha256(file: string, signal?: AbortSignal): Promise<string> {
  const hash = crypto.createHash('sha256')
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 })) {
    checkAborted(signal)
    hash.update(chunk as Buffer)
  }
  return hash.digest('hex')
}

export interface RunKey {
  format: ImportFormat
  region: string | null
  sha256: string
}

/**
 * The summary of the last import of `key.format` when it finished and read this
 * very content in the same region; null otherwise. Only imports write
 * imported_evidence and each import sets its own rows, so after that run the
 * rows of the format are exactly what reading the file again would write.
 * A later run of the format, even one that never finished, rules this out.
 */
export async function sameAsLastRun(db: Db, key: RunKey): Promise<{ summary: ImportSummary; finishedAt: Date } | null> {
  const [last] = await db.select().from(importRuns).where(eq(importRuns.format, key.format)).orderBy(desc(importRuns.id)).limit(1)
  if (!last?.finishedAt || !last.summary || last.sha256 !== key.sha256 || last.region !== key.region) return null
  return { summary: last.summary as ImportSummary, finishedAt: last.finishedAt }
}

/** Records that an import starts, before it writes anything; its id. */
export async function startRun(db: Db, key: RunKey, file: string): Promise<number> {
  const [run] = await db
    .insert(importRuns)
    .values({ format: key.format, region: key.region, sha256: key.sha256, file: path.basename(file) })
    .returning({ id: importRuns.id })
  return run.id
}

export async function finishRun(db: Db, id: number, summary: ImportSummary): Promise<void> {
  await db.update(importRuns).set({ summary, finishedAt: new Date() }).where(eq(importRuns.id, id))
}

import type { CountryCode } from 'libphonenumber-js/core'
import type { Db } from '../client'
import type { Progress } from './progress'
import type { ImportSummary } from './types'
import type { EvidenceWriter } from './writer'

/** What one format's reader works with. */
export interface ImportContext {
  db: Db
  file: string
  region: CountryCode | undefined
  summary: ImportSummary
  tagIds: ReadonlyMap<string, number>
  progress: Progress
  signal: AbortSignal | undefined
  /** An evidence writer for `source`, sharing the summary's counters. */
  writer(source: string): EvidenceWriter
}

export function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new Error('Import interrupted')
}

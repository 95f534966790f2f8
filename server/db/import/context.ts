import type { CountryCode } from 'libphonenumber-js/core'
import type { Db } from '../client'
import type { Progress } from './progress'
import type { ImportSummary } from './types'
import type { EvidenceWriter } from './writer'

/** What one format's reader works with. */
export interface ImportContext {
  db: Db
  file: string
  /** Country of national numbers: the option, else the format's default (none for a plain CSV). */
  region: CountryCode | undefined
  summary: ImportSummary
  tagIds: ReadonlyMap<string, number>
  progress: Progress
  signal: AbortSignal | undefined
  /** Worker threads that read phone numbers (0: this thread). */
  phoneWorkers: number
  /** An evidence writer for `source`, sharing the summary's counters. */
  writer(source: string): EvidenceWriter
}

export function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new Error('Import interrupted')
}

import type { CountryCode } from 'libphonenumber-js/core'

export const IMPORT_FORMATS = ['phoneblock', 'ftc', 'csv'] as const
export type ImportFormat = (typeof IMPORT_FORMATS)[number]

/** A problem with the input as a whole (missing file, wrong format): shown to the operator as is. */
export class ImportError extends Error {}

export interface ImportOptions {
  format: ImportFormat
  file: string
  /** Country of national numbers. Defaults: DE for phoneblock, US for ftc, none for csv. */
  region?: CountryCode
  /** Where progress lines go (the CLI passes stderr); null for none. */
  progress?: NodeJS.WritableStream | null
  /** Evidence rows per INSERT statement (2000 by default). */
  batchSize?: number
  /** Read and merge the file even when it was the last import of its format. */
  force?: boolean
  /**
   * Worker threads that read the phone numbers of an FTC file. Default: none for a
   * file up to 8 MB; for a bigger one, one per core but one, 2 to 3.
   */
  phoneWorkers?: number
  signal?: AbortSignal
}

export interface ImportSummary {
  format: ImportFormat
  file: string
  /** Records read: XML entries or CSV rows (a CSV header row is not counted). */
  read: number
  /** Records that became evidence (or added a vote to it). */
  accepted: number
  /** Distinct numbers the accepted records name. */
  numbers: number
  /** Numbers that were not in the database before. */
  newNumbers: number
  /** Evidence rows created. */
  imported: number
  /** Evidence rows that existed with other votes, tag, date or comment. */
  updated: number
  /** Evidence rows that existed exactly so: a re-import lands here. */
  unchanged: number
  /** Records left out, by reason; `read = accepted + sum(skipped)`. */
  skipped: Record<string, number>
  durationMs: number
  /**
   * Set when the file was not read because it is the one the last finished import
   * of its format read (same content, same region): when that import finished (ISO).
   * The figures are that import's, its evidence rows all counted as unchanged.
   */
  alreadyImportedAt?: string
}

export function emptySummary(format: ImportFormat, file: string): ImportSummary {
  return {
    format,
    file,
    read: 0,
    accepted: 0,
    numbers: 0,
    newNumbers: 0,
    imported: 0,
    updated: 0,
    unchanged: 0,
    skipped: {},
    durationMs: 0,
  }
}

export function skip(summary: ImportSummary, reason: string): void {
  summary.skipped[reason] = (summary.skipped[reason] ?? 0) + 1
}

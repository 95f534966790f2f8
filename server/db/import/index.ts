import fs from 'node:fs'
import max from 'libphonenumber-js/metadata.max.json'
import { isSupportedCountry, type CountryCode } from 'libphonenumber-js/core'
import type { Db } from '../client'
import { seedTags } from '../seed-tags'
import { checkAborted, type ImportContext } from './context'
import { importCsv } from './csv'
import { importFtc } from './ftc'
import { importPhoneblock } from './phoneblock'
import { Progress } from './progress'
import { emptySummary, ImportError, IMPORT_FORMATS, type ImportFormat, type ImportOptions, type ImportSummary } from './types'
import { EvidenceWriter, loadTagIds } from './writer'

export { formatSummary } from './progress'
export { ImportError, IMPORT_FORMATS, type ImportFormat, type ImportOptions, type ImportSummary } from './types'

const READERS: Record<ImportFormat, (ctx: ImportContext) => Promise<void>> = {
  phoneblock: importPhoneblock,
  ftc: importFtc,
  csv: importCsv,
}

/** A two-letter country that libphonenumber knows, upper-cased; throws ImportError otherwise. */
export function parseRegion(value: string): CountryCode {
  const region = value.trim().toUpperCase()
  if (!/^[A-Z]{2}$/.test(region) || !isSupportedCountry(region as CountryCode, max)) {
    throw new ImportError(`Unknown region "${value}": give a two-letter country code such as DE, GB or US`)
  }
  return region as CountryCode
}

/**
 * Imports one list of reported numbers into `numbers` and `imported_evidence`.
 * Streams the file, skips what it cannot read (counted by reason), and is
 * idempotent: importing the same file again changes nothing.
 */
export async function importFile(db: Db, opts: ImportOptions): Promise<ImportSummary> {
  const started = Date.now()
  if (!IMPORT_FORMATS.includes(opts.format)) {
    throw new ImportError(`Unknown format "${opts.format}": use one of ${IMPORT_FORMATS.join(', ')}`)
  }
  checkReadable(opts.file)
  await seedTags(db)
  const tagIds = await loadTagIds(db)
  const summary = emptySummary(opts.format, opts.file)
  const progress = new Progress(opts.progress)
  const ctx: ImportContext = {
    db,
    file: opts.file,
    region: opts.region,
    summary,
    tagIds,
    progress,
    signal: opts.signal,
    writer: (source) => new EvidenceWriter(db, source, tagIds, summary, opts.batchSize),
  }
  try {
    await READERS[opts.format](ctx)
    checkAborted(opts.signal)
  } finally {
    progress.end()
  }
  summary.durationMs = Date.now() - started
  return summary
}

/** Throws a readable ImportError unless `file` is a readable file. */
export function checkReadable(file: string): void {
  let stat: fs.Stats
  try {
    stat = fs.statSync(file)
  } catch {
    throw new ImportError(`No such file: ${file}`)
  }
  if (!stat.isFile()) throw new ImportError(`Not a file: ${file}`)
  try {
    fs.accessSync(file, fs.constants.R_OK)
  } catch {
    throw new ImportError(`Cannot read ${file}: permission denied`)
  }
}

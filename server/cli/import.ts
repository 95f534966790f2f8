/**
 * npm run db:import -- --format phoneblock|ftc|csv [--region CC] [--force] FILE
 * Imports a list of reported numbers; safe to run again on the same file.
 */
import { parseArgs } from 'node:util'
import type { CountryCode } from 'libphonenumber-js/core'
import { checkReadable, formatSummary, ImportError, importFile, IMPORT_FORMATS, parseRegion, type ImportFormat } from '../db/import'
import { CliError, openCliDatabase, resolveUserPath, runCli } from './common'

const USAGE = `Usage: npm run db:import -- --format phoneblock|ftc|csv [--region CC] [--force] FILE

  --format phoneblock  PhoneBlock XML blocklist (national numbers read as German)
  --format ftc         US FTC Do-Not-Call complaints CSV (national numbers read as US)
  --format csv         plain CSV: number,label[,comment], header row optional
  --region CC          country of national numbers, e.g. DE, GB, US
                       (needed for national numbers in a plain CSV)
  --force              read the file even when it is the one the last import
                       of its format read (that import is otherwise taken as
                       is: nothing to do)

Uses DATABASE_URL when set, else the embedded database in DATA_DIR (./data).`

function readArgs(): { format: ImportFormat; region?: CountryCode; force: boolean; file: string } | null {
  let parsed
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        format: { type: 'string', short: 'f' },
        region: { type: 'string', short: 'r' },
        force: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    })
  } catch (err) {
    throw new CliError(`${(err as Error).message}\n\n${USAGE}`)
  }
  const { values, positionals } = parsed
  if (values.help) return null
  const format = values.format as ImportFormat | undefined
  if (!format) throw new CliError(`Missing --format.\n\n${USAGE}`)
  if (!IMPORT_FORMATS.includes(format))
    throw new CliError(`Unknown format "${format}": use one of ${IMPORT_FORMATS.join(', ')}.\n\n${USAGE}`)
  if (positionals.length !== 1) {
    throw new CliError(`${positionals.length ? 'Give exactly one FILE' : 'Missing FILE'} to import.\n\n${USAGE}`)
  }
  return {
    format,
    region: values.region ? parseRegion(values.region) : undefined,
    force: Boolean(values.force),
    file: resolveUserPath(positionals[0]),
  }
}

async function main(): Promise<void> {
  const args = readArgs()
  if (!args) {
    process.stdout.write(`${USAGE}\n`)
    return
  }
  checkReadable(args.file)
  const database = await openCliDatabase()
  const abort = new AbortController()
  const onSignal = () => abort.abort()
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  try {
    process.stderr.write(
      `Importing ${args.file} (${args.format}) into the ${database.kind === 'pglite' ? 'embedded database' : 'PostgreSQL database'}\n`,
    )
    const summary = await importFile(database.db, { ...args, progress: process.stderr, signal: abort.signal })
    process.stdout.write(`${formatSummary(summary)}\n`)
  } finally {
    await database.close()
  }
}

runCli(main, [ImportError])

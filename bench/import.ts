/**
 * Import benchmark (issue 12, P4): `node --import tsx bench/import.ts [--rows N]`.
 *
 * Generates a synthetic FTC Do-Not-Call complaints file of N rows (default
 * 1,000,000; cached in the temp folder, keyed by the row count), creates a
 * throw-away PostgreSQL database on BENCH_DATABASE_URL's server, and imports the
 * file with the real CLI in a child process three times: first, again (the file
 * is known: a no-op), and again with --force (the full data-level path, which
 * must change nothing either). It measures each child's wall time and peak RSS.
 * A human summary goes to stderr; the last stdout line is one JSON object.
 */
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import pg from 'pg'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const cli = path.join(root, 'server/cli/import.ts')
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

const { values } = parseArgs({ options: { rows: { type: 'string' } } })
const rows = Number(values.rows ?? 1_000_000)
if (!Number.isSafeInteger(rows) || rows < 1) {
  process.stderr.write(`--rows must be a positive whole number, not "${values.rows}"\n`)
  process.exit(1)
}

const log = (line: string) => process.stderr.write(`${line}\n`)
const nf = new Intl.NumberFormat('en-US')

// ---------------------------------------------------------------------------
// The synthetic file

/** mulberry32: a small seeded generator, so the file is the same on every machine. */
function random(seed: number): () => number {
  let s = seed
  return () => {
    s = (s + 0x6d2b79f5) | 0
    let t = Math.imul(s ^ (s >>> 15), 1 | s)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const AREA_CODES = [
  201, 202, 203, 205, 206, 207, 208, 210, 212, 213, 214, 215, 216, 217, 218, 219, 224, 225, 228, 229, 231, 234, 239, 240, 248, 251, 252,
  253, 254, 256, 260, 262, 267, 269, 270, 272, 276, 281, 301, 302, 303, 304, 305, 307, 308, 309, 310, 312, 313, 314, 315, 316, 317, 318,
  319, 320, 321, 323, 330, 331, 334, 336, 337, 339, 347, 351, 352, 360, 361, 386, 401, 402, 404, 405, 406, 407, 408, 409, 410, 412, 413,
  414, 415, 417, 419, 423, 424, 425, 430, 432, 434, 435, 440, 443, 469, 470, 478, 479, 480, 484, 501, 502, 503, 504, 505, 507, 508, 509,
  510, 512, 513, 515, 516, 517, 518, 520, 530, 540, 541, 559, 561, 562, 563, 567, 570, 571, 573, 574, 575, 580, 585, 586, 601, 602, 603,
  605, 606, 607, 608, 609, 610, 612, 614, 615, 616, 617, 618, 619, 620, 623, 626, 630, 631, 636, 641, 646, 650, 651, 660, 661, 662, 678,
  682, 701, 702, 703, 704, 706, 707, 708, 712, 713, 714, 715, 716, 717, 718, 719, 720, 724, 727, 731, 732, 734, 740, 754, 757, 760, 763,
  765, 770, 772, 773, 774, 775, 781, 785, 786, 801, 802, 803, 804, 805, 806, 808, 810, 812, 813, 814, 815, 816, 817, 818, 828, 830, 831,
  832, 843, 845, 847, 848, 850, 856, 857, 858, 859, 860, 862, 863, 864, 865, 870, 872, 878, 901, 903, 904, 906, 907, 908, 909, 910, 912,
  913, 914, 915, 916, 917, 918, 919, 920, 925, 928, 931, 936, 937, 940, 941, 947, 949, 951, 952, 954, 956, 970, 971, 972, 973, 978, 979,
  980, 985, 989,
]

const PLACES: Array<[string, string]> = [
  ['Newark', 'NJ'],
  ['Houston', 'TX'],
  ['Phoenix', 'AZ'],
  ['Chicago', 'IL'],
  ['Miami', 'FL'],
  ['Columbus', 'OH'],
  ['Atlanta', 'GA'],
  ['Seattle', 'WA'],
  ['Denver', 'CO'],
  ['Boston', 'MA'],
  ['Detroit', 'MI'],
  ['Portland', 'OR'],
  ['Las Vegas', 'NV'],
  ['Albany', 'NY'],
]

/** The subjects of the real file (two carry commas and come quoted). */
const SUBJECTS = [
  'Reducing your debt (credit cards, mortgage, student loans)',
  'Dropped call or no message',
  'Calls pretending to be government, businesses, or family and friends',
  'Warranties & protection plans',
  'Medical & prescriptions',
  'Computer & technical support',
  'Energy, solar, & utilities',
  'Vacation & timeshares',
  'Home security & alarms',
  'Lotteries, prizes & sweepstakes',
  'Work from home',
  'Other',
  'No Subject Provided',
]

/** Cells that are not a US number, as real lists have them. */
const BAD_NUMBERS = ['', 'N/A', '12345', '0000000000', '555-1234', '1-800-FLOWERS', '234567890', '1234567890', '911', '(800) 55']

const csvCell = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text)
const pad = (value: number, width = 2) => String(value).padStart(width, '0')

/** Ten digits for the pool's n-th number: a real area code, an exchange from 200 to 999, any line. */
function poolNumber(n: number): string {
  const h = crypto.createHash('sha1').update(String(n)).digest()
  const area = AREA_CODES[h.readUInt16BE(0) % AREA_CODES.length]
  const exchange = 200 + (h.readUInt16BE(2) % 800)
  return `${area}${exchange}${pad(h.readUInt16BE(4) % 10_000, 4)}`
}

/** One number cell in one of the ways people write a US number. */
function written(ten: string, pick: number): string {
  const [a, b, c] = [ten.slice(0, 3), ten.slice(3, 6), ten.slice(6)]
  if (pick < 0.45) return ten
  if (pick < 0.55) return `(${a}) ${b}-${c}`
  if (pick < 0.65) return `${a}-${b}-${c}`
  if (pick < 0.72) return `${a}.${b}.${c}`
  if (pick < 0.8) return `+1 ${a} ${b} ${c}`
  if (pick < 0.87) return `1${ten}`
  if (pick < 0.93) return `1-${a}-${b}-${c}`
  return `+1 (${a}) ${b}-${c}`
}

/** A date of 2023–2024 as the FTC writes it: ISO-like, or US style with AM/PM. */
function ftcDate(ms: number, us: boolean): string {
  const d = new Date(ms)
  const [y, mo, day, h, mi, s] = [
    d.getUTCFullYear(),
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  ]
  if (!us) return `${y}-${pad(mo)}-${pad(day)} ${pad(h)}:${pad(mi)}:${pad(s)}`
  return `${mo}/${day}/${y} ${h % 12 || 12}:${pad(mi)}:${pad(s)} ${h < 12 ? 'AM' : 'PM'}`
}

/**
 * Writes the file: numbers drawn from a pool of 0.8·N with a skew (a few callers
 * draw thousands of complaints, most one or two), so about half the rows name a
 * number seen before, in any of eight formats; 2 % of the cells are not numbers.
 */
function generate(file: string, count: number): void {
  const rand = random(20_240_101)
  const pool = Math.max(100, Math.round(count * 0.8))
  const numbers = new Map<number, string>()
  const fd = fs.openSync(`${file}.part`, 'w')
  let chunk =
    'Company_Phone_Number,Created_Date,Violation_Date,Consumer_City,Consumer_State,Consumer_Area_Code,Subject,Recorded_Message_Or_Robocall\n'
  for (let i = 0; i < count; i++) {
    let cell: string
    if (rand() < 0.02) cell = BAD_NUMBERS[Math.floor(rand() * BAD_NUMBERS.length)]
    else {
      const n = Math.floor(pool * rand() ** 2)
      let ten = numbers.get(n)
      if (!ten) numbers.set(n, (ten = poolNumber(n)))
      cell = written(ten, rand())
    }
    const [city, state] = PLACES[Math.floor(rand() * PLACES.length)]
    // The call came up to three days before the complaint; one in ten complaints has no call date.
    const createdAt = Date.UTC(2023, 0, 4) + Math.floor(rand() * 727 * 86_400_000)
    const created = ftcDate(createdAt, rand() < 0.2)
    const violation = rand() < 0.1 ? '' : ftcDate(createdAt - Math.floor(rand() * 3 * 86_400_000), false)
    const subject = SUBJECTS[Math.floor(rand() * SUBJECTS.length)]
    const robocall = rand() < 0.45 ? 'Y' : 'N'
    chunk += `${csvCell(cell)},${created},${violation},${city},${state},${AREA_CODES[i % AREA_CODES.length]},${csvCell(subject)},${robocall}\n`
    if (chunk.length > 1 << 20) {
      fs.writeSync(fd, chunk)
      chunk = ''
    }
  }
  fs.writeSync(fd, chunk)
  fs.closeSync(fd)
  fs.renameSync(`${file}.part`, file)
}

function ftcFile(count: number): string {
  const file = path.join(os.tmpdir(), `callerid-bench-ftc-v2-${count}.csv`)
  if (fs.existsSync(file)) {
    log(`FTC file: ${file} (cached)`)
    return file
  }
  const started = Date.now()
  generate(file, count)
  log(
    `FTC file: ${file}, ${nf.format(count)} rows, ${(fs.statSync(file).size / 1e6).toFixed(0)} MB, made in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )
  return file
}

// ---------------------------------------------------------------------------
// The database and the child import

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** What a re-import must leave alone: row counts, the vote total and the newest write. */
async function fingerprint(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query(`select (select count(*) from numbers) as numbers, count(*) as evidence, sum(votes) as votes,
      max(created_at) as newest from imported_evidence`)
    return JSON.stringify(rows[0])
  } finally {
    await client.end()
  }
}

interface Run {
  seconds: number
  peakRssMb: number
  /** Figures of the summary table the CLI prints, by label. */
  table: Record<string, number>
  output: string
}

/** Writes the child's peak RSS (KiB) to RSS_FILE as it exits. */
const RSS_HOOK = `data:text/javascript,${encodeURIComponent(
  "import fs from 'node:fs'; process.on('exit', () => fs.writeFileSync(process.env.RSS_FILE, String(process.resourceUsage().maxRSS)))",
)}`

async function runImport(url: string, file: string, extra: string[] = []): Promise<Run> {
  const rssFile = path.join(os.tmpdir(), `callerid-bench-rss-${process.pid}-${crypto.randomBytes(4).toString('hex')}`)
  const started = process.hrtime.bigint()
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', RSS_HOOK, cli, '--format', 'ftc', ...extra, file], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, RSS_FILE: rssFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  child.stdout.on('data', (data: Buffer) => (output += data.toString()))
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  if (code !== 0) throw new Error(`the import exited with ${code}:\n${output}`)
  const peakRssMb = Number(fs.readFileSync(rssFile, 'utf8')) / 1024
  fs.rmSync(rssFile, { force: true })
  const table: Record<string, number> = {}
  for (const m of output.matchAll(/^\s+(\S.*?)\s{2,}([\d,]+)$/gm)) table[m[1].trim()] = Number(m[2].replace(/,/g, ''))
  return { seconds, peakRssMb, table, output }
}

const changedBy = (run: Run) =>
  (run.table['new to the database'] ?? 0) + (run.table['evidence rows new'] ?? 0) + (run.table['evidence rows updated'] ?? 0)

const file = ftcFile(rows)
const name = `cid_bench_import_${crypto.randomBytes(6).toString('hex')}`
const url = new URL(adminUrl)
url.pathname = `/${name}`
await admin(`create database ${name}`)
try {
  log(`Importing into a fresh PostgreSQL database (${name}) with the CLI in a child process…`)
  const first = await runImport(url.toString(), file)
  process.stderr.write(first.output)
  const before = await fingerprint(url.toString())

  log('Importing the same file again…')
  const second = await runImport(url.toString(), file)
  process.stderr.write(second.output)
  const afterSecond = await fingerprint(url.toString())

  log('And again with --force (read and merge every row; must change nothing either)…')
  const forced = await runImport(url.toString(), file, ['--force'])
  process.stderr.write(forced.output)
  const afterForced = await fingerprint(url.toString())

  const secondChanged = changedBy(second) + (afterSecond === before ? 0 : 1)
  const forcedChanged = changedBy(forced) + (afterForced === before ? 0 : 1)
  const rowsPerSecond = Math.round(rows / first.seconds)
  const result = {
    rows,
    seconds: +first.seconds.toFixed(2),
    rowsPerSecond,
    peakRssMb: Math.round(first.peakRssMb),
    secondSeconds: +second.seconds.toFixed(2),
    secondChanged,
    forcedSeconds: +forced.seconds.toFixed(2),
    forcedPeakRssMb: Math.round(forced.peakRssMb),
    forcedChanged,
    distinctNumbers: first.table['distinct numbers'] ?? null,
    evidenceRows: first.table['evidence rows new'] ?? null,
  }
  const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED')
  log('')
  log(`Import of ${nf.format(rows)} FTC rows into PostgreSQL (load average ${os.loadavg()[0].toFixed(2)}, ${os.cpus().length} cores):`)
  log(
    `  first import   ${result.seconds} s, ${nf.format(rowsPerSecond)} rows/s (target ≥ 50,000: ${verdict(rowsPerSecond >= 50_000)}), peak RSS ${result.peakRssMb} MB (target < 512: ${verdict(result.peakRssMb < 512)})`,
  )
  log(`  same file      ${result.secondSeconds} s, ${secondChanged} changes (target 0: ${verdict(secondChanged === 0)})`)
  log(
    `  with --force   ${result.forcedSeconds} s, peak RSS ${result.forcedPeakRssMb} MB, ${forcedChanged} changes (target 0: ${verdict(forcedChanged === 0)})`,
  )
  process.stdout.write(`${JSON.stringify(result)}\n`)
} finally {
  await admin(`drop database if exists ${name} with (force)`)
}

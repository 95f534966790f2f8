// What `npm run db:import` does, end to end: lists imported, then read back as the number page reads them
// (modules/), which is why these tests sit beside the CLI and not in db/, which never imports modules/.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends, openTestDatabase } from '../../tests/support/database'
import { loadEvidence } from '../modules/numbers/evidence-repository'
import { reputationIndex } from '../modules/reputation/formula'
import { rowsOf, type Database, type Db } from '../db/client'
import { importedEvidence, importRuns, numbers, pageEpoch, tags } from '../db/schema'
import { formatSummary, ImportError, importFile, type ImportSummary } from '../db/import'
import { parseFtcDate } from '../db/import/ftc'
import { readPhone } from '../db/import/read-phone'
import { ftcSubjectTag } from '../../contract/tags'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const PHONEBLOCK = path.resolve(repoRoot, '../shared/data/phoneblock-blocklist.xml')

const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'callerid-import-'))
afterAll(() => fs.rmSync(tmpDir, { recursive: true, force: true }))
function tmpFile(name: string, lines: string[]): string {
  const file = path.join(tmpDir, name)
  fs.writeFileSync(file, lines.join('\n'))
  return file
}

const skippedTotal = (s: ImportSummary) => Object.values(s.skipped).reduce((a, b) => a + b, 0)

/** Everything the imports wrote, in a stable order, to compare before and after a re-import. */
async function snapshot(db: Db) {
  const evidence = await db
    .select({
      e164: numbers.e164,
      source: importedEvidence.source,
      label: importedEvidence.label,
      tagId: importedEvidence.tagId,
      votes: importedEvidence.votes,
      comment: importedEvidence.comment,
      lastSeen: importedEvidence.lastSeen,
      importedAt: importedEvidence.importedAt,
    })
    .from(importedEvidence)
    .innerJoin(numbers, eq(numbers.id, importedEvidence.numberId))
    .orderBy(numbers.e164, importedEvidence.source, importedEvidence.label)
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(numbers)
  return { numbers: count, evidence }
}

/**
 * imported_evidence has no foreign keys (ADR 0036): every row must still name a stored number
 * and, when it has a tag, the tag whose code is its label.
 */
async function expectEvidenceIntact(db: Db) {
  const [row] = rowsOf<{ rows: number; lost: number; mistagged: number }>(
    await db.execute(sql`select count(*)::int as rows,
      (count(*) filter (where not exists (select from ${numbers} n where n.id = e.number_id)))::int as lost,
      (count(*) filter (where e.tag_id is not null and not exists (select from ${tags} t where t.id = e.tag_id and t.code = e.label)))::int as mistagged
      from ${importedEvidence} e`),
  )
  expect(row.rows).toBeGreaterThan(0)
  expect(row).toMatchObject({ lost: 0, mistagged: 0 })
}

async function evidenceOf(db: Db, e164: string) {
  return db
    .select({
      source: importedEvidence.source,
      label: importedEvidence.label,
      code: tags.code,
      votes: importedEvidence.votes,
      comment: importedEvidence.comment,
      lastSeen: importedEvidence.lastSeen,
      country: numbers.country,
    })
    .from(importedEvidence)
    .innerJoin(numbers, eq(numbers.id, importedEvidence.numberId))
    .leftJoin(tags, eq(tags.id, importedEvidence.tagId))
    .where(eq(numbers.e164, e164))
    .orderBy(importedEvidence.source, importedEvidence.label)
}

async function indexOf(db: Db, e164: string): Promise<number> {
  const [row] = await db.select({ id: numbers.id }).from(numbers).where(eq(numbers.e164, e164))
  return reputationIndex(await loadEvidence(db, row.id))
}

describe.each(backends)('PhoneBlock import on %s', (backend) => {
  let database: Database
  let first: ImportSummary
  beforeAll(async () => {
    database = await openTestDatabase(backend)
    first = await importFile(database.db, { format: 'phoneblock', file: PHONEBLOCK, progress: null })
  }, 180_000)
  afterAll(async () => database?.close())

  it('imports the real blocklist and says why it skipped the rest', async () => {
    expect(first.read).toBe(12_911)
    expect(first.accepted).toBeGreaterThan(12_000)
    expect(first.accepted + skippedTotal(first)).toBe(first.read)
    // Short codes and prefixes such as 00120 and 0163, and ids of no numbering plan.
    expect(first.skipped['too short (short code or prefix)']).toBeGreaterThan(10)
    expect(first.skipped['invalid number']).toBeGreaterThan(50)
    expect(first.imported).toBe(first.accepted)
    expect(first.newNumbers).toBe(first.numbers)
    const [{ count }] = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(importedEvidence)
      .where(eq(importedEvidence.source, 'phoneblock'))
    expect(count).toBe(first.accepted)
    const short = await database.db.select().from(numbers).where(eq(numbers.e164, '+120'))
    expect(short).toHaveLength(0)
    await expectEvidenceIntact(database.db)
  })

  it('reads German national and international ids, with the rating as a tag', async () => {
    // phone="01637875622" rating="G_FRAUD" votes="1238"
    expect(await evidenceOf(database.db, '+491637875622')).toEqual([
      { source: 'phoneblock', label: 'fraud', code: 'fraud', votes: 1238, comment: null, lastSeen: null, country: 'DE' },
    ])
    // phone="0016465535819" rating="G_FRAUD" votes="735"
    expect(await evidenceOf(database.db, '+16465535819')).toMatchObject([{ label: 'fraud', votes: 735, country: 'US' }])
    // phone="0043720229535" rating="A_LEGITIMATE" votes="989"
    expect(await evidenceOf(database.db, '+43720229535')).toMatchObject([
      { label: 'legitimate', code: 'legitimate', votes: 989, country: 'AT' },
    ])
  })

  it('gives hundreds of fraud votes a low index and many legitimate votes a high one', async () => {
    expect(await indexOf(database.db, '+491637875622')).toBeLessThan(1)
    expect(await indexOf(database.db, '+43720229535')).toBeGreaterThan(5)
  })

  it('changes nothing when the same file is imported again, read again or not', async () => {
    const before = await snapshot(database.db)
    const again = await importFile(database.db, { format: 'phoneblock', file: PHONEBLOCK, progress: null })
    expect(again).toMatchObject({
      read: first.read,
      accepted: first.accepted,
      skipped: first.skipped,
      imported: 0,
      updated: 0,
      newNumbers: 0,
    })
    expect(again.unchanged).toBe(first.accepted)
    expect(again.alreadyImportedAt).toBeDefined()
    expect(formatSummary(again)).toMatch(/already imported on .* so nothing changed/)
    expect(await snapshot(database.db)).toEqual(before)

    const forced = await importFile(database.db, { format: 'phoneblock', file: PHONEBLOCK, progress: null, force: true })
    expect(forced).toMatchObject({
      read: first.read,
      accepted: first.accepted,
      imported: 0,
      updated: 0,
      newNumbers: 0,
      unchanged: first.accepted,
    })
    expect(forced.alreadyImportedAt).toBeUndefined()
    expect(await snapshot(database.db)).toEqual(before)
  }, 180_000)
})

describe.each(backends)('FTC and CSV imports on %s', (backend) => {
  let database: Database
  beforeAll(async () => {
    database = await openTestDatabase(backend)
  })
  afterAll(async () => database?.close())

  const header =
    'Company_Phone_Number,Created_Date,Violation_Date,Consumer_City,Consumer_State,Consumer_Area_Code,Subject,Recorded_Message_Or_Robocall'
  const ftcLines = [
    header,
    '2015550123,2024-01-02 10:00:00,2024-01-01 09:00:00,Newark,NJ,201,"Reducing your debt (credit cards, mortgage, student loans)",Y',
    '(201) 555-0123,2024-01-05 10:00:00,2024-01-04 08:00:00,Newark,NJ,201,Dropped call or no message,N',
    '201-555-0123,1/7/2024 3:15:00 PM,,Hoboken,NJ,201,Warranties & protection plans,Yes',
    '',
    '+1 201 555 0188,2024-02-01 08:00:00,2024-02-01 07:30:00,Trenton,NJ,609,"Calls pretending to be government, businesses, or family and friends",N',
    '12015550188,2024-02-03 08:00:00,2024-02-10 07:30:00,Trenton,NJ,609,Other,robocall',
    'N/A,2024-01-01,2024-01-01,Albany,NY,518,Other,N',
    '12345,2024-01-01,2024-01-01,Albany,NY,518,Other,N',
    '0000000000,2024-01-01,2024-01-01,Albany,NY,518,Other,N',
    '2015550199,2024-03-01,2024-03-01,Camden,NJ,856,Other,N,one,too many',
    ',2024-03-01,2024-03-01,Camden,NJ,856,Other,N',
    '"2015550123,2024-03-01,2024-03-01,Camden,NJ,856,Other,N',
  ]

  it('tallies FTC complaints per number and label, with the latest date', async () => {
    const file = tmpFile('ftc.csv', ftcLines)
    const s = await importFile(database.db, { format: 'ftc', file, progress: null })
    expect(s).toMatchObject({ read: 12, accepted: 5, numbers: 2, newNumbers: 2, imported: 7, updated: 0, unchanged: 0 })
    expect(s.skipped).toEqual({
      'blank line': 1,
      'not a phone number': 1,
      'too short (short code or prefix)': 1,
      'invalid number': 1,
      'malformed row': 2,
      'missing number': 1,
    })
    expect(await evidenceOf(database.db, '+12015550123')).toEqual([
      { source: 'ftc', label: 'debt', code: 'debt', votes: 1, comment: null, lastSeen: new Date('2024-01-02T10:00:00Z'), country: 'US' },
      {
        source: 'ftc',
        label: 'robocall',
        code: 'robocall',
        votes: 2,
        comment: null,
        lastSeen: new Date('2024-01-07T15:15:00Z'),
        country: 'US',
      },
      { source: 'ftc', label: 'spam', code: 'spam', votes: 1, comment: null, lastSeen: new Date('2024-01-05T10:00:00Z'), country: 'US' },
      {
        source: 'ftc',
        label: 'warranty',
        code: 'warranty',
        votes: 1,
        comment: null,
        lastSeen: new Date('2024-01-07T15:15:00Z'),
        country: 'US',
      },
    ])
    expect(await evidenceOf(database.db, '+12015550188')).toMatchObject([
      { label: 'imposter', votes: 1 },
      { label: 'robocall', votes: 1, lastSeen: new Date('2024-02-10T07:30:00Z') },
      { label: 'spam', votes: 1 },
    ])

    const before = await snapshot(database.db)
    const again = await importFile(database.db, { format: 'ftc', file, progress: null })
    expect(again).toMatchObject({ read: 12, accepted: 5, imported: 0, updated: 0, unchanged: 7, newNumbers: 0 })
    expect(again.alreadyImportedAt).toBeDefined()
    expect(await snapshot(database.db)).toEqual(before)
    const forced = await importFile(database.db, { format: 'ftc', file, progress: null, force: true })
    expect(forced).toMatchObject({ read: 12, accepted: 5, imported: 0, updated: 0, unchanged: 7, newNumbers: 0 })
    expect(forced.alreadyImportedAt).toBeUndefined()
    expect(await snapshot(database.db)).toEqual(before)
  })

  it('sets FTC votes to the totals of the newer file rather than adding', async () => {
    const file = tmpFile('ftc-more.csv', [...ftcLines, '2015550123,2024-04-01 10:00:00,2024-04-01 09:00:00,Newark,NJ,201,Other,Y'])
    const s = await importFile(database.db, { format: 'ftc', file, progress: null })
    expect(s).toMatchObject({ imported: 0, updated: 1, unchanged: 6 })
    expect(await evidenceOf(database.db, '+12015550123')).toContainEqual(
      expect.objectContaining({ label: 'robocall', votes: 3, lastSeen: new Date('2024-04-01T10:00:00Z') }),
    )

    // The first file again: no longer the last FTC import, so it is read and sets its totals back.
    const older = await importFile(database.db, { format: 'ftc', file: path.join(tmpDir, 'ftc.csv'), progress: null })
    expect(older.alreadyImportedAt).toBeUndefined()
    expect(older).toMatchObject({ imported: 0, updated: 1, unchanged: 6 })
    expect(await evidenceOf(database.db, '+12015550123')).toContainEqual(
      expect.objectContaining({ label: 'robocall', votes: 2, lastSeen: new Date('2024-01-07T15:15:00Z') }),
    )
  })

  it('reads a file again when its last import never finished, or in another region', async () => {
    const file = tmpFile('ftc-crash.csv', [ftcLines[0], '2025550177,2024-05-01 10:00:00,,Newark,NJ,201,Other,N'])
    const first = await importFile(database.db, { format: 'ftc', file, progress: null })
    expect(first).toMatchObject({ accepted: 1, imported: 1, newNumbers: 1 })
    // A run that started after it and never finished (a crash): the rows may be anything now.
    await database.db.insert(importRuns).values({ format: 'ftc', region: 'US', file: 'other.csv', sha256: 'x'.repeat(64) })
    const again = await importFile(database.db, { format: 'ftc', file, progress: null })
    expect(again.alreadyImportedAt).toBeUndefined()
    expect(again).toMatchObject({ accepted: 1, imported: 0, unchanged: 1 })
    expect((await importFile(database.db, { format: 'ftc', file, progress: null })).alreadyImportedAt).toBeDefined()
    // Read as Canadian numbers: another reading, so the file is read again.
    const canada = await importFile(database.db, { format: 'ftc', file, region: 'CA', progress: null })
    expect(canada.alreadyImportedAt).toBeUndefined()
  })

  it('refuses a CSV that is not an FTC complaints file', async () => {
    const file = tmpFile('not-ftc.csv', ['number,label', '2015550123,spam'])
    await expect(importFile(database.db, { format: 'ftc', file, progress: null })).rejects.toThrow(ImportError)
    await expect(importFile(database.db, { format: 'ftc', file: path.join(tmpDir, 'missing.csv'), progress: null })).rejects.toThrow(
      /No such file/,
    )
  })

  it('imports a plain CSV with a header, national numbers, synonyms and comments', async () => {
    const long = 'x'.repeat(600)
    const file = tmpFile('list.csv', [
      'Number,Label,Comment',
      '030 1234567,scam,Asked for bank details',
      '+49 30 1234567,Fraud,',
      '0049301234567,spam,"Called twice, no message"',
      '(030) 123-4567 , scam ,  "Again, the bank"  ',
      '',
      '   ',
      '+44 20 7946 0123,legit,Dentist',
      '+44 20 7946 0123,legit',
      'garbage,spam',
      '0800.*,spam',
      '12,spam',
      '+49 30 1234567',
      `+1 201 555 0123,telemarketing,${long}`,
    ])
    const s = await importFile(database.db, { format: 'csv', file, region: 'DE', progress: null })
    expect(s).toMatchObject({ read: 13, accepted: 7, numbers: 3, imported: 4, updated: 0, unchanged: 0 })
    expect(s.skipped).toEqual({ 'blank line': 2, 'not a phone number': 2, 'too short (short code or prefix)': 1, 'missing label': 1 })
    expect(await evidenceOf(database.db, '+49301234567')).toEqual([
      { source: 'csv', label: 'fraud', code: 'fraud', votes: 3, comment: 'Again, the bank', lastSeen: null, country: 'DE' },
      { source: 'csv', label: 'spam', code: 'spam', votes: 1, comment: 'Called twice, no message', lastSeen: null, country: 'DE' },
    ])
    expect(await evidenceOf(database.db, '+442079460123')).toMatchObject([
      { source: 'csv', label: 'legitimate', votes: 2, comment: 'Dentist', country: 'GB' },
    ])
    const us = (await evidenceOf(database.db, '+12015550123')).find((e) => e.source === 'csv')
    expect(us).toMatchObject({ label: 'advertising', votes: 1 })
    expect(us?.comment).toHaveLength(500)

    const before = await snapshot(database.db)
    const again = await importFile(database.db, { format: 'csv', file, region: 'DE', progress: null })
    expect(again).toMatchObject({ read: 13, accepted: 7, imported: 0, updated: 0, unchanged: 4, newNumbers: 0 })
    expect(again.alreadyImportedAt).toBeDefined()
    const forced = await importFile(database.db, { format: 'csv', file, region: 'DE', progress: null, force: true })
    expect(forced).toMatchObject({ read: 13, accepted: 7, imported: 0, updated: 0, unchanged: 4, newNumbers: 0 })
    expect(await snapshot(database.db)).toEqual(before)
    await expectEvidenceIntact(database.db)
  })

  it('reads a CSV without a header, and names national numbers given without a region', async () => {
    const file = tmpFile('bare.csv', ['+44 20 7946 0999,nuisance', '020 7946 0998,spam', '442079460997,spam'])
    const s = await importFile(database.db, { format: 'csv', file, progress: null })
    expect(s).toMatchObject({ read: 3, accepted: 2, numbers: 2, imported: 2 })
    expect(s.skipped).toEqual({ 'national number without --region': 1 })
    expect(await evidenceOf(database.db, '+442079460999')).toMatchObject([{ label: 'spam', votes: 1, country: 'GB' }])
  })
})

/**
 * A messy FTC file of `rows` complaints about a pool of numbers, each written in
 * many ways, with blank, broken and foreign cells: deterministic, for one test.
 */
function messyFtcFile(name: string, rows: number): string {
  const ways = [
    (t: string) => t,
    (t: string) => `(${t.slice(0, 3)}) ${t.slice(3, 6)}-${t.slice(6)}`,
    (t: string) => `${t.slice(0, 3)}.${t.slice(3, 6)}.${t.slice(6)}`,
    (t: string) => `+1 ${t.slice(0, 3)} ${t.slice(3, 6)} ${t.slice(6)}`,
    (t: string) => `1-${t.slice(0, 3)}-${t.slice(3, 6)}-${t.slice(6)}`,
  ]
  const odd = ['', 'N/A', '12345', '0000000000', '555-1234', '+44 20 7946 0123', '2015550123,x,y,z,1,2,3,4,5']
  const subjects = [
    '"Reducing your debt (credit cards, mortgage, student loans)"',
    'Dropped call or no message',
    'Warranties & protection plans',
    'Medical & prescriptions',
    'Other',
  ]
  const lines = [
    'Company_Phone_Number,Created_Date,Violation_Date,Consumer_City,Consumer_State,Consumer_Area_Code,Subject,Recorded_Message_Or_Robocall',
  ]
  let seed = 7
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    return seed % n
  }
  for (let i = 0; i < rows; i++) {
    if (next(25) === 0) {
      lines.push(`${odd[next(odd.length)]},2024-01-01,,Albany,NY,518,Other,N`)
      continue
    }
    const ten = `${[201, 212, 305, 415, 617][next(5)]}${200 + next(800)}${String(next(40)).padStart(4, '0')}`
    const day = 1 + next(28)
    const created = next(3)
      ? `2024-03-${String(day).padStart(2, '0')} ${String(next(24)).padStart(2, '0')}:15:00`
      : `3/${day}/2024 ${1 + next(12)}:05:00 ${next(2) ? 'PM' : 'AM'}`
    const violation = next(5) ? `2024-02-${String(day).padStart(2, '0')}` : ''
    lines.push(
      `${ways[next(ways.length)](ten)},${created},${violation},Newark,NJ,201,${subjects[next(subjects.length)]},${['Y', 'N', 'Yes', 'robocall'][next(4)]}`,
    )
  }
  return tmpFile(name, lines)
}

/** The evidence the FTC import must write for a file, tallied here the simple way (the importer before issue 12). */
function ftcReference(file: string) {
  const tallies = new Map<string, { votes: number; last: number }>()
  const [header, ...rows] = fs.readFileSync(file, 'utf8').split('\n')
  const width = header.split(',').length
  for (const row of rows) {
    // The generator quotes only the debt subject, whose commas are inside the quotes.
    const fields = row.replace('"Reducing your debt (credit cards, mortgage, student loans)"', 'debt').split(',')
    if (row.startsWith('"') || fields.length > width) continue
    const { phone } = readPhone(fields[0], 'US')
    if (!phone) continue
    const at = Math.max(parseFtcDate(fields[2]), parseFtcDate(fields[1]))
    const labels = [
      /^(y|yes|true|1|robocall)$/i.test(fields[7]) ? 'robocall' : 'spam',
      ftcSubjectTag(fields[6] === 'debt' ? 'debt' : fields[6]),
    ]
    for (const label of labels.filter(Boolean)) {
      const key = `${phone.e164} ${label}`
      const tally = tallies.get(key) ?? { votes: 0, last: 0 }
      tallies.set(key, { votes: tally.votes + 1, last: Math.max(tally.last, at) })
    }
  }
  return [...tallies]
    .map(([key, { votes, last }]) => ({ e164: key.split(' ')[0], label: key.split(' ')[1], votes, lastSeen: last ? new Date(last) : null }))
    .sort((a, b) => (a.e164 === b.e164 ? (a.label < b.label ? -1 : 1) : a.e164 < b.e164 ? -1 : 1))
}

describe.each(backends)('A big FTC file on %s', (backend) => {
  let database: Database
  beforeAll(async () => {
    database = await openTestDatabase(backend)
  })
  afterAll(async () => database?.close())

  it('writes exactly the tallies of its complaints, with worker threads reading the numbers, and changes nothing when read again', async () => {
    const file = messyFtcFile('big-ftc.csv', 20_000)
    const s = await importFile(database.db, { format: 'ftc', file, progress: null, phoneWorkers: 2 })
    const expected = ftcReference(file)
    expect(s.read).toBe(20_000)
    expect(s.imported).toBe(expected.length)
    expect(s.numbers).toBe(new Set(expected.map((e) => e.e164)).size)
    expect(s.newNumbers).toBe(s.numbers)
    const stored = await database.db
      .select({ e164: numbers.e164, label: importedEvidence.label, votes: importedEvidence.votes, lastSeen: importedEvidence.lastSeen })
      .from(importedEvidence)
      .innerJoin(numbers, eq(numbers.id, importedEvidence.numberId))
      .where(eq(importedEvidence.source, 'ftc'))
      .orderBy(numbers.e164, importedEvidence.label)
    expect(stored).toEqual(expected)
    await expectEvidenceIntact(database.db)

    const before = await snapshot(database.db)
    const epoch = await database.db.select().from(pageEpoch)
    const forced = await importFile(database.db, { format: 'ftc', file, progress: null, force: true, phoneWorkers: 0 })
    expect(forced).toMatchObject({ imported: 0, updated: 0, newNumbers: 0, unchanged: expected.length })
    expect(await snapshot(database.db)).toEqual(before)
    // Nothing written, so the number pages kept by the servers stay valid.
    expect(await database.db.select().from(pageEpoch)).toEqual(epoch)
  }, 120_000)
})

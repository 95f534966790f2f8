// What `npm run db:import` does, end to end: lists imported, then read back as the number page reads them
// (modules/), which is why these tests sit beside the CLI and not in db/, which never imports modules/.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends, openTestDatabase } from '../../tests/support/database'
import { loadEvidence } from '../modules/numbers/evidence'
import { reputationIndex } from '../modules/reputation'
import type { Database, Db } from '../db/client'
import { importedEvidence, numbers, tags } from '../db/schema'
import { ImportError, importFile, type ImportSummary } from '../db/import'

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

async function evidenceOf(db: Db, e164: string) {
  return db
    .select({ source: importedEvidence.source, label: importedEvidence.label, code: tags.code, votes: importedEvidence.votes, comment: importedEvidence.comment, lastSeen: importedEvidence.lastSeen, country: numbers.country })
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
    const [{ count }] = await database.db.select({ count: sql<number>`count(*)::int` }).from(importedEvidence).where(eq(importedEvidence.source, 'phoneblock'))
    expect(count).toBe(first.accepted)
    const short = await database.db.select().from(numbers).where(eq(numbers.e164, '+120'))
    expect(short).toHaveLength(0)
  })

  it('reads German national and international ids, with the rating as a tag', async () => {
    // phone="01637875622" rating="G_FRAUD" votes="1238"
    expect(await evidenceOf(database.db, '+491637875622')).toEqual([
      { source: 'phoneblock', label: 'fraud', code: 'fraud', votes: 1238, comment: null, lastSeen: null, country: 'DE' },
    ])
    // phone="0016465535819" rating="G_FRAUD" votes="735"
    expect(await evidenceOf(database.db, '+16465535819')).toMatchObject([{ label: 'fraud', votes: 735, country: 'US' }])
    // phone="0043720229535" rating="A_LEGITIMATE" votes="989"
    expect(await evidenceOf(database.db, '+43720229535')).toMatchObject([{ label: 'legitimate', code: 'legitimate', votes: 989, country: 'AT' }])
  })

  it('gives hundreds of fraud votes a low index and many legitimate votes a high one', async () => {
    expect(await indexOf(database.db, '+491637875622')).toBeLessThan(1)
    expect(await indexOf(database.db, '+43720229535')).toBeGreaterThan(5)
  })

  it('changes nothing when the same file is imported again', async () => {
    const before = await snapshot(database.db)
    const again = await importFile(database.db, { format: 'phoneblock', file: PHONEBLOCK, progress: null })
    expect(again).toMatchObject({ read: first.read, accepted: first.accepted, skipped: first.skipped, imported: 0, updated: 0, newNumbers: 0 })
    expect(again.unchanged).toBe(first.accepted)
    expect(await snapshot(database.db)).toEqual(before)
  }, 180_000)
})

describe.each(backends)('FTC and CSV imports on %s', (backend) => {
  let database: Database
  beforeAll(async () => {
    database = await openTestDatabase(backend)
  })
  afterAll(async () => database?.close())

  const header = 'Company_Phone_Number,Created_Date,Violation_Date,Consumer_City,Consumer_State,Consumer_Area_Code,Subject,Recorded_Message_Or_Robocall'
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
      { source: 'ftc', label: 'robocall', code: 'robocall', votes: 2, comment: null, lastSeen: new Date('2024-01-07T15:15:00Z'), country: 'US' },
      { source: 'ftc', label: 'spam', code: 'spam', votes: 1, comment: null, lastSeen: new Date('2024-01-05T10:00:00Z'), country: 'US' },
      { source: 'ftc', label: 'warranty', code: 'warranty', votes: 1, comment: null, lastSeen: new Date('2024-01-07T15:15:00Z'), country: 'US' },
    ])
    expect(await evidenceOf(database.db, '+12015550188')).toMatchObject([
      { label: 'imposter', votes: 1 },
      { label: 'robocall', votes: 1, lastSeen: new Date('2024-02-10T07:30:00Z') },
      { label: 'spam', votes: 1 },
    ])

    const before = await snapshot(database.db)
    const again = await importFile(database.db, { format: 'ftc', file, progress: null })
    expect(again).toMatchObject({ read: 12, accepted: 5, imported: 0, updated: 0, unchanged: 7, newNumbers: 0 })
    expect(await snapshot(database.db)).toEqual(before)
  })

  it('sets FTC votes to the totals of the newer file rather than adding', async () => {
    const file = tmpFile('ftc-more.csv', [...ftcLines, '2015550123,2024-04-01 10:00:00,2024-04-01 09:00:00,Newark,NJ,201,Other,Y'])
    const s = await importFile(database.db, { format: 'ftc', file, progress: null })
    expect(s).toMatchObject({ imported: 0, updated: 1, unchanged: 6 })
    expect(await evidenceOf(database.db, '+12015550123')).toContainEqual(
      expect.objectContaining({ label: 'robocall', votes: 3, lastSeen: new Date('2024-04-01T10:00:00Z') }),
    )
  })

  it('refuses a CSV that is not an FTC complaints file', async () => {
    const file = tmpFile('not-ftc.csv', ['number,label', '2015550123,spam'])
    await expect(importFile(database.db, { format: 'ftc', file, progress: null })).rejects.toThrow(ImportError)
    await expect(importFile(database.db, { format: 'ftc', file: path.join(tmpDir, 'missing.csv'), progress: null })).rejects.toThrow(/No such file/)
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
    expect(await evidenceOf(database.db, '+442079460123')).toMatchObject([{ source: 'csv', label: 'legitimate', votes: 2, comment: 'Dentist', country: 'GB' }])
    const us = (await evidenceOf(database.db, '+12015550123')).find((e) => e.source === 'csv')
    expect(us).toMatchObject({ label: 'advertising', votes: 1 })
    expect(us?.comment).toHaveLength(500)

    const before = await snapshot(database.db)
    const again = await importFile(database.db, { format: 'csv', file, region: 'DE', progress: null })
    expect(again).toMatchObject({ read: 13, accepted: 7, imported: 0, updated: 0, unchanged: 4, newNumbers: 0 })
    expect(await snapshot(database.db)).toEqual(before)
  })

  it('reads a CSV without a header, and names national numbers given without a region', async () => {
    const file = tmpFile('bare.csv', ['+44 20 7946 0999,nuisance', '020 7946 0998,spam', '442079460997,spam'])
    const s = await importFile(database.db, { format: 'csv', file, progress: null })
    expect(s).toMatchObject({ read: 3, accepted: 2, numbers: 2, imported: 2 })
    expect(s.skipped).toEqual({ 'national number without --region': 1 })
    expect(await evidenceOf(database.db, '+442079460999')).toMatchObject([{ label: 'spam', votes: 1, country: 'GB' }])
  })
})

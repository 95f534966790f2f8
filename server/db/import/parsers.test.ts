import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { csvRecords, parseCsvLine } from './csv-records'
import { parseFtcDate } from './ftc'
import { shareOf } from './stage'

const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'callerid-csv-'))
afterAll(() => fs.rmSync(tmpDir, { recursive: true, force: true }))

async function recordsOf(content: string): Promise<{ records: string[][]; malformed: number }> {
  const file = path.join(tmpDir, `f${Math.random()}.csv`)
  fs.writeFileSync(file, content)
  let malformed = 0
  const records: string[][] = []
  for await (const batch of csvRecords(file, () => malformed++)) records.push(...batch)
  return { records, malformed }
}

describe('CSV lines and FTC dates', () => {
  it('reads quoted, padded and broken fields the way messy lists need', () => {
    expect(parseCsvLine(' 030 123 , "scam, again" ,x')).toEqual(['030 123', 'scam, again', 'x'])
    expect(parseCsvLine('"a ""b"" c",d,')).toEqual(['a "b" c', 'd', ''])
    expect(parseCsvLine('201555"0123,spam')).toEqual(['201555"0123', 'spam'])
    expect(parseCsvLine('1,"open')).toBeNull()
  })

  it('splits lines as readline does: CRLF, LF or a lone CR, also where a chunk ends between CR and LF', async () => {
    expect(await recordsOf('\uFEFFa,b\r\nc,d\re,f\n\ng,"h\ni"\nj')).toEqual({
      records: [['a', 'b'], ['c', 'd'], ['e', 'f'], [''], ['g', 'h\ni'], ['j']],
      malformed: 0,
    })
    // The file is read in 64 KiB chunks: put a CRLF across the first boundary.
    const filler = `${'x'.repeat(65_535)}`
    const { records } = await recordsOf(`${filler}\r\nnext,line\r\n`)
    expect(records).toEqual([[filler], ['next', 'line']])
    expect(await recordsOf('1,"never closed\n' + '2,ok\n'.repeat(25))).toEqual({ records: Array(25).fill(['2', 'ok']), malformed: 1 })
  })

  it('reads both FTC date styles and rejects impossible dates', () => {
    expect(parseFtcDate('2024-01-02 13:45:00')).toBe(Date.UTC(2024, 0, 2, 13, 45))
    expect(parseFtcDate('1/7/2024 3:15:00 PM')).toBe(Date.UTC(2024, 0, 7, 15, 15))
    expect(parseFtcDate('12/31/2023 12:05 AM')).toBe(Date.UTC(2023, 11, 31, 0, 5))
    expect(parseFtcDate('2024-02-31')).toBe(0)
    expect(parseFtcDate('')).toBe(0)
  })

  it('reads the usual ISO form the fast way to what the general way reads', () => {
    expect(parseFtcDate(' 2024-01-02T13:45:07Z ')).toBe(Date.UTC(2024, 0, 2, 13, 45, 7))
    expect(parseFtcDate('2024-01-02 13:45:07.250')).toBe(Date.UTC(2024, 0, 2, 13, 45, 7))
    // Not the full form: read by the expression, seconds left out, or refused.
    expect(parseFtcDate('2024-01-02 13:45:0x')).toBe(Date.UTC(2024, 0, 2, 13, 45))
    expect(parseFtcDate('2024-1-2 3:04:05')).toBe(Date.UTC(2024, 0, 2, 3, 4, 5))
    expect(parseFtcDate('2024-02-30 10:00:00')).toBe(0)
    expect(parseFtcDate('2024-01-02 24:00:00')).toBe(0)
    expect(parseFtcDate('1969-12-31 23:59:59')).toBe(0)
  })
})

describe('shares of a PostgreSQL import', () => {
  it('sends every number to one share of the ones there are, short numbers too, and spreads them evenly', () => {
    for (const e164 of ['+12025550143', '+491637875622', '+2901234', '+4191234', '+12', '+998901234567']) {
      for (const shares of [2, 3, 4]) {
        const share = shareOf(e164, shares)
        expect(Number.isInteger(share) && share >= 0 && share < shares, `${e164} over ${shares}`).toBe(true)
        expect(shareOf(e164, shares)).toBe(share)
      }
    }
    const counts = [0, 0, 0]
    for (let area = 200; area < 1000; area++) counts[shareOf(`+1${area}5550143`, 3)]++
    for (const count of counts) expect(count).toBeGreaterThan(800 / 3 - 40)
  })
})

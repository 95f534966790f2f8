import { describe, expect, it } from 'vitest'
import { parseCsvLine } from './csv-records'
import { parseFtcDate } from './ftc'

describe('CSV lines and FTC dates', () => {
  it('reads quoted, padded and broken fields the way messy lists need', () => {
    expect(parseCsvLine(' 030 123 , "scam, again" ,x')).toEqual(['030 123', 'scam, again', 'x'])
    expect(parseCsvLine('"a ""b"" c",d,')).toEqual(['a "b" c', 'd', ''])
    expect(parseCsvLine('201555"0123,spam')).toEqual(['201555"0123', 'spam'])
    expect(parseCsvLine('1,"open')).toBeNull()
  })
  it('reads both FTC date styles and rejects impossible dates', () => {
    expect(parseFtcDate('2024-01-02 13:45:00')).toBe(Date.UTC(2024, 0, 2, 13, 45))
    expect(parseFtcDate('1/7/2024 3:15:00 PM')).toBe(Date.UTC(2024, 0, 7, 15, 15))
    expect(parseFtcDate('12/31/2023 12:05 AM')).toBe(Date.UTC(2023, 11, 31, 0, 5))
    expect(parseFtcDate('2024-02-31')).toBe(0)
    expect(parseFtcDate('')).toBe(0)
  })
})

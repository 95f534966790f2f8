/**
 * The CardDAV client of bench/carddav.ts, in its own process so that it takes no CPU from the
 * server it measures: `node --import tsx bench/carddav-client.ts '<json>'` runs one sync of an
 * address book as DAVx5 and vdirsyncer do, over one kept-alive connection, and prints one JSON
 * line with its time, requests and bytes.
 *
 *   full       PROPFIND Depth 0 on the book (getctag, sync-token), REPORT sync-collection with an
 *              empty sync-token (hrefs and ETags), then REPORT addressbook-multiget of `batch`
 *              hrefs at a time asking for address-data, until every card is fetched. With `out`,
 *              each card's name and the SHA-1 of its text, of its content lines sorted and of its TEL lines
 *              are written there (JSON); with
 *              `write`, each card is written there as `{name}.vcf` (a Radicale collection).
 *   unchanged  REPORT sync-collection with `token`, the last sync-token: what changed since.
 *
 * Both servers' multistatus documents are read the same way, whatever their namespace prefixes;
 * address-data is read as an XML parser would hand it over (line ends normalised to LF, then
 * entities and character references decoded).
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'

export interface ClientOptions {
  base: string
  /** The address book's path, ending in `/`. */
  book: string
  authorization: string
  mode: 'full' | 'unchanged'
  batch?: number
  token?: string
  out?: string
  write?: string
}

export interface ClientResult {
  ms: number
  requests: number
  bytes: number
  /** Milliseconds per step: propfind, sync-collection, multiget (all batches). */
  steps: Record<string, number>
  ctag: string | null
  token: string | null
  /** Cards the sync-collection listed, and those fetched with their data. */
  listed: number
  fetched: number
  /** Hrefs a multiget answered without data (404 or no address-data). */
  missing: number
  /** Cards an unchanged sync answered (changed or gone). */
  changed: number
}

interface DavResponse {
  href: string
  etag: string | null
  data: string | null
  status: string | null
}

const P = '(?:[A-Za-z_][\\w.-]*:)?'
const RESPONSE = new RegExp(`<(${P})response(?:\\s[^>]*)?>([\\s\\S]*?)</\\1response>`, 'g')
const HREF = new RegExp(`<${P}href(?:\\s[^>]*)?>([^<]*)<`)
const ETAG = new RegExp(`<${P}getetag(?:\\s[^>]*)?>([^<]*)<`)
const DATA = new RegExp(`<${P}address-data(?:\\s[^>]*?)?>([^<]*)</${P}address-data>`)
const STATUS = new RegExp(`<${P}status(?:\\s[^>]*)?>([^<]*)<`)
const SYNC_TOKEN = new RegExp(`<${P}sync-token(?:\\s[^>]*)?>([^<]*)<`, 'g')
const CTAG = new RegExp(`<${P}getctag(?:\\s[^>]*)?>([^<]*)<`)

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
/** Text content as an XML parser gives it: line ends normalised (XML 1.0 section 2.11), then references decoded. */
const textOf = (raw: string) =>
  raw
    .replace(/\r\n?/g, '\n')
    .replace(/&(?:(amp|lt|gt|quot|apos)|#(\d+)|#x([0-9a-fA-F]+));/g, (_, name: string, dec: string, hex: string) =>
      name ? ENTITIES[name] : String.fromCodePoint(dec ? Number(dec) : parseInt(hex, 16)),
    )

function responsesOf(xml: string): DavResponse[] {
  const out: DavResponse[] = []
  for (const m of xml.matchAll(RESPONSE)) {
    const block = m[2]
    const data = DATA.exec(block)
    out.push({
      href: textOf(HREF.exec(block)?.[1] ?? '').trim(),
      etag: ETAG.exec(block) ? textOf(ETAG.exec(block)![1]).trim() : null,
      data: data ? textOf(data[1]) : null,
      status: STATUS.exec(block)?.[1] ?? null,
    })
  }
  return out
}

const lastSyncToken = (xml: string) => {
  let token: string | null = null
  for (const m of xml.matchAll(SYNC_TOKEN)) token = textOf(m[1]).trim()
  return token
}

const escapeXml = (s: string) => s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'))

const PROPFIND_BOOK = `<?xml version="1.0" encoding="utf-8"?>
<d:propfind xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/"><d:prop><d:resourcetype/><d:displayname/><cs:getctag/><d:sync-token/></d:prop></d:propfind>`
const syncCollection = (token: string) => `<?xml version="1.0" encoding="utf-8"?>
<d:sync-collection xmlns:d="DAV:"><d:sync-token>${escapeXml(token)}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`
const multiget = (hrefs: string[]) => `<?xml version="1.0" encoding="utf-8"?>
<card:addressbook-multiget xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/><card:address-data/></d:prop>${hrefs
  .map((h) => `<d:href>${escapeXml(h)}</d:href>`)
  .join('')}</card:addressbook-multiget>`

/** One connection kept alive for the whole sync, and no time limit: a server may take minutes over its first answer (Radicale filling its cache). */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })

function send(method: string, url: URL, body: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: { ...headers, 'content-type': 'application/xml; charset=utf-8', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** The file name of a card's href, without `.vcf`. */
const nameOf = (href: string) => decodeURIComponent(href.split('/').pop()!).replace(/\.vcf$/, '')

export async function sync(opts: ClientOptions): Promise<ClientResult> {
  let requests = 0
  let bytes = 0
  const ask = async (method: string, url: string, body: string, depth: string) => {
    requests++
    const { status, text } = await send(method, new URL(url, opts.base), body, { authorization: opts.authorization, depth })
    bytes += Buffer.byteLength(text)
    if (status !== 207) throw new Error(`${method} ${url}: ${status} ${text.slice(0, 300)}`)
    return text
  }
  const steps: Record<string, number> = {}
  const started = performance.now()
  let at = started
  const step = (name: string) => {
    const now = performance.now()
    steps[name] = (steps[name] ?? 0) + now - at
    at = now
  }

  if (opts.mode === 'unchanged') {
    const xml = await ask('REPORT', opts.book, syncCollection(opts.token ?? ''), '0')
    step('sync-collection')
    const changed = responsesOf(xml).filter((r) => r.href.replace(/\/$/, '') !== opts.book.replace(/\/$/, '')).length
    return {
      ms: performance.now() - started,
      requests,
      bytes,
      steps,
      ctag: null,
      token: lastSyncToken(xml),
      listed: 0,
      fetched: 0,
      missing: 0,
      changed,
    }
  }

  const props = await ask('PROPFIND', opts.book, PROPFIND_BOOK, '0')
  const ctag = CTAG.exec(props) ? textOf(CTAG.exec(props)![1]).trim() : null
  step('propfind')
  const listing = await ask('REPORT', opts.book, syncCollection(''), '0')
  const token = lastSyncToken(listing)
  const hrefs = responsesOf(listing)
    .filter((r) => r.etag && r.href.endsWith('.vcf'))
    .map((r) => r.href)
  step('sync-collection')
  const batch = opts.batch ?? 100
  const cards = new Map<string, string>()
  let missing = 0
  for (let i = 0; i < hrefs.length; i += batch) {
    const xml = await ask('REPORT', opts.book, multiget(hrefs.slice(i, i + batch)), '0')
    for (const r of responsesOf(xml)) {
      if (r.data === null) missing++
      else cards.set(nameOf(r.href), r.data)
    }
  }
  step('multiget')
  const ms = performance.now() - started

  if (opts.out) {
    const digest = [...cards].map(([name, text]) => {
      // Content lines unfolded (RFC 6350 section 3.2), in any order: a server may write them in its own.
      const lines = text
        .replace(/\n[ \t]/g, '')
        .split('\n')
        .filter(Boolean)
      return {
        name,
        sha1: createHash('sha1').update(text).digest('hex'),
        lines: createHash('sha1').update(lines.sort().join('\n')).digest('hex'),
        tels: createHash('sha1')
          .update(lines.filter((l) => /^TEL[;:]/i.test(l)).join('\n'))
          .digest('hex'),
      }
    })
    fs.writeFileSync(opts.out, JSON.stringify(digest))
  }
  if (opts.write) {
    fs.mkdirSync(opts.write, { recursive: true })
    // As the server sent it: vCard lines end in CRLF (RFC 6350 section 3.2).
    for (const [name, text] of cards) fs.writeFileSync(path.join(opts.write, `${name}.vcf`), text.replace(/\n/g, '\r\n'))
  }
  return { ms, requests, bytes, steps, ctag, token, listed: hrefs.length, fetched: cards.size, missing, changed: 0 }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const result = await sync(JSON.parse(process.argv[2]) as ClientOptions)
  agent.destroy()
  process.stdout.write(`${JSON.stringify(result)}\n`)
}

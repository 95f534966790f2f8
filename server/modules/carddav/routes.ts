import { Readable } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { DeviceCredential } from '../device/repository'
import { forbidden, notFound } from '../../errors'
import { createBooks, type BookState, type Books } from './books'
import type { BookName, Card } from './vcard'
import { child, children, d, davError, escapeXml, multistatus, NS, parseXml, qname, tag, XmlError, type XmlElement } from './xml'

/**
 * CardDAV (RFC 6352, with CalendarServer's getctag and RFC 6578 sync-collection), read only:
 * the community blocklist and the person's own as address books for iPhones, DAVx5 and
 * routers (DESIGN.md section 10). Every path takes a device password, never a web session.
 *
 *   /.well-known/carddav                     → 301 /carddav/
 *   /carddav/                                  the service root (current-user-principal)
 *   /carddav/principals/{user}/                the principal (addressbook-home-set)
 *   /carddav/books/{user}/                     the home: two address books
 *   /carddav/books/{user}/community/           "Blocked numbers (community)", capped at the device's max_entries
 *   /carddav/books/{user}/personal/            "My blocked numbers"
 *   /carddav/books/{user}/{book}/{card}.vcf    one vCard 3.0
 *
 * `{user}` is the credential owner's id; any other answers 403.
 */

/** Request bodies are small XML documents: past this, 413. */
export const CARDDAV_BODY_LIMIT = 64 * 1024

const BOOKS: Record<BookName, { title: string; description: string }> = {
  community: {
    title: 'Blocked numbers (community)',
    description: 'Numbers reported as spam or fraud by the community, most reported first',
  },
  personal: { title: 'My blocked numbers', description: 'The numbers you blocked or reported' },
}

const DAV_HEADER = '1, 3, addressbook'
const ALLOW = 'OPTIONS, GET, HEAD, PROPFIND, REPORT'
const VCARD_TYPE = 'text/vcard; charset=utf-8'

type Resource =
  | { kind: 'root' }
  | { kind: 'principal' }
  | { kind: 'home' }
  | { kind: 'book'; book: BookName }
  | { kind: 'card'; book: BookName; name: string }

/** Where a path leads for this device: 404 for nothing, 403 for another person's. */
function resolve(path: string, device: DeviceCredential): Resource {
  const parts = path.split('/').filter(Boolean)
  if (parts[0] !== 'carddav' || parts.length > 5) throw notFound('No such CardDAV resource')
  if (parts.length === 1) return { kind: 'root' }
  const [, area, user, book, file] = parts
  if (area !== 'principals' && area !== 'books') throw notFound('No such CardDAV resource')
  if (user === undefined || !/^\d{1,12}$/.test(user)) throw notFound('No such CardDAV resource')
  if (Number(user) !== device.userId)
    throw forbidden('These address books belong to another account: use the address your settings page shows')
  if (area === 'principals') {
    if (parts.length > 3) throw notFound('No such CardDAV resource')
    return { kind: 'principal' }
  }
  if (book === undefined) return { kind: 'home' }
  if (book !== 'community' && book !== 'personal') throw notFound('No such address book')
  if (file === undefined) return { kind: 'book', book }
  const m = /^([a-z0-9]{1,40})\.vcf$/.exec(file)
  if (!m || path.endsWith('/')) throw notFound('No such card')
  return { kind: 'card', book, name: m[1] }
}

const root = '/carddav/'
const principalHref = (device: DeviceCredential) => `/carddav/principals/${device.userId}/`
const homeHref = (device: DeviceCredential) => `/carddav/books/${device.userId}/`
const bookHref = (device: DeviceCredential, book: BookName) => `${homeHref(device)}${book}/`
const cardHref = (device: DeviceCredential, book: BookName, name: string) => `${bookHref(device, book)}${name}.vcf`

/** The properties of a resource: `{ns}name` → its content (XML). address-data only when asked for by name. */
type Props = Map<string, string>

const hrefProp = (href: string) => d('href', escapeXml(href))
const READ_ONLY = d('privilege', d('read')) + d('privilege', d('read-current-user-privilege-set'))

function commonProps(device: DeviceCredential): Props {
  return new Map([
    [qname(NS.dav, 'current-user-principal'), hrefProp(principalHref(device))],
    [qname(NS.dav, 'principal-URL'), hrefProp(principalHref(device))],
    [qname(NS.card, 'addressbook-home-set'), hrefProp(homeHref(device))],
    [qname(NS.dav, 'current-user-privilege-set'), READ_ONLY],
    [qname(NS.dav, 'owner'), hrefProp(principalHref(device))],
  ])
}

function collectionProps(device: DeviceCredential, resourcetype: string, displayname: string): Props {
  const props = commonProps(device)
  props.set(qname(NS.dav, 'resourcetype'), resourcetype)
  props.set(qname(NS.dav, 'displayname'), escapeXml(displayname))
  return props
}

const SUPPORTED_REPORTS = ['addressbook-multiget', 'addressbook-query']
  .map((r) => d('supported-report', d('report', tag(NS.card, r))))
  .concat(d('supported-report', d('report', d('sync-collection'))))
  .join('')

function bookProps(device: DeviceCredential, state: BookState): Props {
  const props = collectionProps(device, d('collection') + tag(NS.card, 'addressbook'), BOOKS[state.book].title)
  props.set(qname(NS.card, 'addressbook-description'), escapeXml(BOOKS[state.book].description))
  props.set(qname(NS.cs, 'getctag'), escapeXml(state.built.ctag))
  props.set(qname(NS.dav, 'sync-token'), escapeXml(state.token))
  props.set(qname(NS.dav, 'supported-report-set'), SUPPORTED_REPORTS)
  props.set(qname(NS.card, 'supported-address-data'), '<card:address-data-type content-type="text/vcard" version="3.0"/>')
  props.set(qname(NS.card, 'max-resource-size'), '102400')
  return props
}

/** A card's properties, in the order allprop lists them; address-data only when asked for by name. */
const CARD_PROPS: Array<[string, (card: Card) => string]> = [
  [qname(NS.dav, 'resourcetype'), () => ''],
  [qname(NS.dav, 'getetag'), (card) => escapeXml(card.etag)],
  [qname(NS.dav, 'getcontenttype'), () => VCARD_TYPE],
  [qname(NS.dav, 'getcontentlength'), (card) => String(Buffer.byteLength(card.vcard))],
]
const ADDRESS_DATA = qname(NS.card, 'address-data')
const cardProp = new Map<string, (card: Card) => string>([...CARD_PROPS, [ADDRESS_DATA, (card) => escapeXml(card.vcard)]])

function cardProps(card: Card, withData: boolean): Props {
  const props: Props = new Map(CARD_PROPS.map(([key, value]) => [key, value(card)]))
  if (withData) props.set(ADDRESS_DATA, cardProp.get(ADDRESS_DATA)!(card))
  return props
}

/** What a PROPFIND or REPORT asks for: every property, their names, or the listed ones. */
type PropRequest = { mode: 'all' } | { mode: 'names' } | { mode: 'some'; names: Array<{ ns: string; name: string }> }

function propRequest(el: XmlElement | undefined): PropRequest {
  if (!el) return { mode: 'all' }
  if (child(el, NS.dav, 'propname')) return { mode: 'names' }
  const prop = child(el, NS.dav, 'prop')
  if (prop) return { mode: 'some', names: prop.children.map((c) => ({ ns: c.ns, name: c.name })) }
  return { mode: 'all' }
}

const wants = (req: PropRequest, ns: string, name: string) => req.mode === 'some' && req.names.some((n) => n.ns === ns && n.name === name)

/** One `<d:response>`: the found properties with 200, the asked-for unknown ones with 404. */
function response(href: string, props: Props, req: PropRequest): string {
  const found: string[] = []
  const missing: string[] = []
  const element = (key: string, content?: string) => {
    const close = key.indexOf('}')
    return tag(key.slice(1, close), key.slice(close + 1), content)
  }
  if (req.mode === 'some') {
    for (const { ns, name } of req.names) {
      const value = props.get(qname(ns, name))
      if (value === undefined) missing.push(tag(ns, name))
      else found.push(element(qname(ns, name), value))
    }
  } else {
    for (const [key, value] of props) found.push(req.mode === 'names' ? element(key) : element(key, value))
  }
  const propstat = (list: string[], status: string) => (list.length ? d('propstat', d('prop', list.join('')) + d('status', status)) : '')
  return d('response', hrefProp(href) + propstat(found, 'HTTP/1.1 200 OK') + propstat(missing, 'HTTP/1.1 404 Not Found'))
}

/**
 * The `<d:response>` of each card for one request, as `response` writes it, with what is the
 * same for every card worked out once: a book's thousands of cards cost one string each.
 */
function cardResponder(hrefOf: (card: Card) => string, req: PropRequest, withData: boolean): (card: Card) => string {
  if (req.mode !== 'some') return (card) => response(hrefOf(card), cardProps(card, withData), req)
  const found: Array<{ open: string; close: string; empty: string; value: (card: Card) => string }> = []
  const missing: string[] = []
  for (const { ns, name } of req.names) {
    const value = cardProp.get(qname(ns, name))
    if (!value) {
      missing.push(tag(ns, name))
      continue
    }
    const [open, close] = tag(ns, name, '\u0000').split('\u0000')
    found.push({ open, close, empty: tag(ns, name), value })
  }
  const hrefOpen = d('href', '\u0000').split('\u0000')
  const foundOpen = '<d:propstat><d:prop>'
  const foundClose = `</d:prop>${d('status', 'HTTP/1.1 200 OK')}</d:propstat>`
  const missingPropstat = missing.length ? d('propstat', d('prop', missing.join('')) + d('status', 'HTTP/1.1 404 Not Found')) : ''
  return (card) => {
    let out = `<d:response>${hrefOpen[0]}${escapeXml(hrefOf(card))}${hrefOpen[1]}`
    if (found.length) {
      out += foundOpen
      for (const f of found) {
        const content = f.value(card)
        out += content === '' ? f.empty : f.open + content + f.close
      }
      out += foundClose
    }
    return `${out}${missingPropstat}</d:response>`
  }
}

const notFoundResponse = (href: string) => d('response', hrefProp(href) + d('status', 'HTTP/1.1 404 Not Found'))

/** A `<card:filter>` of addressbook-query (RFC 6352 section 10.5), on FN, TEL, UID, NOTE and CATEGORIES; other properties never match. */
function matches(card: Card, filter: XmlElement | undefined): boolean {
  if (!filter) return true
  const propFilters = children(filter, NS.card, 'prop-filter')
  if (!propFilters.length) return true
  const values = (name: string): string[] => {
    const lines = card.vcard.replace(/\r\n /g, '').split('\r\n')
    return lines
      .filter((l) => l.toUpperCase().startsWith(`${name.toUpperCase()}:`) || l.toUpperCase().startsWith(`${name.toUpperCase()};`))
      .map((l) => l.slice(l.indexOf(':') + 1).replace(/\\(.)/g, '$1'))
  }
  const one = (pf: XmlElement) => {
    const found = values(pf.attrs.name ?? '')
    if (child(pf, NS.card, 'is-not-defined')) return found.length === 0
    const textMatches = children(pf, NS.card, 'text-match')
    if (!textMatches.length) return found.length > 0
    const tests = textMatches.map((tm) => {
      const needle = tm.text.toLowerCase()
      const type = tm.attrs['match-type'] ?? 'contains'
      const hit = found.some((v) => {
        const value = v.toLowerCase()
        return type === 'equals'
          ? value === needle
          : type === 'starts-with'
            ? value.startsWith(needle)
            : type === 'ends-with'
              ? value.endsWith(needle)
              : value.includes(needle)
      })
      return tm.attrs['negate-condition'] === 'yes' ? !hit : hit
    })
    return pf.attrs.test === 'allof' ? tests.every(Boolean) : tests.some(Boolean)
  }
  return filter.attrs.test === 'allof' ? propFilters.every(one) : propFilters.some(one)
}

/** The body as a document, or null when there is none; 400 for anything else than well-formed XML without a DOCTYPE. */
function body(request: FastifyRequest, reply: FastifyReply): XmlElement | null | undefined {
  const raw = request.body
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return null
  if (typeof raw !== 'string') {
    void reply.code(415).type('text/plain; charset=utf-8').send('A CardDAV request body is XML (text/xml or application/xml)')
    return undefined
  }
  try {
    return parseXml(raw)
  } catch (err) {
    if (!(err instanceof XmlError)) throw err
    void reply.code(400).type('text/plain; charset=utf-8').send(err.message)
    return undefined
  }
}

/** Past this many cards a multistatus is written as it is made (chunked), not built as one string first: 100,000 cards are 20 MB of XML. */
const STREAM_FROM = 5000
const STREAM_PIECE = 500

/** A multistatus of `before`, each card's response and `after`, then `extra`: one string, or for many cards a stream of the same bytes. */
function cardsMultistatus(
  cards: readonly Card[],
  respond: (card: Card) => string,
  { before = '', after = '', extra = '' }: { before?: string; after?: string; extra?: string } = {},
): string | Readable {
  if (cards.length < STREAM_FROM) return multistatus(before + cards.map(respond).join('') + after, extra)
  const [head, tail] = multistatus('\u0000', extra).split('\u0000')
  function* pieces() {
    yield head + before
    for (let i = 0; i < cards.length; i += STREAM_PIECE) {
      let piece = ''
      for (const card of cards.slice(i, i + STREAM_PIECE)) piece += respond(card)
      yield piece
    }
    yield after + tail
  }
  return Readable.from(pieces(), { objectMode: false })
}

const sendMultistatus = (reply: FastifyReply, xml: string | Readable) =>
  reply.code(207).header('DAV', DAV_HEADER).type('application/xml; charset=utf-8').send(xml)
const sendDavError = (reply: FastifyReply, status: number, ns: string, name: string) =>
  reply.code(status).header('DAV', DAV_HEADER).type('application/xml; charset=utf-8').send(davError(ns, name))

export async function carddavRoutes(app: FastifyInstance) {
  for (const method of ['PROPFIND', 'REPORT', 'PROPPATCH', 'MKCOL']) {
    if (!app.supportedMethods.includes(method)) app.addHttpMethod(method, { hasBody: true })
  }
  // Bodies of any type are read as text here (clients send text/xml, application/xml or none),
  // at most 64 kB; only the XML parser above reads them.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: CARDDAV_BODY_LIMIT }, (_request, text, done) => done(null, text))

  const books: Books = createBooks(app.db)
  const device = { config: { deviceAuth: true }, onRequest: app.requireDevice, bodyLimit: CARDDAV_BODY_LIMIT, schema: { hide: true } }
  const current = (request: FastifyRequest) => request.device as DeviceCredential
  const load = (dev: DeviceCredential, book: BookName) =>
    book === 'community' ? books.communityBook(dev.maxEntries) : books.personalBook(dev.userId)

  // RFC 6764: clients look here first.
  app.route({
    ...device,
    method: ['GET', 'PROPFIND', 'OPTIONS'],
    url: '/.well-known/carddav',
    handler: async (_request, reply) => reply.code(301).header('location', root).header('DAV', DAV_HEADER).send(),
  })

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const dev = current(request)
    const path = decodePath(request.url)
    const resource = resolve(path, dev)
    reply.header('DAV', DAV_HEADER)
    switch (request.method) {
      case 'OPTIONS':
        return reply.code(200).header('Allow', ALLOW).header('Content-Length', '0').send()
      case 'GET':
      case 'HEAD':
        return get(request, reply, dev, resource)
      case 'PROPFIND':
        return propfind(request, reply, dev, resource)
      case 'REPORT':
        return report(request, reply, dev, resource)
      default:
        // Read only: nothing here is written by a client.
        reply.header('Allow', ALLOW)
        return sendDavError(reply, 403, NS.dav, 'need-privileges')
    }
  }

  async function get(request: FastifyRequest, reply: FastifyReply, dev: DeviceCredential, resource: Resource) {
    if (resource.kind === 'card') {
      const state = await load(dev, resource.book)
      const card = state.built.byName.get(resource.name)
      if (!card) throw notFound('No such card')
      reply.header('ETag', card.etag).header('Cache-Control', 'private, no-cache')
      if (request.headers['if-none-match'] === card.etag) return reply.code(304).send()
      return reply.type(VCARD_TYPE).send(card.vcard)
    }
    if (resource.kind === 'book') {
      const state = await load(dev, resource.book)
      reply.header('ETag', `"${state.built.ctag}"`).header('Cache-Control', 'private, no-cache')
      if (request.headers['if-none-match'] === `"${state.built.ctag}"`) return reply.code(304).send()
      return reply.type(VCARD_TYPE).send(state.built.cards.map((c) => c.vcard).join(''))
    }
    return reply.type('text/plain; charset=utf-8').send('Caller ID CardDAV: add this server as a CardDAV account with a device password.\n')
  }

  async function propfind(request: FastifyRequest, reply: FastifyReply, dev: DeviceCredential, resource: Resource) {
    const doc = body(request, reply)
    if (doc === undefined) return reply
    if (doc && !(doc.ns === NS.dav && doc.name === 'propfind'))
      return reply.code(400).type('text/plain; charset=utf-8').send('A PROPFIND body is a DAV:propfind element')
    const req = propRequest(doc ?? undefined)
    const depth =
      String(request.headers.depth ?? 'infinity')
        .trim()
        .toLowerCase() === '0'
        ? 0
        : 1
    const out: string[] = []
    switch (resource.kind) {
      case 'root':
        out.push(response(root, collectionProps(dev, d('collection'), 'Caller ID'), req))
        break
      case 'principal':
        out.push(response(principalHref(dev), collectionProps(dev, d('collection') + d('principal'), `Caller ID ${dev.phone}`), req))
        break
      case 'home': {
        out.push(response(homeHref(dev), collectionProps(dev, d('collection'), 'Blocklists'), req))
        if (depth) {
          for (const book of ['community', 'personal'] as const)
            out.push(response(bookHref(dev, book), bookProps(dev, await load(dev, book)), req))
        }
        break
      }
      case 'book': {
        const state = await load(dev, resource.book)
        const self = response(bookHref(dev, resource.book), bookProps(dev, state), req)
        if (!depth) return sendMultistatus(reply, multistatus(self))
        const cardResponse = cardResponder((card) => cardHref(dev, resource.book, card.name), req, wants(req, NS.card, 'address-data'))
        return sendMultistatus(reply, cardsMultistatus(state.built.cards, cardResponse, { before: self }))
      }
      case 'card': {
        const state = await load(dev, resource.book)
        const card = state.built.byName.get(resource.name)
        if (!card) throw notFound('No such card')
        out.push(response(cardHref(dev, resource.book, card.name), cardProps(card, wants(req, NS.card, 'address-data')), req))
        break
      }
    }
    return sendMultistatus(reply, multistatus(out.join('')))
  }

  async function report(request: FastifyRequest, reply: FastifyReply, dev: DeviceCredential, resource: Resource) {
    const doc = body(request, reply)
    if (doc === undefined) return reply
    if (!doc) return reply.code(400).type('text/plain; charset=utf-8').send('A REPORT needs a body')
    const known =
      (doc.ns === NS.card && (doc.name === 'addressbook-multiget' || doc.name === 'addressbook-query')) ||
      (doc.ns === NS.dav && doc.name === 'sync-collection')
    if (!known) return sendDavError(reply, 403, NS.dav, 'supported-report')
    if (resource.kind !== 'book' && !(resource.kind === 'card' && doc.name === 'addressbook-multiget'))
      return sendDavError(reply, 403, NS.dav, 'supported-report')
    const book = resource.book
    const req = propRequest(doc)
    const withData = wants(req, NS.card, 'address-data')
    const owner = { userId: dev.userId, limit: dev.maxEntries }
    const token = doc.name === 'sync-collection' ? (child(doc, NS.dav, 'sync-token')?.text.trim() ?? '') : ''
    // Nothing changed since the client's token: answered from the version alone, before any card is built.
    if (token && (await books.unchanged(book, owner, token)))
      return sendMultistatus(reply, multistatus('', d('sync-token', escapeXml(token))))
    const state = await load(dev, book)
    const cardResponse = cardResponder((card) => cardHref(dev, book, card.name), req, withData)

    if (doc.name === 'addressbook-multiget') {
      const out: string[] = []
      for (const h of children(doc, NS.dav, 'href').slice(0, 10_000)) {
        const href = h.text.trim()
        let name: string | null = null
        try {
          const target = resolve(decodePath(href), dev)
          if (target.kind === 'card' && target.book === book) name = target.name
        } catch {
          name = null
        }
        const card = name ? state.built.byName.get(name) : undefined
        out.push(card ? cardResponse(card) : notFoundResponse(href))
      }
      return sendMultistatus(reply, multistatus(out.join('')))
    }

    if (doc.name === 'addressbook-query') {
      const filter = child(doc, NS.card, 'filter')
      const limit = Number(child(child(doc, NS.card, 'limit'), NS.card, 'nresults')?.text ?? NaN)
      let cards = state.built.cards.filter((c) => matches(c, filter))
      let truncated = ''
      if (Number.isInteger(limit) && limit >= 0 && cards.length > limit) {
        cards = cards.slice(0, limit)
        truncated = d('response', hrefProp(bookHref(dev, book)) + d('status', 'HTTP/1.1 507 Insufficient Storage'))
      }
      return sendMultistatus(reply, cardsMultistatus(cards, cardResponse, { after: truncated }))
    }

    // sync-collection (RFC 6578): without a token every card; with one, only what changed since.
    const extra = d('sync-token', escapeXml(state.token))
    if (!token) return sendMultistatus(reply, cardsMultistatus(state.built.cards, cardResponse, { extra }))
    const changes = await books.changes(state, owner, token)
    if (!changes) return sendDavError(reply, 403, NS.dav, 'valid-sync-token')
    const removed = changes.removed.map((name) => notFoundResponse(cardHref(dev, book, name))).join('')
    return sendMultistatus(reply, cardsMultistatus(changes.changed, cardResponse, { after: removed, extra }))
  }

  app.route({
    ...device,
    method: ['GET', 'OPTIONS', 'PROPFIND', 'REPORT', 'PROPPATCH', 'MKCOL', 'PUT', 'DELETE', 'POST'],
    url: '/carddav',
    handler,
  })
  app.route({
    ...device,
    method: ['GET', 'OPTIONS', 'PROPFIND', 'REPORT', 'PROPPATCH', 'MKCOL', 'PUT', 'DELETE', 'POST'],
    url: '/carddav/*',
    handler,
  })
}

/** The path of a request URL or an href (absolute or not), %-decoded; 404 when it cannot be. */
function decodePath(url: string): string {
  let path = url
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname
    } catch {
      throw notFound('No such CardDAV resource')
    }
  }
  path = path.split('?')[0]
  try {
    return decodeURIComponent(path)
  } catch {
    throw notFound('No such CardDAV resource')
  }
}

import { SaxesParser } from 'saxes'

/** The namespaces CardDAV speaks. */
export const NS = {
  dav: 'DAV:',
  card: 'urn:ietf:params:xml:ns:carddav',
  cs: 'http://calendarserver.org/ns/',
} as const

/** An element of a request body: its namespace URI, local name, attributes (by local name), children and text. */
export interface XmlElement {
  ns: string
  name: string
  attrs: Record<string, string>
  children: XmlElement[]
  text: string
}

/** Why a body was refused: the client's fault, always a 4xx. */
export class XmlError extends Error {}

const MAX_DEPTH = 32
const MAX_ELEMENTS = 5_000

/**
 * Parses a request body with saxes (a non-validating, namespace-aware parser). No entity is
 * ever expanded: a DOCTYPE (where entities are declared) is refused outright, and saxes
 * refuses any entity reference other than the five predefined ones and character references.
 */
export function parseXml(body: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true, position: false })
  const stack: XmlElement[] = []
  let root: XmlElement | null = null
  let count = 0
  let failure: Error | null = null
  const fail = (message: string) => {
    failure ??= new XmlError(message)
  }
  parser.on('doctype', () => fail('A DOCTYPE is not accepted (no entities)'))
  parser.on('error', (err) => fail(`Malformed XML: ${err.message.slice(0, 200)}`))
  parser.on('opentag', (tag) => {
    if (++count > MAX_ELEMENTS || stack.length >= MAX_DEPTH) return fail('The XML body is too deep or has too many elements')
    const attrs: Record<string, string> = {}
    for (const attr of Object.values(tag.attributes)) attrs[attr.local] = attr.value
    const element: XmlElement = { ns: tag.uri ?? '', name: tag.local ?? tag.name, attrs, children: [], text: '' }
    if (stack.length) stack[stack.length - 1].children.push(element)
    else root = element
    stack.push(element)
  })
  parser.on('closetag', () => void stack.pop())
  const addText = (text: string) => {
    if (stack.length) stack[stack.length - 1].text += text
  }
  parser.on('text', addText)
  parser.on('cdata', addText)
  try {
    // saxes keeps parsing after an error event; the first failure is what the client hears.
    parser.write(body)
    if (!failure) parser.close()
  } catch (err) {
    fail(`Malformed XML: ${(err as Error).message.slice(0, 200)}`)
  }
  if (failure) throw failure
  if (!root) throw new XmlError('The XML body has no element')
  return root
}

/** The first child with this namespace and name. */
export const child = (el: XmlElement | undefined, ns: string, name: string) => el?.children.find((c) => c.ns === ns && c.name === name)
export const children = (el: XmlElement | undefined, ns: string, name: string) =>
  el?.children.filter((c) => c.ns === ns && c.name === name) ?? []

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF&<>"']/
/** Text or an attribute value, escaped; characters XML 1.0 cannot carry are dropped. Most text (a card, an ETag) has nothing to escape: one scan. */
export const escapeXml = (text: string) =>
  !UNSAFE.test(text)
    ? text
    : // eslint-disable-next-line no-control-regex
      text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').replace(/[&<>"']/g, (c) => ESCAPES[c])

const PREFIXES: Record<string, string> = { [NS.dav]: 'd', [NS.card]: 'card', [NS.cs]: 'cs' }

/** A property name as `{ns}name`, how responses are keyed. */
export const qname = (ns: string, name: string) => `{${ns}}${name}`

/**
 * An element as text: `tag(ns, name, content)` with the content already XML (from other
 * calls) or omitted for an empty element. Namespaces outside the three we declare get
 * their own declaration.
 */
export function tag(ns: string, name: string, content?: string): string {
  const prefix = PREFIXES[ns]
  const open = prefix ? `${prefix}:${name}` : `x:${name} xmlns:x="${escapeXml(ns)}"`
  const close = prefix ? `${prefix}:${name}` : `x:${name}`
  return content === undefined || content === '' ? `<${open}/>` : `<${open}>${content}</${close}>`
}

export const d = (name: string, content?: string) => tag(NS.dav, name, content)

/** A multistatus document around already-written responses. */
export const multistatus = (responses: string, extra = '') =>
  `<?xml version="1.0" encoding="utf-8"?>\n<d:multistatus xmlns:d="DAV:" xmlns:card="${NS.card}" xmlns:cs="${NS.cs}">${responses}${extra}</d:multistatus>`

/** An error body with one precondition element (RFC 4918 section 16). */
export const davError = (ns: string, name: string) =>
  `<?xml version="1.0" encoding="utf-8"?>\n<d:error xmlns:d="DAV:" xmlns:card="${NS.card}" xmlns:cs="${NS.cs}">${tag(ns, name)}</d:error>`

/**
 * The fuzz suite (issue 11): requests generated with fast-check from the server's own
 * OpenAPI document (`GET /api/docs`), so a new route is covered without writing
 * anything. Every operation, signed out, as a user, as a moderator and with a forged
 * token, and with a device password (Bearer or Basic) on the PhoneBlock and CardDAV routes;
 * CardDAV's PROPFIND and REPORT with hostile XML (entities, deep nesting, huge bodies, odd
 * Depth headers); JSON, form and multipart bodies, malformed JSON and wrong content types;
 * values of the documented types and hostile ones (wrong types, huge and empty values,
 * Unicode edge cases, injection strings); path tricks. It passes when no answer is a
 * 5xx, no request hangs, and the server is healthy afterwards. The same seed gives the
 * same requests.
 */
import fc from 'fast-check'

type Schema = {
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  pattern?: string
  format?: string
}
interface Operation {
  method: string
  path: string
  pathParams: Array<{ name: string; schema: Schema }>
  query: Schema
  body: Schema | null
}
type Who = 'anonymous' | 'user' | 'moderator' | 'forged' | 'device' | 'device-basic' | 'forged-device'
type Encoding = 'json' | 'form' | 'multipart' | 'malformed-json' | 'wrong-type' | 'none' | 'xml'

export interface FuzzRequest {
  method: string
  url: string
  who: Who
  encoding: Encoding
  body: Record<string, unknown> | unknown
  /** Extra request headers (CardDAV's Depth). */
  headers?: Record<string, string>
}

/** Who the fuzz calls as: session tokens of a user and a moderator, and a device password of the user. */
export interface FuzzCallers {
  user: string
  moderator: string
  /** A device password of the user (Settings → Protect your phone) and the user's id, for the PhoneBlock and CardDAV routes. */
  device: { password: string; userId: number }
}

export interface FuzzOutcome {
  requests: number
  byStatus: Record<string, number>
  failures: Array<{ request: FuzzRequest; problem: string }>
  operations: number
  healthyAfter: boolean
  seconds: number
}

export interface FuzzOptions {
  baseUrl: string
  seed: number
  requests: number
  /** Session tokens of a user and of a moderator and the user's device password; called again when a fuzzed call signed one out or revoked it. */
  signIn: () => Promise<FuzzCallers>
  concurrency?: number
  timeoutMs?: number
  log?: (line: string) => void
}

/** Strings that have broken servers: controls, broken Unicode, bidi tricks, injections, numbers that are not. */
const NASTY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\ud800y',
  '\u202eevil',
  '\u2066x\u2069',
  '\ufeff',
  'e\u0301',
  '😀',
  '𝕏'.repeat(30),
  '\r\n',
  '\t',
  '%00',
  '%',
  '%zz',
  '../../../etc/passwd',
  '..\\..\\windows',
  "' or '1'='1",
  '1; drop table users; --',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '9'.repeat(40),
  '-1',
  '0',
  '2147483648',
  'true',
  'null',
  '[]',
  '{}',
  '+',
  '+49',
  '+4915112345678',
  '004930123456',
  '0000000000',
  'ﾠ',
  '\u00a0',
  'ß'.repeat(3),
]
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(5_000, 70_000, 1_100_000).map((n) => 'x'.repeat(n)) },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.bigInt().map(String)) },
  { weight: 1, arbitrary: fc.array(fc.string({ maxLength: 8 }), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.object({ maxDepth: 2 }) },
)

/** A value of the documented shape (bounded so requests stay small). */
function documented(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.jsonValue({ maxDepth: 1 })
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (schema.enum?.length) return fc.constantFrom(...schema.enum)
  const alternatives = schema.anyOf ?? schema.oneOf
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => documented(s, depth + 1)))
  if (schema.allOf?.length) return documented(Object.assign({}, ...schema.allOf), depth + 1)
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  switch (type) {
    case 'string': {
      if (schema.format === 'email') return fc.emailAddress()
      if (schema.pattern) {
        try {
          return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= 200)
        } catch {
          /* a pattern JavaScript cannot read: any string */
        }
      }
      return fc.string({ minLength: Math.min(schema.minLength ?? 0, 20), maxLength: Math.min(schema.maxLength ?? 30, 30) })
    }
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -1000, -1e9), max: Math.min(schema.maximum ?? 1e6, 1e9) })
    case 'number':
      return fc.double({ noNaN: true, min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6 })
    case 'boolean':
      return fc.boolean()
    case 'array':
      return fc.array(documented(schema.items, depth + 1), { maxLength: 4 })
    case 'object':
    default: {
      const props = Object.entries(schema.properties ?? {})
      if (!props.length)
        return type === 'object'
          ? fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 })
          : fc.jsonValue({ maxDepth: 1 })
      return fc.record(Object.fromEntries(props.map(([k, s]) => [k, documented(s, depth + 1)])), { requiredKeys: schema.required ?? [] })
    }
  }
}

/** Mostly documented values, often a hostile one in place of a field, sometimes an extra field. */
function fuzzed(schema: Schema | null): fc.Arbitrary<unknown> {
  if (!schema) return fc.oneof(fc.constant(undefined), fc.dictionary(fc.string({ maxLength: 10 }), hostile, { maxKeys: 3 }))
  const props = Object.entries(schema.properties ?? {})
  const whole = fc.oneof({ weight: 1, arbitrary: hostile }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) })
  if (!props.length) return fc.oneof({ weight: 4, arbitrary: documented(schema) }, { weight: 1, arbitrary: whole })
  const field = ([k, s]: [string, Schema]) =>
    [
      k,
      fc.oneof(
        { weight: 3, arbitrary: documented(s) },
        { weight: 2, arbitrary: hostile },
        { weight: 1, arbitrary: fc.constant(undefined) },
      ),
    ] as const
  const record = fc.record(Object.fromEntries(props.map(field)), { requiredKeys: [] })
  const extra = fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'extra', 'phone', 'id'), hostile, { maxKeys: 2 })
  return fc.oneof(
    { weight: 8, arbitrary: record },
    { weight: 2, arbitrary: fc.tuple(record, extra).map(([a, b]) => ({ ...b, ...a })) },
    { weight: 1, arbitrary: whole },
  )
}

const PATH_TRICKS = [
  '..',
  '%2e%2e%2f%2e%2e',
  '%00',
  '%',
  '%zz',
  '-1',
  '0',
  '99999999999999999999',
  'x'.repeat(300),
  '%F0%9F%98%80',
  '%ED%A0%80',
  ' ',
  '.%2F',
]
function pathValue(schema: Schema): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: documented(schema).map((v) => encodeURIComponent(wellFormed(String(v)))) },
    {
      weight: 2,
      arbitrary: hostile.map((v) =>
        encodeURIComponent(wellFormed(typeof v === 'string' ? v.slice(0, 400) : (JSON.stringify(v) ?? 'undefined'))).replace(/%25/g, '%'),
      ),
    },
    { weight: 2, arbitrary: fc.constantFrom(...PATH_TRICKS) },
  )
}

function toParams(value: unknown): Array<[string, string]> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value === undefined ? [] : [['value', String(value)]]
  const out: Array<[string, string]> = []
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) continue
    if (Array.isArray(v)) for (const item of v) out.push([k, typeof item === 'object' ? JSON.stringify(item) : String(item)])
    else out.push([k, v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v)])
  }
  return out
}

/** Unpaired surrogates cannot go into a URL or form as UTF-8; they go as U+FFFD, as a browser sends them. */
const wellFormed = (s: string) => s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\ufffd')

function requestFor(op: Operation): fc.Arbitrary<FuzzRequest> {
  const path = fc.tuple(...op.pathParams.map((p) => pathValue(p.schema))).map((values) => {
    let url = op.path
    op.pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, values[i])))
    return url
  })
  return fc
    .record({
      path,
      suffix: fc.oneof(
        { weight: 12, arbitrary: fc.constant('') },
        { weight: 1, arbitrary: fc.constantFrom('/', '/..', '//x', '%00', '/%2e%2e') },
      ),
      query: fuzzed(Object.keys(op.query.properties ?? {}).length ? op.query : null),
      who: op.path.startsWith('/phoneblock/')
        ? fc.constantFrom<Who>('device', 'device', 'device-basic', 'forged-device', 'user', 'anonymous')
        : fc.constantFrom<Who>('anonymous', 'user', 'user', 'moderator', 'forged', 'device'),
      encoding:
        op.method === 'GET'
          ? fc.constant<Encoding>('none')
          : fc.constantFrom<Encoding>('json', 'json', 'form', 'form', 'multipart', 'malformed-json', 'wrong-type', 'none'),
      body: op.method === 'GET' ? fc.constant(undefined) : fuzzed(op.body),
    })
    .map(({ path, suffix, query, who, encoding, body }) => {
      const search = new URLSearchParams(toParams(query).map(([k, v]) => [wellFormed(k), wellFormed(v)])).toString()
      return { method: op.method, url: `${path}${suffix}${search ? `?${search}` : ''}`, who, encoding, body }
    })
}

/** XML bodies a CardDAV client sends, and what an attacker would: entities, deep nesting, huge, not XML at all. */
const DAV_BODIES: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:allprop/></d:propfind>',
    '<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/"><d:prop><cs:getctag/><d:sync-token/><d:resourcetype/></d:prop></d:propfind>',
    '<d:propfind xmlns:d="DAV:"><d:propname/></d:propfind>',
    '<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:"><d:sync-token/><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>',
    '<?xml version="1.0"?><c:addressbook-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/><c:address-data/></d:prop></c:addressbook-query>',
    '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><d:propfind xmlns:d="DAV:"><d:prop><d:displayname>&b;</d:displayname></d:prop></d:propfind>',
    '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><d:propfind xmlns:d="DAV:"><d:prop>&x;</d:prop></d:propfind>',
    '<d:propfind xmlns:d="DAV:"><d:prop>',
    '<propfind><prop/></propfind>',
    '{"json": true}',
    '<a>'.repeat(5000) + '</a>'.repeat(5000),
    `<d:propfind xmlns:d="DAV:"><d:prop>${'<d:getetag/>'.repeat(20_000)}</d:prop></d:propfind>`,
  ),
  fc
    .tuple(fc.constantFrom(...NASTY), fc.constantFrom(...NASTY))
    .map(
      ([token, href]) =>
        `<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:prop><d:getetag/></d:prop></d:sync-collection>` +
        `<c:addressbook-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:href>${href}</d:href></c:addressbook-multiget>`,
    ),
  fc
    .array(fc.constantFrom(...NASTY), { minLength: 1, maxLength: 30 })
    .map(
      (hrefs) =>
        `<?xml version="1.0"?><c:addressbook-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/><c:address-data/></d:prop>${hrefs
          .map((h) => `<d:href>/carddav/books/{me}/community/${h}.vcf</d:href>`)
          .join('')}</c:addressbook-multiget>`,
    ),
  fc.string({ unit: 'binary', maxLength: 200 }),
)

/** CardDAV requests (not in the OpenAPI document): its methods on its paths, the caller's own and others'. */
const davRequest: fc.Arbitrary<FuzzRequest> = fc
  .record({
    method: fc.constantFrom('PROPFIND', 'PROPFIND', 'REPORT', 'REPORT', 'OPTIONS', 'GET', 'HEAD', 'PUT', 'DELETE'),
    path: fc.oneof(
      fc.constantFrom(
        '/.well-known/carddav',
        '/carddav/',
        '/carddav/principals/{me}/',
        '/carddav/books/{me}/',
        '/carddav/books/{me}/community/',
        '/carddav/books/{me}/personal/',
        '/carddav/books/{me}/community/0.vcf',
        '/carddav/books/1/personal/',
        '/carddav/principals/2/',
      ),
      fc
        .tuple(fc.constantFrom('/carddav/books/{me}/community/', '/carddav/books/{me}/', '/carddav/'), pathValue({ type: 'string' }))
        .map(([a, b]) => `${a}${b}`),
    ),
    depth: fc.constantFrom(undefined, '0', '1', 'infinity', '-1', 'x'),
    who: fc.constantFrom<Who>('device', 'device', 'device-basic', 'forged-device', 'user', 'anonymous'),
    body: DAV_BODIES,
  })
  .map(({ method, path, depth, who, body }): FuzzRequest => ({
    method,
    url: path,
    who,
    encoding: method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? ('none' as const) : ('xml' as const),
    body,
    headers: depth === undefined ? {} : { depth: depth },
  }))

/** Every operation of the OpenAPI document, with its parameters and JSON body schema. */
export function operationsOf(doc: {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string; schema: Schema; required?: boolean }>
        requestBody?: { content?: Record<string, { schema?: Schema }> }
      }
    >
  >
}): Operation[] {
  const ops: Operation[] = []
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue
      const params = op.parameters ?? []
      const query: Schema = { type: 'object', properties: {}, required: [] }
      for (const p of params.filter((p) => p.in === 'query')) {
        query.properties![p.name] = p.schema
        if (p.required) query.required!.push(p.name)
      }
      const body = op.requestBody?.content?.['application/json']?.schema ?? null
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema })),
        query,
        body,
      })
    }
  }
  return ops
}

/** The requests of a run: the same seed and count give the same list. */
export function generateRequests(ops: Operation[], seed: number, count: number): FuzzRequest[] {
  // Every operation gets its share, CardDAV (not in the document) the share of ten; the rest are drawn across all of them.
  const davCount = Math.max(10, Math.floor((10 * count) / (ops.length + 10)))
  const share = Math.max(1, Math.floor((count - davCount) / ops.length))
  const perOp = ops.flatMap((op, i) => fc.sample(requestFor(op), { seed: seed + i, numRuns: share }))
  const dav = fc.sample(davRequest, { seed: seed - 1, numRuns: davCount })
  const rest = count - perOp.length - dav.length
  const extra = rest > 0 ? fc.sample(fc.oneof(...ops.map(requestFor)), { seed, numRuns: rest }) : []
  // Interleaved, so that routes that sign the caller out do not come in one block.
  const all = [...perOp, ...dav, ...extra]
  const shuffled = fc.sample(
    fc.shuffledSubarray(
      all.map((_, i) => i),
      { minLength: all.length, maxLength: all.length },
    ),
    { seed, numRuns: 1 },
  )[0]
  return shuffled.map((i) => all[i])
}

function encode(req: FuzzRequest): { headers: Record<string, string>; body?: string | FormData } {
  switch (req.encoding) {
    case 'json':
      return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(req.body ?? {}) ?? '{}' }
    case 'form':
      return {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(toParams(req.body).map(([k, v]) => [wellFormed(k), wellFormed(v)])).toString(),
      }
    case 'multipart': {
      const form = new FormData()
      for (const [k, v] of toParams(req.body)) form.append(wellFormed(k), wellFormed(v))
      form.append('file', new Blob([wellFormed(JSON.stringify(req.body) ?? '')], { type: 'text/vcard' }), 'contacts.vcf')
      return { headers: {}, body: form }
    }
    case 'malformed-json':
      return { headers: { 'content-type': 'application/json' }, body: `${(JSON.stringify(req.body) ?? '{').slice(0, -1)},` }
    case 'wrong-type':
      return { headers: { 'content-type': 'application/xml' }, body: '<a>1</a>' }
    case 'xml':
      return { headers: { 'content-type': 'application/xml; charset=utf-8' }, body: String(req.body) }
    default:
      return { headers: {} }
  }
}

/** Sends the run's requests and checks every answer. */
export async function runFuzz(opts: FuzzOptions): Promise<FuzzOutcome> {
  const started = Date.now()
  const log = opts.log ?? (() => {})
  const doc = await (await fetch(`${opts.baseUrl}/api/docs`)).json()
  const ops = operationsOf(doc)
  const requests = generateRequests(ops, opts.seed, opts.requests)
  let tokens = await opts.signIn()
  const byStatus: Record<string, number> = {}
  const failures: FuzzOutcome['failures'] = []
  const timeoutMs = opts.timeoutMs ?? 15_000
  const concurrency = opts.concurrency ?? 8
  const batch = 250

  const send = async (req: FuzzRequest) => {
    const encoded = encode(req)
    const headers = { ...encoded.headers, ...req.headers }
    const body = typeof encoded.body === 'string' ? encoded.body.replaceAll('{me}', String(tokens.device.userId)) : encoded.body
    const { password } = tokens.device
    const authorization: Record<Who, string | null> = {
      anonymous: null,
      user: `Bearer ${tokens.user}`,
      moderator: `Bearer ${tokens.moderator}`,
      forged: `Bearer ${tokens.user.slice(0, -4)}AAAA`,
      device: `Bearer ${password}`,
      'device-basic': `Basic ${Buffer.from(`phone:${password}`).toString('base64')}`,
      'forged-device': `Bearer ${password.slice(0, -4)}AAAA`,
    }
    if (authorization[req.who]) headers.authorization = authorization[req.who]!
    try {
      const res = await fetch(`${opts.baseUrl}${req.url.replaceAll('{me}', String(tokens.device.userId))}`, {
        method: req.method,
        headers,
        body,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'manual',
      })
      await res.arrayBuffer()
      byStatus[res.status] = (byStatus[res.status] ?? 0) + 1
      if (res.status >= 500) failures.push({ request: req, problem: `answered ${res.status}` })
    } catch (err) {
      const e = err as Error & { cause?: Error }
      const problem = e.name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : `connection failed: ${e.cause?.message ?? e.message}`
      // A URL fetch itself refuses to send is not the server's fault.
      if (e instanceof TypeError && /Invalid URL|invalid header|Request with/.test(`${e.message} ${e.cause?.message ?? ''}`)) {
        byStatus.unsent = (byStatus.unsent ?? 0) + 1
        return
      }
      failures.push({ request: req, problem })
    }
  }

  for (let from = 0; from < requests.length; from += batch) {
    // Fuzzed calls may sign the fuzz users out (logout, deactivation): sign in again.
    const me = await fetch(`${opts.baseUrl}/api/v6/profile/my`, { headers: { authorization: `Bearer ${tokens.user}` } })
    const mod = await fetch(`${opts.baseUrl}/api/v6/profile/my`, { headers: { authorization: `Bearer ${tokens.moderator}` } })
    const device = await fetch(`${opts.baseUrl}/phoneblock/api/test`, { headers: { authorization: `Bearer ${tokens.device.password}` } })
    if (!me.ok || !mod.ok || !device.ok) tokens = await opts.signIn()
    const slice = requests.slice(from, from + batch)
    let next = 0
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < slice.length) await send(slice[next++])
      }),
    )
    if (from % 2500 === 0) log(`  ${Math.min(from + batch, requests.length)}/${requests.length} requests, ${failures.length} failures`)
  }

  const health = await fetch(`${opts.baseUrl}/api/health`).then(
    (r) => r.ok,
    () => false,
  )
  tokens = await opts.signIn()
  const works = await fetch(`${opts.baseUrl}/api/v6/profile/my`, { headers: { authorization: `Bearer ${tokens.user}` } }).then(
    (r) => r.ok,
    () => false,
  )
  return {
    requests: requests.length,
    byStatus,
    failures,
    operations: ops.length,
    healthyAfter: health && works,
    seconds: (Date.now() - started) / 1000,
  }
}

/**
 * The load generator, in its own process so that it takes no CPU from the server it
 * measures: `node --import tsx bench/load.ts '<json>'` runs autocannon with those options
 * and prints one JSON line with throughput, latency (all answers and the 200s alone),
 * status counts and timeouts.
 *
 * `people` (a JSON file of `{ tokens, numbers }`) makes every request a look-up as people make
 * them: a random person (their token) and a number drawn with a Zipf skew (s = 1) from
 * `numbers`, at `path` with `{number}` and `{person}` filled in. With `record`, every answer
 * 200 is written there as `person number full` lines (full: 1 for a number page, 0 for the
 * daily limit's, 2 for a look-up sent whose answer had not come when the run stopped), for the
 * check after the run. `prefixes` asks for a random 5-hex-digit prefix
 * at `path` with `{prefix}` instead.
 */
import fs from 'node:fs'
import type { EventEmitter } from 'node:events'
import autocannon from 'autocannon'

interface LoadOptions {
  url: string
  connections: number
  pipelining?: number
  duration: number
  headers?: Record<string, string>
  /** Seconds before autocannon gives up on an answer (counted as a timeout). */
  timeout?: number
  people?: string
  path?: string
  record?: string
  prefixes?: boolean
}

const opts = JSON.parse(process.argv[2] ?? '{}') as LoadOptions
const ok: number[] = []
const statuses: Record<string, number> = {}
const retryAfter: Record<string, number> = {}
const recorded: string[] = []
/** Answers 200 that were a number page, and those that were the daily limit's page (a look-up refused, nothing counted). */
const pages = { full: 0, limited: 0 }
/** The look-ups sent whose answers have not come (yet): the server may have done them when the run stopped. */
const unanswered = new Set<Context>()

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : null

/** Draws 0 … n-1 with probability proportional to 1 / (k + 1): the few numbers many people are called by, and the long tail. */
function zipf(n: number): () => number {
  const cumulative = new Float64Array(n)
  let sum = 0
  for (let k = 0; k < n; k++) cumulative[k] = sum += 1 / (k + 1)
  return () => {
    const u = Math.random() * sum
    let lo = 0
    let hi = n - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (cumulative[mid] < u) lo = mid + 1
      else hi = mid
    }
    return lo
  }
}

type Request = { method?: string; path?: string; headers?: Record<string, string> }
interface Context {
  person?: number
  number?: number
}

function requests(): autocannon.Request[] | undefined {
  if (opts.prefixes) {
    return [
      {
        setupRequest: (req: Request) => ({
          ...req,
          path: opts.path!.replace(
            '{prefix}',
            Math.floor(Math.random() * 0x100000)
              .toString(16)
              .padStart(5, '0'),
          ),
        }),
      },
    ] as never
  }
  if (!opts.people) return undefined
  const { tokens, numbers } = JSON.parse(fs.readFileSync(opts.people, 'utf8')) as { tokens: string[]; numbers: string[] }
  const draw = zipf(numbers.length)
  return [
    {
      setupRequest: (req: Request, context: Context) => {
        const person = Math.floor(Math.random() * tokens.length)
        const number = draw()
        context.person = person
        context.number = number
        unanswered.add(context)
        return {
          ...req,
          path: opts
            .path!.replace('{number}', numbers[number])
            .replace('{index}', String(number + 1))
            .replace('{person}', String(person + 1)),
          headers: { ...req.headers, authorization: `Bearer ${tokens[person]}` },
        }
      },
      onResponse: (status: number, body: string, context: Context) => {
        unanswered.delete(context)
        if (status !== 200) return
        const full = !body.includes('"paidAlert":{"show":true')
        pages[full ? 'full' : 'limited']++
        if (opts.record) recorded.push(`${context.person} ${context.number} ${full ? 1 : 0}`)
      },
    },
  ] as never
}

function report(err: Error | null, result: autocannon.Result) {
  if (err) throw err
  ok.sort((a, b) => a - b)
  for (const context of unanswered) recorded.push(`${context.person} ${context.number} 2`)
  if (opts.record) fs.appendFileSync(opts.record, recorded.length ? `${recorded.join('\n')}\n` : '')
  const out = {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    okRps: ok.length / opts.duration,
    okP50: percentile(ok, 50),
    okP99: percentile(ok, 99),
    total: result.requests.total,
    pages,
    statuses,
    retryAfter,
    timeouts: result.timeouts,
    errors: result.errors,
  }
  process.stdout.write(`${JSON.stringify(out)}\n`)
}

const instance = autocannon(
  {
    url: opts.url,
    connections: opts.connections,
    pipelining: opts.pipelining ?? 1,
    duration: opts.duration,
    headers: opts.headers,
    timeout: opts.timeout ?? 10,
    requests: requests(),
    setupClient(client) {
      // The status line and headers of every answer: which ones were refused, and whether they said when to come back.
      // At run time the event carries the parser's status and raw header list (the typings say otherwise).
      ;(client as unknown as EventEmitter).on('headers', ({ statusCode, headers }: { statusCode: number; headers: string[] }) => {
        statuses[statusCode] = (statuses[statusCode] ?? 0) + 1
        if (statusCode === 429 || statusCode === 503) {
          const i = headers.findIndex((h, k) => k % 2 === 0 && h.toLowerCase() === 'retry-after')
          const key = i >= 0 ? `${statusCode}:with` : `${statusCode}:without`
          retryAfter[key] = (retryAfter[key] ?? 0) + 1
        }
      })
    },
  },
  report,
)
instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
  if (statusCode === 200) ok.push(responseTime)
})

/**
 * The load generator, in its own process so that it takes no CPU from the server it
 * measures: `node --import tsx bench/load.ts '<json>'` runs autocannon with those options
 * and prints one JSON line with throughput, latency (all answers and the 200s alone),
 * status counts and timeouts.
 */
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
}

const opts = JSON.parse(process.argv[2] ?? '{}') as LoadOptions
const ok: number[] = []
const statuses: Record<string, number> = {}
const retryAfter: Record<string, number> = {}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : null)

function report(err: Error | null, result: autocannon.Result) {
  if (err) throw err
  ok.sort((a, b) => a - b)
  const out = {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    okRps: ok.length / opts.duration,
    okP50: percentile(ok, 50),
    okP99: percentile(ok, 99),
    total: result.requests.total,
    statuses,
    retryAfter,
    timeouts: result.timeouts,
    errors: result.errors,
  }
  process.stdout.write(`${JSON.stringify(out)}\n`)
}

const instance = autocannon({
  url: opts.url,
  connections: opts.connections,
  pipelining: opts.pipelining ?? 1,
  duration: opts.duration,
  headers: opts.headers,
  timeout: opts.timeout ?? 10,
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
}, report)
instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
  if (statusCode === 200) ok.push(responseTime)
})

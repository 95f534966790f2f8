/**
 * `npm run bench`: the search endpoint over real HTTP on a populated embedded
 * database (the PhoneBlock list), against a bare Fastify route in the same run.
 */
import path from 'node:path'
import os from 'node:os'
import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import Fastify from 'fastify'
import { buildApp } from '../server/app'
import { openPglite, openPostgres } from '../server/db/client'
import { importFile } from '../server/db/import'
import { loadEnv } from '../server/env'
import { signIn } from '../tests/support/app'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const duration = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)

async function measure(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections, duration, headers })
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx }
}

const bare = Fastify()
bare.get('/bare', async () => ({ status: true, data: { ok: true } }))
await bare.listen({ port: 0, host: '127.0.0.1' })
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'callerid-bench-'))
const database = process.env.BENCH_DATABASE_URL ? await openPostgres(process.env.BENCH_DATABASE_URL) : await openPglite(dataDir)
console.log(`database: ${database.kind}; importing the PhoneBlock list…`)
await importFile(database.db, { format: 'phoneblock', file: path.resolve(root, '../shared/data/phoneblock-blocklist.xml'), progress: null })
const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '100000000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' })
const app = await buildApp({ env, database, logger: false })
await app.listen({ port: 0, host: '127.0.0.1' })
const port = (app.server.address() as { port: number }).port
const { token } = await signIn(app, '+491637875622')
// Searching your own number is free, so the daily limit does not cut the run short.
const searchUrl = `http://127.0.0.1:${port}/api/v202505/search/491637875622`

console.log(`${duration} s each, ${connections} connections`)
const bareResult = await measure(bareUrl)
const searchResult = await measure(searchUrl, { authorization: `Bearer ${token}`, host: `127.0.0.1:${port}` })
const rows = [
  ['bare Fastify route', bareResult],
  ['GET /api/v202505/search/{number}', searchResult],
] as const
for (const [name, r] of rows) {
  console.log(`${name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors}`)
}
console.log(`search / bare throughput: ${(searchResult.rps / bareResult.rps).toFixed(3)}`)

await app.close()
await bare.close()
await database.close()
fs.rmSync(dataDir, { recursive: true, force: true })

/**
 * npm run fuzz -- [--seed N] [--requests M] [--database pglite|postgres]
 * The fuzz suite of tests/fuzz/fuzz.ts against a fresh server on this machine (an
 * in-memory embedded database, or a throw-away database on TEST_DATABASE_URL).
 * Without --seed a random seed is drawn and printed, so a failure can be replayed.
 */
import { runFuzz } from '../tests/fuzz/fuzz'
import { createTestApp } from '../tests/support/app'
import { fuzzCallers } from '../tests/support/fuzz-callers'

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? process.argv[i + 1] : undefined
}
const seed = Number(arg('seed') ?? Math.floor(Math.random() * 2 ** 31))
const requests = Number(arg('requests') ?? 20_000)
const backend = (arg('database') ?? 'pglite') as 'pglite' | 'postgres'
if (!Number.isInteger(seed) || !Number.isInteger(requests) || requests < 1 || !['pglite', 'postgres'].includes(backend)) {
  console.error('Usage: npm run fuzz -- [--seed N] [--requests M] [--database pglite|postgres]')
  process.exit(2)
}
if (backend === 'postgres' && !process.env.TEST_DATABASE_URL) {
  console.error('--database postgres needs TEST_DATABASE_URL (a server where a throw-away database may be created).')
  process.exit(2)
}

const t = await createTestApp(backend, {
  AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
  RATE_LIMIT_PER_MINUTE: '1000000',
  CHECK_PREFIX_RATE_LIMIT_PER_MINUTE: '1000000',
})
const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' })
console.log(`Fuzzing ${baseUrl} (${backend}) with seed ${seed}, ${requests} requests…`)
const outcome = await runFuzz({
  baseUrl,
  seed,
  requests,
  log: console.log,
  signIn: () => fuzzCallers(baseUrl, t.database.db),
})
await t.close()
console.log(
  `${outcome.requests} requests over ${outcome.operations} operations in ${outcome.seconds.toFixed(0)} s; answers ${JSON.stringify(outcome.byStatus)}`,
)
for (const f of outcome.failures.slice(0, 20))
  console.log(
    `FAIL ${f.problem}: ${f.request.method} ${f.request.url.slice(0, 200)} as ${f.request.who}, ${f.request.encoding} ${JSON.stringify(f.request.body)?.slice(0, 300) ?? ''}`,
  )
const ok = outcome.failures.length === 0 && outcome.healthyAfter
console.log(
  ok
    ? `passed (seed ${seed})`
    : `failed: ${outcome.failures.length} failures${outcome.healthyAfter ? '' : ', server unhealthy after'} (seed ${seed})`,
)
process.exit(ok ? 0 : 1)

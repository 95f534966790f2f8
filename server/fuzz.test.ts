/**
 * The fuzz suite in CI (issue 11): 20,000 requests from a fixed seed, generated from the
 * OpenAPI document (tests/fuzz/fuzz.ts), over real HTTP, on each database. Any 5xx, any
 * request without an answer, or an unhealthy server afterwards fails it; the failing
 * requests are printed. `npm run fuzz -- --seed N --requests M` runs other seeds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runFuzz } from '../tests/fuzz/fuzz'
import { fuzzCallers } from '../tests/support/fuzz-callers'
import { backends } from '../tests/support/database'
import { createTestApp, type TestApp } from '../tests/support/app'

export const FUZZ_SEED = 20261125
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 20_000)

describe.each(backends)('fuzzing every route on %s', (backend) => {
  let t: TestApp
  let baseUrl: string
  beforeAll(async () => {
    t = await createTestApp(backend, {
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
      RATE_LIMIT_PER_MINUTE: '1000000',
      CHECK_PREFIX_RATE_LIMIT_PER_MINUTE: '1000000',
    })
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => t?.close())

  it(`answers ${REQUESTS} generated requests without a 5xx or a hang, and is healthy after`, async () => {
    const signIn = () => fuzzCallers(baseUrl, t.database.db)
    const outcome = await runFuzz({ baseUrl, seed: FUZZ_SEED, requests: REQUESTS, signIn })
    console.log(
      `fuzz on ${backend}: ${outcome.requests} requests over ${outcome.operations} operations in ${outcome.seconds.toFixed(0)} s; answers ${JSON.stringify(outcome.byStatus)}`,
    )
    expect(outcome.operations).toBeGreaterThan(60)
    expect(outcome.failures.slice(0, 10)).toEqual([])
    expect(outcome.healthyAfter).toBe(true)
  }, 600_000)
})

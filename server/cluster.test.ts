import { describe, expect, it } from 'vitest'
import { processCount, restartDelay } from './cluster'

const PG = 'postgres://postgres@127.0.0.1:5432/callerid'
const REDIS = 'redis://127.0.0.1:6379'

describe('the number of server processes', () => {
  it('is one per core on PostgreSQL unless WEB_CONCURRENCY says otherwise', () => {
    expect(processCount({ DATABASE_URL: PG, REDIS_URL: REDIS }, 8)).toEqual({ count: 8, notes: [] })
    expect(processCount({ DATABASE_URL: PG, REDIS_URL: REDIS, WEB_CONCURRENCY: 3 }, 8)).toEqual({ count: 3, notes: [] })
    expect(processCount({ DATABASE_URL: PG, WEB_CONCURRENCY: 1 }, 8)).toEqual({ count: 1, notes: [] })
  })

  it('says that several processes without Redis each count limits and nonces on their own', () => {
    expect(processCount({ DATABASE_URL: PG }, 2)).toEqual({
      count: 2,
      notes: [
        '2 server processes without REDIS_URL: each counts rate limits, sign-in attempts and signed-call nonces on its own. Set REDIS_URL to share them.',
      ],
    })
  })

  it('is one on the embedded database, with a note only when more were asked for', () => {
    expect(processCount({}, 8)).toEqual({ count: 1, notes: [] })
    expect(processCount({ WEB_CONCURRENCY: 1 }, 8)).toEqual({ count: 1, notes: [] })
    expect(processCount({ WEB_CONCURRENCY: 4, REDIS_URL: REDIS }, 8)).toEqual({
      count: 1,
      notes: [
        'WEB_CONCURRENCY=4 needs PostgreSQL (DATABASE_URL): the embedded database belongs to one process, so one server process runs.',
      ],
    })
  })
})

describe('restarting a worker that died', () => {
  it('waits 1 s, doubling with each crash in a row, never more than 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(restartDelay)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000])
  })
})

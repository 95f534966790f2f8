import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deviceAddResponse } from '../../../contract/api/device'
import { backends, twoServersOnOnePostgres } from '../../../tests/support/database'
import { createTestApp, signInEach, type TestApp } from '../../../tests/support/app'
import { apiClient } from '../../../tests/support/api'
import { until } from '../../../tests/support/until'
import { openChangeFeed } from '../../db/change-feed'
import { rowsOf } from '../../db/client'
import { BlocklistReplica, MAX_KEPT_ENTRIES } from '../blocklist/replica'
import { lookUpBySha1 } from '../blocklist/repository'

/**
 * ADR 0056: device credentials and the community blocklist are kept in each server process and
 * kept current by the database's change notices. A kept answer must be the database's answer,
 * and a change made anywhere (another process, a job, plain SQL) must reach every process.
 */

const sha1 = (text: string) => crypto.createHash('sha1').update(text).digest('hex')
const RATERS = ['+4915170700001', '+4915170700002', '+4915170700003', '+4915170700004', '+4915170700005']
const [ANNA] = RATERS
// Three numbers of one range (the same number without its last digit), one next to it, and numbers nobody reported.
const RANGE = ['+4930555000051', '+4930555000052', '+4930555000053']
const NEIGHBOUR = '+4930555000061'
const UNKNOWN = ['+4930555000059', '+4930555000069', '+12015550150']

const ENV = { AUTH_RATE_LIMIT_PER_MINUTE: '1000', RATE_LIMIT_PER_MINUTE: '10000' }

async function devicesFor(app: FastifyInstance, phones: string[]) {
  const tokens: Record<string, string> = {}
  const ids: Record<string, number> = {}
  const passwords: Record<string, string> = {}
  await signInEach(app, phones, { tokens, ids })
  const { post } = apiClient(app, tokens)
  for (const who of phones) {
    const res = await post(who, '/api/v6/device/add', { name: 'phone', kind: 'phone' })
    passwords[who] = deviceAddResponse.parse(res.json()).data.password
  }
  return { tokens, ids, passwords }
}

const check = (app: FastifyInstance, password: string, e164: string) =>
  app.inject({
    method: 'GET',
    url: `/phoneblock/api/check?sha1=${sha1(e164)}&prefix10=${sha1(e164.slice(0, -1))}&prefix100=${sha1(e164.slice(0, -2))}`,
    headers: { authorization: `Bearer ${password}` },
  })

const rate = (app: FastifyInstance, password: string, phone: string, rating: string) =>
  app.inject({
    method: 'POST',
    url: '/phoneblock/api/rate',
    headers: { authorization: `Bearer ${password}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ phone, rating }),
  })

describe.each(backends)('answers kept in the process on %s', (backend) => {
  let t: TestApp
  let passwords: Record<string, string>
  let ids: Record<string, number>
  beforeAll(async () => {
    t = await createTestApp(backend, ENV)
    ;({ passwords, ids } = await devicesFor(t.app, RATERS))
    // Votes in one range: 5, 4 and 1 reports, and one next to it.
    for (const [i, who] of RATERS.entries()) {
      expect((await rate(t.app, passwords[who], RANGE[0], 'G_FRAUD')).statusCode).toBe(200)
      if (i < 4) expect((await rate(t.app, passwords[who], RANGE[1], 'E_ADVERTISING')).statusCode).toBe(200)
      if (i < 1) expect((await rate(t.app, passwords[who], RANGE[2], 'D_POLL')).statusCode).toBe(200)
      if (i < 2) expect((await rate(t.app, passwords[who], NEIGHBOUR, 'B_MISSED')).statusCode).toBe(200)
    }
  }, 180_000)
  afterAll(async () => t?.close())

  it("answers from memory exactly what the database answers, for known, ranged and unknown numbers, with the person's own lists", async () => {
    const changes = await openChangeFeed(t.database)
    try {
      const replica = new BlocklistReplica(t.database.db, changes.feed)
      const range = (e164: string) => ({ prefix10: sha1(e164.slice(0, -1)), prefix100: sha1(e164.slice(0, -2)) })
      // Anna's own lists as her device credential holds them: she banned every number she rated.
      const rows = await t.database.db.execute(sql`select number_id from bans where user_id = ${ids[ANNA]}`)
      const own = { banned: new Set(rowsOf<{ number_id: number }>(rows).map((r) => Number(r.number_id))), legitimate: new Set<number>() }
      expect(own.banned.size).toBe(4)
      expect(replica.answer(sha1(RANGE[0]), range(RANGE[0]), own)).toBeNull()
      await replica.settled()
      expect(replica.size).toBe(4)
      for (const e164 of [...RANGE, NEIGHBOUR, ...UNKNOWN]) {
        const fromDb = await lookUpBySha1(t.database.db, ids[ANNA], sha1(e164), range(e164))
        expect(replica.answer(sha1(e164), range(e164), own), e164).toEqual(fromDb)
      }
      expect(replica.answer(sha1(RANGE[0]), range(RANGE[0]), own)).toMatchObject({
        phone: RANGE[0],
        blackListed: true,
        rating: 'G_FRAUD',
        votes: 5,
      })
      // An unknown number of the range: its hundred (the three and the neighbour: 5 + 4 + 1 + 2) and the most-voted rating.
      expect(replica.answer(sha1(UNKNOWN[0]), range(UNKNOWN[0]), own)).toMatchObject({ votesWildcard: 12, rating: 'G_FRAUD' })
    } finally {
      await changes.close()
    }
  })

  it('reads the list a part at a time, and keeps none of it when it is longer than a process may keep', async () => {
    const changes = await openChangeFeed(t.database)
    try {
      const range = (e164: string) => ({ prefix10: sha1(e164.slice(0, -1)), prefix100: sha1(e164.slice(0, -2)) })
      const own = { banned: new Set<number>(), legitimate: new Set<number>() }
      // One entry a statement: four statements and an empty one, the same answers as the database's.
      const parts = new BlocklistReplica(t.database.db, changes.feed, MAX_KEPT_ENTRIES, 1)
      expect(parts.answer(sha1(RANGE[0]), range(RANGE[0]), own)).toBeNull()
      await parts.settled()
      expect(parts.size).toBe(4)
      for (const e164 of [...RANGE, NEIGHBOUR, ...UNKNOWN]) {
        // A person with no lists of their own (no such account).
        const fromDb = await lookUpBySha1(t.database.db, 0, sha1(e164), range(e164))
        expect(parts.answer(sha1(e164), range(e164), own), e164).toEqual(fromDb)
      }
      // All four in one statement, kept one at a time with a turn of the event loop between: the requests that came
      // meanwhile are answered between them (a part kept at once held a server on a million numbers up for 60 ms a part).
      const sliced = new BlocklistReplica(t.database.db, changes.feed, MAX_KEPT_ENTRIES, 4, 1)
      let turn = 0
      let ticking = true
      const tick = () => {
        turn++
        if (ticking) setImmediate(tick)
      }
      setImmediate(tick)
      const keptInTurn = new Map<number, number>()
      const kept = sliced as unknown as { put: (row: unknown) => void }
      const put = kept.put.bind(sliced)
      kept.put = (row) => {
        keptInTurn.set(turn, (keptInTurn.get(turn) ?? 0) + 1)
        put(row)
      }
      expect(sliced.answer(sha1(RANGE[0]), range(RANGE[0]), own)).toBeNull()
      await sliced.settled()
      ticking = false
      expect(sliced.size).toBe(4)
      expect([...keptInTurn.values()]).toEqual([1, 1, 1, 1])
      // A server that begins to listen starts the read itself, before anything asks.
      const early = new BlocklistReplica(t.database.db, changes.feed)
      early.keep()
      await early.settled()
      expect(early.size).toBe(4)
      // Three may be kept, two a statement: the second part passes the limit, and nothing is kept or answered.
      const small = new BlocklistReplica(t.database.db, changes.feed, 3, 2)
      expect(small.answer(sha1(RANGE[0]), range(RANGE[0]), own)).toBeNull()
      await small.settled()
      expect(small.size).toBe(0)
      expect(small.answer(sha1(RANGE[0]), range(RANGE[0]), own)).toBeNull()
      expect(small.indexGuess(RANGE[0])).toBeNull()
    } finally {
      await changes.close()
    }
  })

  it('a ban written outside this process (plain SQL) reaches a device check within moments', async () => {
    const [who] = RATERS.slice(4)
    const before = (await check(t.app, passwords[who], NEIGHBOUR)).json()
    expect(before.blackListed).toBe(false)
    // Asked twice: the credential and the entry are kept now.
    expect((await check(t.app, passwords[who], NEIGHBOUR)).json().blackListed).toBe(false)
    await t.database.db.execute(
      sql`insert into bans (user_id, number_id) select ${ids[who]}, id from numbers where e164 = ${NEIGHBOUR} on conflict do nothing`,
    )
    const after = await until(
      async () => (await check(t.app, passwords[who], NEIGHBOUR)).json(),
      (a) => a.blackListed === true,
    )
    expect(after.blackListed).toBe(true)
    // Its evidence moved past its entry: the answer counts the new ban before any refresh.
    expect(after.votes).toBe(3)
    // And after the refresh, answered from memory again: the person's own lists were read again too.
    await t.app.blocklistJob.run()
    const refreshed = await until(
      async () => (await check(t.app, passwords[who], NEIGHBOUR)).json(),
      (a) => a.votes === 3 && a.blackListed === true,
    )
    expect(refreshed).toMatchObject({ votes: 3, blackListed: true })
    expect((await check(t.app, passwords[who], NEIGHBOUR)).json()).toEqual(refreshed)
  })

  it('a device password revoked outside this process (plain SQL) is refused within moments', async () => {
    const [, who] = RATERS
    expect((await check(t.app, passwords[who], RANGE[0])).statusCode).toBe(200)
    expect((await check(t.app, passwords[who], RANGE[0])).statusCode).toBe(200)
    await t.database.db.execute(sql`update device_passwords set revoked_at = now() where user_id = ${ids[who]}`)
    const res = await until(
      () => check(t.app, passwords[who], RANGE[0]),
      (r) => r.statusCode === 401,
    )
    expect(res.statusCode).toBe(401)
  })
})

describe.runIf(backends.includes('postgres'))('answers kept in two processes on one PostgreSQL', () => {
  let servers: Awaited<ReturnType<typeof twoServersOnOnePostgres>>
  let passwords: Record<string, string>
  let tokens: Record<string, string>
  beforeAll(async () => {
    servers = await twoServersOnOnePostgres(ENV)
    ;({ passwords, tokens } = await devicesFor(servers.apps[0], RATERS.slice(0, 2)))
  }, 120_000)
  afterAll(async () => servers?.close())

  it("a rating sent to one process is in the other's answer, and a revocation in one is refused by the other, within moments", async () => {
    const [a, b] = servers.apps
    for (const app of [a, b]) for (let i = 0; i < 2; i++) expect((await check(app, passwords[ANNA], RANGE[0])).json().votes).toBe(0)
    expect((await rate(a, passwords[ANNA], RANGE[0], 'G_FRAUD')).statusCode).toBe(200)
    const seenByB = await until(
      async () => (await check(b, passwords[ANNA], RANGE[0])).json(),
      (x) => x.blackListed === true && x.votes === 1,
    )
    expect(seenByB).toMatchObject({ phone: RANGE[0], blackListed: true, votes: 1 })

    const listed = await apiClient(a, tokens).get(ANNA, '/api/v6/device/list')
    const [device] = listed.json().data.items as Array<{ id: number }>
    const revoked = await apiClient(a, tokens).post(ANNA, '/api/v6/device/revoke', { id: device.id })
    expect(revoked.statusCode, revoked.body).toBe(200)
    expect((await check(a, passwords[ANNA], RANGE[0])).statusCode).toBe(401)
    const res = await until(
      () => check(b, passwords[ANNA], RANGE[0]),
      (r) => r.statusCode === 401,
    )
    expect(res.statusCode).toBe(401)
  })

  it('keeps answering rightly while its listening connection is lost, and listens again', async () => {
    const [a] = servers.apps
    const [, who] = RATERS.slice(0, 2)
    expect((await check(a, passwords[who], NEIGHBOUR)).statusCode).toBe(200)
    expect(a.changes.live).toBe(true)
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
    await admin.connect()
    try {
      const [{ name }] = rowsOf<{ name: string }>(await servers.databases[0].db.execute(sql`select current_database() as name`))
      const { rows } = await admin.query<{ n: number }>(
        `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where query ilike 'listen %' and datname = $1`,
        [name],
      )
      expect(rows[0].n).toBeGreaterThanOrEqual(1)
    } finally {
      await admin.end()
    }
    await until(
      async () => a.changes.live,
      (live) => !live,
      2000,
    )
    expect(a.changes.live).toBe(false)
    // Nothing kept is used meanwhile: a revocation made now is refused at once.
    const listed = await apiClient(a, tokens).get(who, '/api/v6/device/list')
    const [device] = listed.json().data.items as Array<{ id: number }>
    await servers.databases[1].db.execute(sql`update device_passwords set revoked_at = now() where id = ${device.id}`)
    expect((await check(a, passwords[who], NEIGHBOUR)).statusCode).toBe(401)
    const back = await until(
      async () => a.changes.live,
      (live) => live,
      5000,
    )
    expect(back).toBe(true)
  })
})

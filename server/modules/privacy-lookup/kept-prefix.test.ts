import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkPrefixResponse } from '../../../contract/api/disputes'
import { backends } from '../../../tests/support/database'
import { bearer, createTestApp, signInEach, TEST_HOST, type TestApp } from '../../../tests/support/app'
import { apiClient } from '../../../tests/support/api'
import { until } from '../../../tests/support/until'
import { openChangeFeed, type ChangeFeed } from '../../db/change-feed'
import { rowsOf } from '../../db/client'
import { importFile } from '../../db/import'
import { BlocklistReplica } from '../blocklist/replica'
import { importNotRefreshed, refreshBlocklist } from '../blocklist/repository'
import { numbersByHashPrefix } from './repository'

/**
 * ADR 0059: the private look-up answers from the blocklist kept in each process. Its answer must
 * be the database's for every prefix (imported, banned, tagged numbers, numbers whose evidence
 * went, numbers known only from a search), and a number's first evidence must reach it at once,
 * before the blocklist's refresh has made its entry.
 */

const sha256 = (e164: string) => crypto.createHash('sha256').update(e164).digest('hex')
const prefixOf = (e164: string) => sha256(e164).slice(0, 5)
const PEOPLE = ['+4915170710001', '+4915170710002', '+4915170710003']
const [ANNA, BEN, CARLA] = PEOPLE
const BANNED = '+4930555000071'
const TAGGED = '+4930555000072'
const UNBANNED = '+4930555000073'
const SEARCHED = '+4930555000074'
const FIRST_BAN = '+4930555000075'
const NUMBERS = [BANNED, TAGGED, UNBANNED, SEARCHED, FIRST_BAN]
const IMPORTED = '+4930555000076'

describe.each(backends)('the private look-up kept in the process on %s', (backend) => {
  let t: TestApp
  /** A kept copy of this test's own, with a listening connection of its own (as another process has). */
  async function withOwnReplica(use: (replica: BlocklistReplica, feed: ChangeFeed) => Promise<void>) {
    const changes = await openChangeFeed(t.database)
    try {
      await use(new BlocklistReplica(t.database.db, changes.feed), changes.feed)
    } finally {
      await changes.close()
    }
  }
  const tokens: Record<string, string> = {}
  const ids: Record<string, number> = {}
  const items = async (prefix: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/check-prefix', query: { prefix }, headers: { host: TEST_HOST } })
    expect(res.statusCode, res.body).toBe(200)
    return checkPrefixResponse.parse(res.json()).data.items
  }
  beforeAll(async () => {
    t = await createTestApp(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '1000', CHECK_PREFIX_RATE_LIMIT_PER_MINUTE: '10000' })
    await signInEach(t.app, PEOPLE, { tokens, ids })
    const { post } = apiClient(t.app, tokens)
    for (const who of PEOPLE) expect((await post(who, '/api/v6/ban/add', { phone: BANNED })).statusCode).toBe(200)
    expect((await post(ANNA, '/api/v6/ban/add', { phone: UNBANNED })).statusCode).toBe(200)
    expect((await post(ANNA, '/api/v6/ban/remove', { phone: UNBANNED })).statusCode).toBe(200)
    // Every number exists; the tagged one gets poll answers (a sales call, twice, and a bank).
    for (const e164 of NUMBERS)
      await t.app.inject({ method: 'GET', url: `/api/v202505/search/${encodeURIComponent(e164)}`, headers: bearer(tokens[CARLA]) })
    await t.database.db.execute(sql`insert into poll_answers (user_id, number_id, tag_id, poll)
      select u.id, n.id, g.id, 'onBan' from users u, numbers n, tags g
      where u.id in (${ids[ANNA]}, ${ids[BEN]}) and n.e164 = ${TAGGED} and g.code = 'sales'
      union all select ${ids[CARLA]}, n.id, g.id, 'onBan' from numbers n, tags g where n.e164 = ${TAGGED} and g.code = 'bank'`)
    await refreshBlocklist(t.database.db)
  }, 120_000)
  afterAll(async () => t?.close())

  it('answers every prefix from memory exactly as the database does, and the route answers the same', async () => {
    await withOwnReplica(async (replica) => {
      expect(replica.checkPrefix(prefixOf(BANNED))).toBeNull()
      await replica.settled()
      const prefixes = [...NUMBERS.map(prefixOf), '00000', 'fffff', 'c0ffe']
      for (const prefix of prefixes) {
        const fromDb = await numbersByHashPrefix(t.database.db, prefix)
        expect(replica.checkPrefix(prefix), prefix).toEqual(fromDb)
        expect(await items(prefix), prefix).toEqual(fromDb)
      }
      // What the answers hold: the banned and the tagged numbers with their top label; not the unbanned or searched one.
      expect(replica.checkPrefix(prefixOf(BANNED))).toContainEqual({ hash: sha256(BANNED), index: expect.any(Number), label: null })
      expect(replica.checkPrefix(prefixOf(TAGGED))).toContainEqual({ hash: sha256(TAGGED), index: expect.any(Number), label: 'sales' })
      expect(replica.checkPrefix(prefixOf(UNBANNED))!.map((m) => m.hash)).not.toContain(sha256(UNBANNED))
      expect(replica.checkPrefix(prefixOf(SEARCHED))!.map((m) => m.hash)).not.toContain(sha256(SEARCHED))
    })
  })

  it("a number's first ban, written outside this process (plain SQL), is in the answer at once, before any refresh", async () => {
    await withOwnReplica(async (replica, feed) => {
      replica.checkPrefix(prefixOf(FIRST_BAN))
      await replica.settled()
      const [{ id: firstBanId }] = rowsOf<{ id: number }>(
        await t.database.db.execute(sql`select id from numbers where e164 = ${FIRST_BAN}`),
      )
      // The ban's notice as this replica's own connection delivers it: each listening connection gets it
      // in its own time, so the app's route showing the ban says nothing of what this one has heard.
      const heard = new Promise<void>((resolve) => {
        const off = feed.on((notice) => {
          if (!notice?.startsWith(`n${firstBanId}:`)) return
          off()
          resolve()
        })
      })
      expect(replica.checkPrefix(prefixOf(FIRST_BAN))!.map((m) => m.hash)).not.toContain(sha256(FIRST_BAN))
      // And the route's kept copy has read everything too.
      expect((await items(prefixOf(FIRST_BAN))).map((m) => m.hash)).not.toContain(sha256(FIRST_BAN))

      await t.database.db.execute(sql`insert into bans (user_id, number_id) select ${ids[BEN]}, id from numbers where e164 = ${FIRST_BAN}`)
      const seen = await until(
        async () => (await items(prefixOf(FIRST_BAN))).map((m) => m.hash),
        (hashes) => hashes.includes(sha256(FIRST_BAN)),
      )
      expect(seen).toContain(sha256(FIRST_BAN))
      // Heard (the replica, listening first, has taken the notice in) and looked up: until its entry is
      // made, that prefix is the database's to answer (other prefixes stay kept).
      await heard
      await replica.settled()
      await until(
        async () => replica.checkPrefix(prefixOf(BANNED)),
        (kept) => kept !== null,
      )
      // (Unless the app's own refresh job has made the entry since: it runs a minute apart, here too.)
      const beforeEntry = replica.checkPrefix(prefixOf(FIRST_BAN))
      const [made] = rowsOf<{ n: number }>(
        await t.database.db.execute(
          sql`select 1 as n from blocklist_entries where number_id = (select id from numbers where e164 = ${FIRST_BAN})`,
        ),
      )
      if (!made) expect(beforeEntry).toBeNull()
      expect(replica.checkPrefix(prefixOf(BANNED))).toEqual(await numbersByHashPrefix(t.database.db, prefixOf(BANNED)))
      // After the refresh, answered from memory again, with the ban in it.
      await refreshBlocklist(t.database.db)
      const kept = await until(
        async () => replica.checkPrefix(prefixOf(FIRST_BAN)),
        (k) => k !== null,
      )
      expect(kept).toEqual(await numbersByHashPrefix(t.database.db, prefixOf(FIRST_BAN)))
      expect(kept!.map((m) => m.hash)).toContain(sha256(FIRST_BAN))
    })
  })

  it('an entry not computed since the top label was kept (evidence unknown) is answered by the database', async () => {
    await withOwnReplica(async (replica) => {
      replica.checkPrefix(prefixOf(TAGGED))
      await replica.settled()
      expect(replica.checkPrefix(prefixOf(TAGGED))).not.toBeNull()
      // As migration 0020 leaves every entry until the next full refresh.
      await t.database.db.execute(
        sql`update blocklist_entries set evidence = null, top_label = null where number_id = (select id from numbers where e164 = ${TAGGED})`,
      )
      await until(
        async () => replica.checkPrefix(prefixOf(TAGGED)),
        (k) => k === null,
      )
      expect(replica.checkPrefix(prefixOf(TAGGED))).toBeNull()
      expect((await items(prefixOf(TAGGED))).find((m) => m.hash === sha256(TAGGED))).toMatchObject({ label: 'sales' })
      const [{ n }] = rowsOf<{ n: number }>(
        await t.database.db.execute(sql`select count(*)::int as n from blocklist_entries where evidence is null`),
      )
      expect(n).toBe(1)
      await refreshBlocklist(t.database.db, { full: true })
      const kept = await until(
        async () => replica.checkPrefix(prefixOf(TAGGED)),
        (k) => k !== null,
      )
      expect(kept!.find((m) => m.hash === sha256(TAGGED))).toMatchObject({ label: 'sales' })
    })
  })

  it('an import written after the copy was read is in the answer at once; kept again after the full refresh', async () => {
    await withOwnReplica(async (replica) => {
      replica.checkPrefix(prefixOf(IMPORTED))
      await replica.settled()
      expect(replica.checkPrefix(prefixOf(IMPORTED))).toEqual([])
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kept-prefix-')), 'list.csv')
      fs.writeFileSync(file, `phone,label,votes\n${IMPORTED},fraud,40\n`)
      await importFile(t.database.db, { format: 'csv', file, progress: null })
      const seen = await until(
        async () => (await items(prefixOf(IMPORTED))).map((m) => m.hash),
        (hashes) => hashes.includes(sha256(IMPORTED)),
      )
      expect(seen).toContain(sha256(IMPORTED))
      await until(
        async () => replica.checkPrefix(prefixOf(BANNED)),
        (k) => k === null,
      )
      // No prefix is answered from the copy until the blocklist has been computed again after the import
      // (which the app's own refresh job may have done by now).
      const meanwhile = replica.checkPrefix(prefixOf(BANNED))
      if (await importNotRefreshed(t.database.db)) expect(meanwhile).toBeNull()
      await refreshBlocklist(t.database.db)
      const kept = await until(
        async () => replica.checkPrefix(prefixOf(IMPORTED)),
        (k) => k !== null,
      )
      expect(kept).toEqual(await numbersByHashPrefix(t.database.db, prefixOf(IMPORTED)))
      expect(kept).toContainEqual({ hash: sha256(IMPORTED), index: expect.any(Number), label: 'fraud' })
    })
  })
})

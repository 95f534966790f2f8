import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends } from '../../../tests/support/database'
import { createTestApp, signInEach, type TestApp } from '../../../tests/support/app'
import { apiClient, expectError } from '../../../tests/support/api'
import { mainLoadResponse } from '../../../contract/api/account'
import { ledgerResponse, notificationSettingsResponse, profileNameResponse } from '../../../contract/api/privacy'
import { ERROR_CODES } from '../../../contract/errors'
import { importFile } from '../../db/import'
import { contactNameHash } from '../../db/name-hash'
import { contacts, numbers, users } from '../../db/schema'
import { grantCoins, spendCoins } from '../coins/ledger-repository'

const ME = '+4915170600001'
const VIEWER = '+4915170600002'
const SAVER_A = '+4915170600003'
const SAVER_B = '+4915170600004'

/** A PhoneBlock list of three German numbers: a fraud number with the most votes, a legitimate one, an advertiser. */
function phoneblockFile(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'featured-')), 'list.xml')
  fs.writeFileSync(
    file,
    `<blocklist><numbers>
      <phone-info phone="030706000001" rating="G_FRAUD" votes="900"></phone-info>
      <phone-info phone="030706000002" rating="A_LEGITIMATE" votes="500"></phone-info>
      <phone-info phone="030706000003" rating="E_ADVERTISING" votes="300"></phone-info>
    </numbers></blocklist>`,
  )
  return file
}

describe.each(backends)('own name, notification settings, coin ledger and featured numbers on %s', (backend) => {
  let t: TestApp
  const tokens: Record<string, string> = {}
  const ids: Record<string, number> = {}
  beforeAll(async () => {
    t = await createTestApp(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
    await signInEach(t.app, [ME, VIEWER, SAVER_A, SAVER_B], { tokens, ids })
  })
  afterAll(async () => t?.close())

  const { post, postJson, get } = apiClient(() => t.app)
  const nameRow = async () =>
    (await t.database.db.select({ f: users.firstName, l: users.lastName }).from(users).where(eq(users.id, ids[ME])))[0]

  it('sets the own name, shown to others as the profile of the number; empty clears, a part left out stays', async () => {
    const res = await post(tokens[ME], '/api/v6/profile/name', { first_name: '  Maria ', last_name: 'Muster' })
    expect(res.statusCode, res.body).toBe(200)
    expect(profileNameResponse.parse(res.json()).data).toEqual({ firstName: 'Maria', lastName: 'Muster' })
    expect((await get(tokens[ME], '/api/v6/profile/my')).json().data).toMatchObject({ firstName: 'Maria', lastName: 'Muster' })
    const page = (await get(tokens[VIEWER], `/api/v202505/search/${encodeURIComponent(ME)}`)).json().data
    expect(page.profile).toMatchObject({ id: ids[ME], firstName: 'Maria', lastName: 'Muster' })

    expect((await postJson(tokens[ME], '/api/v6/profile/name', { last_name: '' })).json().data).toEqual({
      firstName: 'Maria',
      lastName: null,
    })
    expect((await post(tokens[ME], '/api/v6/profile/name', { first_name: '   ' })).json().data).toEqual({ firstName: null, lastName: null })
    expect((await postJson(tokens[ME], '/api/v6/profile/name', { first_name: 'Maria' })).json().data).toEqual({
      firstName: 'Maria',
      lastName: null,
    })
  })

  it('refuses NUL characters and overlong names with 400, changing nothing', async () => {
    const before = await nameRow()
    for (const bad of [
      { first_name: 'Ma\u0000ria' },
      { first_name: 'Two\nlines' },
      { last_name: 'x'.repeat(101) },
      { first_name: 'Ok', last_name: 'y'.repeat(101) },
    ] as Array<Record<string, string>>) {
      expectError(await post(tokens[ME], '/api/v6/profile/name', bad), 400, ERROR_CODES.VALIDATION)
    }
    expectError(await postJson(tokens[ME], '/api/v6/profile/name', { first_name: 42 }), 400, ERROR_CODES.VALIDATION)
    expect(await nameRow()).toEqual(before)
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/v6/profile/name', payload: { first_name: 'A' } }),
      401,
      ERROR_CODES.UNAUTHORIZED,
    )
  })

  it('keeps notification settings on the account: all on and sound on by default, each flag changed alone', async () => {
    const read = async () => notificationSettingsResponse.parse((await get(tokens[ME], '/api/v6/notifications/settings')).json()).data
    expect(await read()).toEqual({
      reply: true,
      newNotice: true,
      newContactName: true,
      commonAcquaintances: true,
      deliverWithoutSound: false,
    })
    const res = await post(tokens[ME], '/api/v6/notifications/settings', { newNotice: 0, deliverWithoutSound: 1 })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toEqual({
      reply: true,
      newNotice: false,
      newContactName: true,
      commonAcquaintances: true,
      deliverWithoutSound: true,
    })
    expect((await postJson(tokens[ME], '/api/v6/notifications/settings', { reply: false, x: 1 })).json().data).toMatchObject({
      reply: false,
      newNotice: false,
    })
    expect(await read()).toEqual({
      reply: false,
      newNotice: false,
      newContactName: true,
      commonAcquaintances: true,
      deliverWithoutSound: true,
    })
    // Another user's settings are their own.
    expect((await get(tokens[VIEWER], '/api/v6/notifications/settings')).json().data).toMatchObject({ reply: true, newNotice: true })
  })

  it('refuses notification settings that name no flag, or a value that is not on/off, with 400', async () => {
    const before = (await get(tokens[ME], '/api/v6/notifications/settings')).json().data
    for (const bad of [{ x: 1 }, {}, { reply: 'maybe' }, { newNotice: 2 }] as Array<Record<string, string | number>>) {
      expectError(await post(tokens[ME], '/api/v6/notifications/settings', bad), 400, ERROR_CODES.VALIDATION)
    }
    const none = await post(tokens[ME], '/api/v6/notifications/settings', { x: 1 })
    expect(none.json().message).toMatch(/at least one of reply, newNotice/)
    expect((await get(tokens[ME], '/api/v6/notifications/settings')).json().data).toEqual(before)
    expectError(await t.app.inject({ method: 'GET', url: '/api/v6/notifications/settings' }), 401, ERROR_CODES.UNAUTHORIZED)
  })

  it('lists the coin ledger newest first, paged, with the total', async () => {
    const db = t.database.db
    await grantCoins(db, ids[ME], 30, 'admin_grant')
    await spendCoins(db, ids[ME], 10, 'comment_up', 'c1')
    await spendCoins(db, ids[ME], 5, 'paid_search')
    const page = async (query: Record<string, string>) =>
      ledgerResponse.parse((await get(tokens[ME], '/api/v6/numcy/ledger', query)).json()).data
    const all = await page({})
    expect(all.total).toBe(3)
    expect(all.items.map((e) => [e.reason, e.delta, e.balanceAfter])).toEqual([
      ['paid_search', -5, 15],
      ['comment_up', -10, 20],
      ['admin_grant', 30, 30],
    ])
    for (const e of all.items) expect(Math.abs(e.createdAtTimestamp - Date.now() / 1000)).toBeLessThan(60)
    expect((await page({ limit: '1', offset: '1' })).items.map((e) => e.reason)).toEqual(['comment_up'])
    expect(await page({ offset: '3' })).toEqual({ items: [], total: 3 })
    // Only the caller's own rows.
    expect((await get(tokens[VIEWER], '/api/v6/numcy/ledger')).json().data).toEqual({ items: [], total: 0 })
    for (const query of [{ offset: '-1' }, { limit: '0' }, { limit: '101' }, { limit: 'x' }, { offset: '1.5' }] as Array<
      Record<string, string>
    >) {
      expectError(await get(tokens[ME], '/api/v6/numcy/ledger', query), 400, ERROR_CODES.VALIDATION)
    }
  })

  it('features the most-reported imported numbers with their best-known name and their index', async () => {
    const summary = await importFile(t.database.db, { format: 'phoneblock', file: phoneblockFile(), progress: null })
    expect(summary.imported).toBeGreaterThanOrEqual(3)
    // Two contact books save the fraud number as "Prize Desk", one as "Bank"; two users suggest a name for the advertiser.
    const [fraud] = await t.database.db.select().from(numbers).where(eq(numbers.e164, '+4930706000001'))
    await t.database.db.insert(contacts).values([
      { ownerId: ids[SAVER_A], numberId: fraud.id, firstName: 'Prize', lastName: 'Desk', nameHash: contactNameHash('Prize', 'Desk') },
      { ownerId: ids[SAVER_B], numberId: fraud.id, firstName: 'prize', lastName: 'desk', nameHash: contactNameHash('prize', 'desk') },
      { ownerId: ids[VIEWER], numberId: fraud.id, firstName: 'Bank', lastName: null, nameHash: contactNameHash('Bank', null) },
    ])
    for (const who of [SAVER_A, SAVER_B])
      expect((await post(tokens[who], '/api/v6/suggest/add', { phone: '+4930706000003', first_name: 'Promo Line' })).statusCode).toBe(200)

    const main = mainLoadResponse.parse((await get(tokens[ME], '/api/v202305/main/load', { lang: 'en', platform: 'WEB' })).json()).data
    const featured = main.featuredNumbers
    expect(featured.map((f) => f.phoneNumber)).toEqual(['4930706000001', '4930706000002', '4930706000003'])
    expect(featured.map((f) => f.name)).toEqual(['Prize Desk', null, 'Promo Line'])
    const [fraudIndex, legitIndex, adIndex] = featured.map((f) => f.index)
    expect(fraudIndex).toBeLessThan(2)
    expect(legitIndex).toBeGreaterThan(8)
    expect(adIndex).toBeLessThan(5)
    // The same index the number's own page shows.
    const fraudPage = (await get(tokens[ME], '/api/v202505/search/%2B4930706000001')).json().data
    expect(fraudPage.metrics.index).toBe(fraudIndex)
    expect(fraudPage.averageProfile).toMatchObject({ firstName: 'Prize', lastName: 'Desk' })
  })
})

/**
 * Regression tests of issue 11's defects: text that the one text policy (contract/text.ts)
 * refuses used to reach the database and answer 500. Each must now be a 400 that names
 * the field, and change nothing.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_CODES } from '../contract/errors'
import { backends } from '../tests/support/database'
import { bearer, createTestApp, form, signInEach, type TestApp } from '../tests/support/app'
import { comments, users } from './db/schema'
import { upsertNumber } from './modules/numbers/repository'

const ME = '+4915190010001'
const MOD = '+4915190010002'
const TARGET = '+4930900100003'

describe.each(backends)('one text policy on %s', (backend) => {
  let t: TestApp
  const tokens: Record<string, string> = {}
  const ids: Record<string, number> = {}
  let commentId: number
  beforeAll(async () => {
    t = await createTestApp(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
    await signInEach(t.app, [ME, MOD], { tokens, ids })
    await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, ids[MOD]))
    const numberId = await upsertNumber(t.database.db, TARGET, 'DE')
    ;[{ id: commentId }] = await t.database.db
      .insert(comments)
      .values({ numberId, userId: ids[ME], text: 'original text' })
      .returning({ id: comments.id })
  })
  afterAll(async () => t?.close())

  /** Row counts of every table, to prove a refused request wrote nothing. */
  const snapshot = async () => {
    const tables = (await t.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )) as unknown as { rows: Array<{ table_name: string }> }
    const counts: Record<string, number> = {}
    for (const { table_name } of tables.rows) {
      const r = (await t.database.db.execute(sql.raw(`select count(*)::int as n from "${table_name}"`))) as unknown as {
        rows: Array<{ n: number }>
      }
      counts[table_name] = r.rows[0].n
    }
    return counts
  }
  const postForm = (who: string, url: string, body: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(tokens[who]), 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(body),
    })
  /** JSON with a lone surrogate written as an escape, as a hostile client sends it (JSON.stringify would too). */
  const postJson = (who: string, url: string, json: string) =>
    t.app.inject({ method: 'POST', url, headers: { ...bearer(tokens[who]), 'content-type': 'application/json' }, payload: json })
  const expect400 = (res: { statusCode: number; body: string; json(): unknown }, field: string) => {
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({ status: false, status_code: ERROR_CODES.VALIDATION, message: expect.stringContaining(field) })
  }

  it('refuses a NUL in a note and in suggested names, as form and as JSON', async () => {
    const before = await snapshot()
    expect400(await postForm(ME, '/api/v7/notice/add', { phone: TARGET, text: 'call\u0000back' }), 'text')
    expect400(await postForm(ME, '/api/v6/suggest/add', { phone: TARGET, first_name: 'An\u0000na', last_name: 'B' }), 'first_name')
    expect400(await postForm(ME, '/api/v6/suggest/add', { phone: TARGET, first_name: 'Anna', last_name: 'B\u0000' }), 'last_name')
    expect400(await postJson(ME, '/api/v6/suggest/add', `{"phone":"${TARGET}","first_name":"An\\u0000na"}`), 'first_name')
    expect400(await postJson(ME, '/api/v6/suggest/add', `{"phone":"${TARGET}","last_name":"x\\u0000"}`), 'last_name')
    expect(await snapshot()).toEqual(before)
  })

  it('refuses a lone surrogate in complaint names and hash and in a moderator edit', async () => {
    const before = await snapshot()
    const complaint = (extra: string) =>
      postJson(
        ME,
        '/api/v6/complaint/add',
        `{"target_type":"contact","name":"Anna Baker","email":"anna@example.com","message":"This name is wrong here",${extra}}`,
      )
    expect400(await complaint('"name_hash":"\\ud800"'), 'name_hash')
    expect400(await complaint('"first_name":"\\ud800"'), 'first_name')
    expect400(await complaint('"last_name":"x\\udfff"'), 'last_name')
    expect400(
      await postJson(MOD, '/api/v6/moderation/edit', `{"target_type":"comment","target_id":${commentId},"text":"edited \\ud800 text"}`),
      'text',
    )
    expect(await snapshot()).toEqual(before)
    const [c] = await t.database.db.select({ text: comments.text }).from(comments).where(eq(comments.id, commentId))
    expect(c.text).toBe('original text')
  })

  it('refuses a UTF-16 contact book with a NUL, as it refuses a UTF-8 one', async () => {
    const before = await snapshot()
    const boundary = 'policy-boundary'
    const upload = (content: Buffer) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v6/contacts/upload',
        headers: { ...bearer(tokens[ME]), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="book.csv"\r\nContent-Type: text/csv\r\n\r\n`,
          ),
          content,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      })
    const utf16le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Name,Phone\nAn\u0000na,+493055550003\n', 'utf16le')])
    const utf16be = Buffer.from(utf16le)
    utf16be.subarray(2).swap16()
    utf16be[0] = 0xfe
    utf16be[1] = 0xff
    for (const file of [utf16le, utf16be, Buffer.from('Name,Phone\nAn\u0000na,+493055550003\n', 'utf8')]) {
      const res = await upload(file)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().message).toMatch(/NUL|binary/)
    }
    // A clean UTF-16 book is still read, and its names pass the policy (NFC, no bidi override).
    const clean = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Name,Phone\nCafe\u0301 \u202Eowner,+493055550003\n', 'utf16le')])
    const ok = await upload(clean)
    expect(ok.statusCode, ok.body).toBe(200)
    const rows = (await t.database.db.execute(sql`select first_name, last_name from contacts where owner_id = ${ids[ME]}`)) as unknown as {
      rows: Array<{ first_name: string | null; last_name: string | null }>
    }
    expect(rows.rows.map((r) => [r.first_name, r.last_name].filter(Boolean).join(' '))).toEqual(['Caf\u00e9 owner'])
    expect(Object.keys(await snapshot())).toEqual(Object.keys(before))
  })
})

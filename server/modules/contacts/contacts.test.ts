import crypto from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends } from '../../../tests/support/database'
import { bearer, createTestApp, signIn, type TestApp } from '../../../tests/support/app'
import { apiClient } from '../../../tests/support/api'
import { moderationQueueResponse } from '../../../contract/api/community'
import { searchResponse } from '../../../contract/api/number-profile'
import { ERROR_CODES } from '../../../contract/errors'
import { contacts, reports, users } from '../../db/schema'
import { contactNameHash } from '../../db/name-hash'
import { contactNameHash as seedHash } from '../../db/seed'
import { parseContactFile } from './parse'

function multipart(content: Buffer | string, filename = 'contacts.vcf', type = 'text/vcard', field = 'file') {
  const boundary = `----test${crypto.randomBytes(8).toString('hex')}`
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

const VCARDS = [
  'BEGIN:VCARD',
  'VERSION:3.0',
  'N:Baker;Anna;;;',
  'FN:Anna Baker',
  'TEL;TYPE=CELL:+49 151 22220001',
  'item1.TEL;TYPE=HOME:030 2222 0002',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:4.0',
  'FN:Dr. Bernd',
  '  Long-Name',
  'TEL;VALUE=uri;TYPE="voice,work":tel:+49-30-2222-0003;ext=12',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:3.0',
  'FN:No Number',
  'EMAIL:nobody@example.com',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:3.0',
  'FN:Broken',
  'TEL:12',
  'TEL:+49 151 22220001',
  'END:VCARD',
].join('\r\n')

describe('contact file parsing', () => {
  it('reads vCards with folded lines, structured names, tel: URIs and groups', () => {
    const book = parseContactFile(Buffer.from(VCARDS))
    expect(book.format).toBe('vcard')
    expect(book.entries).toEqual([
      { firstName: 'Anna', lastName: 'Baker', phones: ['+49 151 22220001', '030 2222 0002'] },
      { firstName: 'Dr. Bernd Long-Name', lastName: null, phones: ['+49-30-2222-0003'] },
      { firstName: 'No Number', lastName: null, phones: [] },
      { firstName: 'Broken', lastName: null, phones: ['12', '+49 151 22220001'] },
    ])
  })

  it('reads CSV with a header (comma, semicolon, Google style) or without one', () => {
    expect(parseContactFile(Buffer.from('Name,Phone\n"Smith, John",+12015550123\n')).entries).toEqual([
      { firstName: 'Smith, John', lastName: null, phones: ['+12015550123'] },
    ])
    expect(parseContactFile(Buffer.from('\ufeffFirst Name;Last Name;Mobile Phone\nJane;Doe;0151 1234567\n')).entries).toEqual([
      { firstName: 'Jane', lastName: 'Doe', phones: ['0151 1234567'] },
    ])
    expect(
      parseContactFile(
        Buffer.from('Name,Given Name,Family Name,Phone 1 - Type,Phone 1 - Value\nMax M,Max,M,Mobile,+491511 ::: +49301234567\n'),
      ).entries,
    ).toEqual([{ firstName: 'Max', lastName: 'M', phones: ['+491511', '+49301234567'] }])
    expect(parseContactFile(Buffer.from('Uncle Bob,+12015550123\n')).entries).toEqual([
      { firstName: 'Uncle Bob', lastName: null, phones: ['+12015550123'] },
    ])
  })

  it('refuses empty and binary files', () => {
    expect(() => parseContactFile(Buffer.alloc(0))).toThrow(/empty/)
    expect(() => parseContactFile(Buffer.from('  \n\n'))).toThrow(/empty/)
    expect(() => parseContactFile(crypto.randomBytes(4096))).toThrow(/binary/)
  })

  it('keeps the seed hash the same function', () => {
    expect(seedHash).toBe(contactNameHash)
    expect(contactNameHash('Anna', 'Baker')).toBe(contactNameHash(' anna ', 'BAKER'))
  })
})

describe.each(backends)('contacts on %s', (backend) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
  })
  afterAll(async () => t?.close())

  const upload = (token: string | null, content: Buffer | string, filename?: string, type?: string, field?: string) => {
    const body = multipart(content, filename, type, field)
    return t.app.inject({
      method: 'POST',
      url: '/api/v6/contacts/upload',
      headers: { ...(token ? bearer(token) : {}), ...body.headers },
      payload: body.payload,
    })
  }
  const { post, get } = apiClient(() => t.app)
  const book = (ownerId: number) => t.database.db.select().from(contacts).where(eq(contacts.ownerId, ownerId)).orderBy(contacts.numberId)
  const page = async (token: string, number: string) => {
    const res = await get(token, `/api/v202505/search/${encodeURIComponent(number)}`, {})
    expect(res.statusCode, res.body).toBe(200)
    return searchResponse.parse(res.json()).data
  }

  it('uploads a vCard book, reading national numbers with the uploader\u2019s region, and reports what it skipped', async () => {
    const me = await signIn(t.app, '+4915122220099')
    const res = await upload(me.token, VCARDS)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      status: true,
      data: { format: 'vcard', read: 6, saved: 3, skipped: { no_phone: 1, invalid_phone: 1, duplicate: 1 } },
    })
    const rows = await book(me.profileId)
    expect(rows.map((r) => [r.firstName, r.lastName, r.nameHash])).toEqual([
      ['Anna', 'Baker', contactNameHash('Anna', 'Baker')],
      ['Anna', 'Baker', contactNameHash('Anna', 'Baker')],
      ['Dr. Bernd Long-Name', null, contactNameHash('Dr. Bernd Long-Name', null)],
    ])
    const names = await get(me.token, '/api/v6/contacts/by-phone', { phone: '030 22220002' })
    expect(names.json().data.contacts).toEqual([
      {
        firstName: 'Anna',
        lastName: 'Baker',
        name_hash: contactNameHash('Anna', 'Baker'),
        count: 1,
        reviewResult: 0,
        likes: 0,
        dislikes: 0,
        hasLike: false,
        hasDislike: false,
      },
    ])

    // Uploading again replaces the book: same file, same book; a smaller file, a smaller book.
    expect((await upload(me.token, VCARDS)).statusCode).toBe(200)
    expect(await book(me.profileId)).toHaveLength(3)
    const csv = await upload(me.token, 'name,phone\nAnna B.,+4915122220001\nMe,+4915122220099\n', 'book.csv', 'text/csv')
    expect(csv.json().data).toEqual({ format: 'csv', read: 2, saved: 1, skipped: { own_number: 1 } })
    expect((await book(me.profileId)).map((r) => r.firstName)).toEqual(['Anna B.'])
  })

  it('lists each name with how many saved it, likes and dislikes; by phone and by profile', async () => {
    const target = await signIn(t.app, '+4915133330001')
    const a = await signIn(t.app, '+4915133330002')
    const b = await signIn(t.app, '+4915133330003')
    const c = await signIn(t.app, '+4915133330004')
    await upload(a.token, 'Name,Phone\nTom Work,+4915133330001\n', 'a.csv', 'text/csv')
    await upload(b.token, 'Name,Phone\ntom  work,015133330001\n', 'b.csv', 'text/csv')
    await upload(c.token, 'Name,Phone\nTommy,+4915133330001\n', 'c.csv', 'text/csv')
    const hash = contactNameHash('Tom Work', null)
    const list = (await get(a.token, '/api/v6/contacts/by-phone', { phone: '+4915133330001' })).json().data.contacts
    expect(list.map((x: { name_hash: string; count: number }) => [x.name_hash, x.count])).toEqual([
      [hash, 2],
      [contactNameHash('Tommy', null), 1],
    ])
    expect(list[0].firstName).toBe('Tom Work')

    const like = await post(a.token, '/api/v6/contacts/like', {
      phone: '+4915133330001',
      name_hash: hash,
      like_type: 'LIKE',
      action_type: 'ADD',
    })
    expect(like.statusCode, like.body).toBe(200)
    expect(like.json().data).toMatchObject({ name_hash: hash, likes: 1, dislikes: 0, reviewResult: 1, hasLike: true })
    await post(b.token, '/api/v6/contacts/like-by-profile', {
      profile_id: target.profileId,
      name_hash: hash,
      like_type: 'DISLIKE',
      action_type: 'ADD',
    })
    await post(c.token, '/api/v6/contacts/like', { phone: '+4915133330001', name_hash: hash, like_type: 'DISLIKE', action_type: 'ADD' })
    const byProfile = (await get(a.token, '/api/v6/contacts/by-profile', { profile_id: String(target.profileId) })).json().data.contacts
    expect(byProfile[0]).toMatchObject({ name_hash: hash, likes: 1, dislikes: 2, reviewResult: -1, hasLike: true, hasDislike: false })
    // Switching and removing a vote.
    await post(c.token, '/api/v6/contacts/like', { phone: '+4915133330001', name_hash: hash, like_type: 'LIKE', action_type: 'ADD' })
    const removed = await post(b.token, '/api/v6/contacts/like', {
      phone: '+4915133330001',
      name_hash: hash,
      like_type: 'DISLIKE',
      action_type: 'REMOVE',
    })
    expect(removed.json().data).toMatchObject({ likes: 2, dislikes: 0, reviewResult: 2, hasDislike: false })

    // Bad input: unknown name, bad hash, bad enum, unknown profile.
    expect(
      (
        await post(a.token, '/api/v6/contacts/like', {
          phone: '+4915133330001',
          name_hash: 'f'.repeat(32),
          like_type: 'LIKE',
          action_type: 'ADD',
        })
      ).statusCode,
    ).toBe(404)
    expect(
      (await post(a.token, '/api/v6/contacts/like', { phone: '+4915133330001', name_hash: 'zz', like_type: 'LIKE', action_type: 'ADD' }))
        .statusCode,
    ).toBe(400)
    expect(
      (await post(a.token, '/api/v6/contacts/like', { phone: '+4915133330001', name_hash: hash, like_type: 'LOVE', action_type: 'ADD' }))
        .statusCode,
    ).toBe(400)
    expect((await get(a.token, '/api/v6/contacts/by-profile', { profile_id: '999999' })).statusCode).toBe(404)
    expect((await get(a.token, '/api/v6/contacts/by-profile', { profile_id: 'x' })).statusCode).toBe(400)
    expect((await get(a.token, '/api/v6/contacts/by-phone', { phone: 'hello' })).statusCode).toBe(400)
    expect((await get(a.token, '/api/v6/contacts/by-phone', { phone: '+493099990000' })).json().data.contacts).toEqual([])

    // An unlisted user's names are not shown by profile id to others.
    await t.database.db.update(users).set({ profileGoing: false }).where(eq(users.id, target.profileId))
    expect((await get(a.token, '/api/v6/contacts/by-profile', { profile_id: String(target.profileId) })).statusCode).toBe(404)
    expect((await get(target.token, '/api/v6/contacts/by-profile', { profile_id: String(target.profileId) })).statusCode).toBe(200)
    await t.database.db.update(users).set({ profileGoing: true }).where(eq(users.id, target.profileId))

    // Reports of a name.
    const report = await post(a.token, '/api/v6/report/contact', {
      phone: '+4915133330001',
      name_hash: hash,
      first_name: 'Tom',
      last_name: 'Work',
      report_text: 'This is not his name',
    })
    expect(report.statusCode, report.body).toBe(200)
    expect(report.json().data).toEqual({ id: expect.any(Number), status: 'open' })
    const again = await post(a.token, '/api/v6/report/contact-by-profile', {
      profile_id: target.profileId,
      name_hash: hash,
      report_text: 'Still wrong',
    })
    expect(again.json().data.id).toBe(report.json().data.id)
    const rows = await t.database.db
      .select()
      .from(reports)
      .where(and(eq(reports.reporterId, a.profileId), eq(reports.targetType, 'contact')))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ nameHash: hash, firstName: 'Tom', lastName: 'Work', text: 'This is not his name', status: 'open' })
    // Moderators read the reported name, not only its hash.
    const mod = await signIn(t.app, '+4915133330099')
    await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, mod.profileId))
    const queue = moderationQueueResponse.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/v6/moderation/queue', headers: bearer(mod.token), query: { kind: 'report' } })
      ).json(),
    ).data
    expect(queue.items.find((i) => i.id === rows[0].id)).toMatchObject({
      targetType: 'contact',
      text: 'This is not his name',
      extra: { name_hash: hash, first_name: 'Tom', last_name: 'Work' },
    })
    expect((await post(a.token, '/api/v6/report/contact', { phone: '+4915133330001', name_hash: hash })).statusCode).toBe(400)
    expect(
      (await post(a.token, '/api/v6/report/contact', { phone: '+4915133330001', name_hash: 'a'.repeat(32), report_text: 'x' })).statusCode,
    ).toBe(404)
  })

  it('fills fof: users who saved the number and are friends of the searcher (each saved the other)', async () => {
    const me = await signIn(t.app, '+4915144440001')
    const friend = await signIn(t.app, '+4915144440002')
    const stranger = await signIn(t.app, '+4915144440003')
    const oneWay = await signIn(t.app, '+4915144440005')
    // The stranger saved me, I did not save them; I saved oneWay, who did not save me.
    await upload(me.token, 'Name,Phone\nMy Friend,+4915144440002\nOne Way,+4915144440005\n', 'me.csv', 'text/csv')
    await upload(friend.token, 'Name,Phone\nPlumber,+493044440009\nMe,+4915144440001\n', 'f.csv', 'text/csv')
    await upload(stranger.token, 'Name,Phone\nPlumber Joe,+493044440009\nMe,+4915144440001\n', 's.csv', 'text/csv')
    await upload(oneWay.token, 'Name,Phone\nPlumber Jim,+493044440009\n', 'o.csv', 'text/csv')
    const p = await page(me.token, '+493044440009')
    expect(p.fof).toMatchObject({
      hasContacts: true,
      list: [{ id: friend.profileId, firstName: 'My Friend', lastName: null }],
      priceDirectly: 11,
    })
    expect(p.metrics.contactsCount).toBe(3)
    const nobody = await signIn(t.app, '+4915144440004')
    expect((await page(nobody.token, '+493044440009')).fof).toMatchObject({ hasContacts: false, list: [] })
  })

  it('serialises parallel uploads of one user: each succeeds and the book is one of them', async () => {
    const me = await signIn(t.app, '+4915155550009')
    const files = [0, 1, 2, 3].map(
      (i) =>
        `Name,Phone\n${Array.from({ length: 30 }, (_, j) => `P${i}-${j},+4930555${String(i)}${String(j).padStart(4, '0')}`).join('\n')}\n`,
    )
    const results = await Promise.all(files.map((f) => upload(me.token, f, 'p.csv', 'text/csv')))
    for (const res of results) expect(res.statusCode, res.body).toBe(200)
    const rows = await book(me.profileId)
    expect(rows).toHaveLength(30)
    expect(new Set(rows.map((r) => r.firstName!.split('-')[0])).size).toBe(1)
  })

  it('refuses bad files with a 4xx envelope and leaves the book as it was', async () => {
    const me = await signIn(t.app, '+4915155550001')
    expect((await upload(me.token, 'Name,Phone\nKeep Me,+493055550002\n', 'ok.csv', 'text/csv')).statusCode).toBe(200)
    const before = await book(me.profileId)
    const bad: Array<[string, () => ReturnType<typeof upload>]> = [
      ['empty', () => upload(me.token, Buffer.alloc(0))],
      ['blank', () => upload(me.token, '\r\n \r\n')],
      ['binary garbage', () => upload(me.token, crypto.randomBytes(64 * 1024), 'x.bin', 'application/octet-stream')],
      ['vCard without TEL', () => upload(me.token, 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Nobody\r\nEND:VCARD\r\n')],
      ['CSV without numbers', () => upload(me.token, 'Name,Phone\nA,\nB,hello\n', 'x.csv', 'text/csv')],
      ['wrong field', () => upload(me.token, VCARDS, 'x.vcf', 'text/vcard', 'other')],
      ['10 MB', () => upload(me.token, Buffer.alloc(10 * 1024 * 1024, 'a'), 'big.csv', 'text/csv')],
    ]
    for (const [name, send] of bad) {
      const res = await send()
      expect(res.statusCode, `${name}: ${res.body}`).toBeGreaterThanOrEqual(400)
      expect(res.statusCode, name).toBeLessThan(500)
      expect(res.json(), name).toMatchObject({ status: false, status_code: expect.any(Number), message: expect.any(String) })
    }
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v6/contacts/upload',
      headers: bearer(me.token),
      payload: { file: 'Name,Phone\nX,+493055550003' },
    })
    expect(json.statusCode).toBeLessThan(500)
    expect(await book(me.profileId)).toEqual(before)
    const anonymous = await upload(null, VCARDS)
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json()).toMatchObject({ status: false, status_code: ERROR_CODES.UNAUTHORIZED })
  })
})

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends } from '../../../tests/support/database'
import { bearer, createTestApp, signIn, type TestApp } from '../../../tests/support/app'
import { apiClient } from '../../../tests/support/api'
import { searchResponse } from '../../../contract/api/number-profile'
import { ERROR_CODES } from '../../../contract/errors'
import { contactsResponse } from '../../../contract/api/numbers'
import { contacts, nameSuggestions, notes, users } from '../../db/schema'
import { contactNameHash } from '../../db/name-hash'

describe.each(backends)('notes and name suggestions on %s', (backend) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
  })
  afterAll(async () => t?.close())

  const { post } = apiClient(() => t.app)
  const page = async (token: string, number: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v202505/search/${encodeURIComponent(number)}`, headers: bearer(token) })
    expect(res.statusCode, res.body).toBe(200)
    return searchResponse.parse(res.json()).data
  }

  it('requires sign-in', async () => {
    for (const url of ['/api/v7/notice/add', '/api/v6/notice/delete', '/api/v6/suggest/add']) {
      const res = await post(null, url, { phone: '+493012345678', text: 'x' })
      expect(res.statusCode, url).toBe(401)
      expect(res.json()).toMatchObject({ status: false, status_code: ERROR_CODES.UNAUTHORIZED })
    }
  })

  it('keeps one private note per user and number, replaced when added again, and deleted only by its author', async () => {
    const me = await signIn(t.app, '+4915111110001')
    const other = await signIn(t.app, '+4915111110002')
    const add = await post(me.token, '/api/v7/notice/add', { phone: '030 11110001', text: '  Landlord, call back after 6  ' })
    expect(add.statusCode, add.body).toBe(200)
    const { id } = add.json().data
    expect(add.json().data).toEqual({ id: expect.any(Number), text: 'Landlord, call back after 6' })
    expect((await page(me.token, '+493011110001')).notice).toEqual({ id, text: 'Landlord, call back after 6' })

    const again = await post(me.token, '/api/v7/notice/add', { phone: '+49 30 11110001', text: 'Landlord' })
    expect(again.json().data).toEqual({ id, text: 'Landlord' })
    expect(await t.database.db.select().from(notes).where(eq(notes.userId, me.profileId))).toHaveLength(1)

    // Private: another user's page of the same number does not show it, and they cannot delete it.
    expect((await page(other.token, '+493011110001')).notice).toBeNull()
    const foreign = await post(other.token, '/api/v6/notice/delete', { phone: '+493011110001' })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toMatchObject({ status: false, status_code: ERROR_CODES.NOT_FOUND })
    expect((await page(me.token, '+493011110001')).notice).toEqual({ id, text: 'Landlord' })

    const del = await post(me.token, '/api/v6/notice/delete', { phone: '03011110001' })
    expect(del.statusCode, del.body).toBe(200)
    expect((await page(me.token, '+493011110001')).notice).toBeNull()
    expect((await post(me.token, '/api/v6/notice/delete', { phone: '03011110001' })).statusCode).toBe(404)
    expect((await post(me.token, '/api/v6/notice/delete', { phone: '+493099999999' })).statusCode).toBe(404)
  })

  it('refuses missing, empty and oversized notes and bad numbers with a 4xx envelope, changing nothing', async () => {
    const me = await signIn(t.app, '+4915111110003')
    const cases: Array<Record<string, string>> = [
      { phone: '+493011110003' },
      { text: 'no number' },
      { phone: '+493011110003', text: '   ' },
      { phone: '+493011110003', text: 'x'.repeat(1001) },
      { phone: 'not a number', text: 'hi' },
      { phone: '12', text: 'hi' },
      { phone: '1'.repeat(65), text: 'hi' },
    ]
    for (const body of cases) {
      const res = await post(me.token, '/api/v7/notice/add', body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json()).toMatchObject({ status: false, status_code: expect.any(Number), message: expect.any(String) })
    }
    expect((await post(me.token, '/api/v7/notice/add', { phone: 'abc', text: 'hi' })).json().status_code).toBe(ERROR_CODES.NUMBER_INVALID)
    expect((await post(me.token, '/api/v7/notice/add', { phone: '+493011110003', text: 'x'.repeat(1000) })).statusCode).toBe(200)
    expect(await t.database.db.select().from(notes).where(eq(notes.userId, me.profileId))).toHaveLength(1)
    expect((await post(me.token, '/api/v6/notice/delete', {})).statusCode).toBe(400)
  })

  it('stores one name suggestion per user and number; an empty string becomes null, both empty clears it', async () => {
    const me = await signIn(t.app, '+4915111110004')
    const res = await post(me.token, '/api/v6/suggest/add', { phone: '+493011110004', first_name: 'Pizza', last_name: 'Roma' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ status: true, data: { firstName: 'Pizza', lastName: 'Roma' } })
    expect((await page(me.token, '+493011110004')).suggestedProfile).toEqual({ firstName: 'Pizza', lastName: 'Roma' })

    const replaced = await post(me.token, '/api/v6/suggest/add', { phone: '03011110004', first_name: 'Pizzeria', last_name: '' })
    expect(replaced.json().data).toEqual({ firstName: 'Pizzeria', lastName: null })
    expect((await page(me.token, '+493011110004')).suggestedProfile).toEqual({ firstName: 'Pizzeria', lastName: null })
    expect(await t.database.db.select().from(nameSuggestions).where(eq(nameSuggestions.userId, me.profileId))).toHaveLength(1)

    const other = await signIn(t.app, '+4915111110005')
    expect((await page(other.token, '+493011110004')).suggestedProfile).toEqual({ firstName: null, lastName: null })

    await post(me.token, '/api/v6/suggest/add', { phone: '03011110004', first_name: '', last_name: ' ' })
    expect((await page(me.token, '+493011110004')).suggestedProfile).toEqual({ firstName: null, lastName: null })
    expect(await t.database.db.select().from(nameSuggestions).where(eq(nameSuggestions.userId, me.profileId))).toHaveLength(0)

    expect((await post(me.token, '/api/v6/suggest/add', { phone: '+493011110004', first_name: 'x'.repeat(101) })).statusCode).toBe(400)
    expect((await post(me.token, '/api/v6/suggest/add', { phone: 'nope', first_name: 'A' })).statusCode).toBe(400)
    expect(await t.database.db.select().from(nameSuggestions).where(eq(nameSuggestions.userId, me.profileId))).toHaveLength(0)
  })

  it('a name two users suggested (trimmed, any case) counts like a contact-book entry: one vote per suggesting user', async () => {
    const number = '+493011110020'
    const [a, b, c, viewer] = await Promise.all(
      ['+4915111110021', '+4915111110022', '+4915111110023', '+4915111110024'].map((p) => signIn(t.app, p)),
    )
    const names = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v6/contacts/by-phone',
        headers: bearer(viewer.token),
        query: { phone: number },
      })
      expect(res.statusCode, res.body).toBe(200)
      return contactsResponse.parse(res.json()).data.contacts.map((n) => [n.firstName, n.lastName, n.count])
    }
    // One user's contact book saves the number as "Plumber Joe".
    const numberId =
      (await post(a.token, '/api/v6/suggest/add', { phone: number, first_name: 'Pizza', last_name: 'Roma' }),
      (await t.database.db.select().from(nameSuggestions).where(eq(nameSuggestions.userId, a.profileId)))[0].numberId)
    await t.database.db
      .insert(contacts)
      .values({ ownerId: c.profileId, numberId, firstName: 'Plumber', lastName: 'Joe', nameHash: contactNameHash('Plumber', 'Joe') })

    // One suggestion alone is not accepted.
    expect(await names()).toEqual([['Plumber', 'Joe', 1]])
    let p = await page(viewer.token, number)
    expect(p.averageProfile).toMatchObject({ firstName: 'Plumber', lastName: 'Joe' })
    expect(p.metrics.contactsCount).toBe(1)

    // A second user suggests the same name in other case and spacing: accepted, and it outvotes the single book entry.
    await post(b.token, '/api/v6/suggest/add', { phone: number, first_name: '  pizza ', last_name: 'ROMA' })
    expect(await names()).toEqual([
      ['Pizza', 'Roma', 2],
      ['Plumber', 'Joe', 1],
    ])
    p = await page(viewer.token, number)
    expect(p.averageProfile).toMatchObject({ firstName: 'Pizza', lastName: 'Roma' })
    expect(p.metrics.contactsCount).toBe(2)

    // A user who saved the name in their book and also suggests it still counts once.
    await t.database.db
      .update(contacts)
      .set({ firstName: 'Pizza', lastName: 'Roma', nameHash: contactNameHash('Pizza', 'Roma') })
      .where(eq(contacts.ownerId, c.profileId))
    await post(c.token, '/api/v6/suggest/add', { phone: number, first_name: 'Pizza', last_name: 'Roma' })
    expect(await names()).toEqual([['Pizza', 'Roma', 3]])

    // The name can be liked like a book entry.
    const [entry] = contactsResponse.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/v6/contacts/by-phone', headers: bearer(viewer.token), query: { phone: number } })
      ).json(),
    ).data.contacts
    const like = await post(viewer.token, '/api/v6/contacts/like', {
      phone: number,
      name_hash: entry.name_hash,
      action_type: 'ADD',
      like_type: 'LIKE',
    })
    expect(like.statusCode, like.body).toBe(200)
    expect(like.json().data).toMatchObject({ firstName: 'Pizza', count: 3, likes: 1, hasLike: true })

    // Suggestions of a deactivated user, or withdrawn ones, no longer count: back below two suggesters.
    await t.database.db.delete(contacts).where(eq(contacts.ownerId, c.profileId))
    await post(c.token, '/api/v6/suggest/add', { phone: number, first_name: '', last_name: '' })
    await t.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, b.profileId))
    expect(await names()).toEqual([])
    p = await page(viewer.token, number)
    expect(p.averageProfile).toMatchObject({ firstName: null, lastName: null })
    expect(p.metrics.contactsCount).toBe(0)
    // The suggester still sees their own suggestion.
    expect((await page(a.token, number)).suggestedProfile).toEqual({ firstName: 'Pizza', lastName: 'Roma' })
  })
})

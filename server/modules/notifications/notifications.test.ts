import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notificationListResponse, notificationReadResponse, type NotificationItem } from '../../../contract/api/notifications'
import { ERROR_CODES } from '../../../contract/errors'
import { backends } from '../../../tests/support/database'
import { bearer, createTestApp, signInEach, type TestApp } from '../../../tests/support/app'
import { apiClient } from '../../../tests/support/api'
import { notifications, users } from '../../db/schema'
import { EXCERPT_LENGTH } from './repository'

/** Owns a number others comment on, and writes a comment others reply to. */
const OWNER = '+4915177000001'
const REPLIER = '+4915177000002'
const COMMENTER = '+4915177000003'
const QUIET = '+4915177000004'
const GONE = '+4915177000005'
const NAMER = '+4915177000006'
/** A number nobody owns: the comments and replies happen here. */
const CALLER = '+4930277000001'

function multipart(content: string) {
  const boundary = `----test${crypto.randomBytes(8).toString('hex')}`
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="book.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

describe.each(backends)('the notifications inbox on %s', (backend) => {
  let t: TestApp
  const tokens: Record<string, string> = {}
  const ids: Record<string, number> = {}
  beforeAll(async () => {
    t = await createTestApp(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '1000' })
    await signInEach(t.app, [OWNER, REPLIER, COMMENTER, QUIET, GONE, NAMER], { tokens, ids })
  })
  afterAll(async () => t?.close())

  const { post } = apiClient(() => t.app, tokens)
  const upload = (who: string, csv: string) => {
    const body = multipart(csv)
    return t.app.inject({
      method: 'POST',
      url: '/api/v6/contacts/upload',
      headers: { ...bearer(tokens[who]), ...body.headers },
      payload: body.payload,
    })
  }
  const inbox = async (who: string, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v6/notifications/list${query}`, headers: bearer(tokens[who]) })
    expect(res.statusCode, res.body).toBe(200)
    return notificationListResponse.parse(res.json()).data
  }
  const ofKind = async (who: string, kind: NotificationItem['kind']) =>
    (await inbox(who, '?limit=100')).items.filter((i) => i.kind === kind)
  const comment = async (who: string, phone: string, text: string) => {
    const res = await post(who, '/api/v7/comment/add', { phone, text })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data as { id: number; created: boolean }
  }
  const reply = async (who: string, commentId: number, text: string) => {
    const res = await post(who, '/api/v13/comment/thread/add', { reply_to: commentId, text })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data.id as number
  }
  const setUser = (who: string, values: Partial<typeof users.$inferInsert>) =>
    t.database.db.update(users).set(values).where(eq(users.id, ids[who]))
  const digits = (e164: string) => e164.slice(1)

  it('tells a comment’s author of a reply, with an excerpt and who replied, once; not of their own reply', async () => {
    await setUser(REPLIER, { firstName: 'Rita', lastName: 'Replier' })
    const mine = await comment(OWNER, CALLER, 'They called at midnight')
    const long = `Same here! ${'x'.repeat(300)}`
    await reply(REPLIER, mine.id, long)
    await reply(OWNER, mine.id, 'Thanks for telling')
    const replies = await ofKind(OWNER, 'reply')
    expect(replies).toHaveLength(1)
    expect(replies[0]).toMatchObject({
      read: false,
      phoneNumber: digits(CALLER),
      actor: { firstName: 'Rita', lastName: 'Replier' },
      request: null,
    })
    expect(replies[0].text!.startsWith('Same here! xxx')).toBe(true)
    expect(replies[0].text!.length).toBeLessThanOrEqual(EXCERPT_LENGTH)
    // The replier is told nothing of their own reply.
    expect(await ofKind(REPLIER, 'reply')).toEqual([])
  })

  it('names the actor as the recipient saved them in their own book', async () => {
    expect((await upload(OWNER, `Name,Phone\nRita from work,${REPLIER}\n`)).statusCode).toBe(200)
    const [first] = await ofKind(OWNER, 'reply')
    expect(first.actor).toEqual({ firstName: 'Rita from work', lastName: null })
  })

  it('tells a number’s owner of a new comment on it, not of an edit, nor of their own', async () => {
    const first = await comment(COMMENTER, OWNER, 'Nice person, called back')
    expect(first.created).toBe(true)
    const edit = await comment(COMMENTER, OWNER, 'Nice person, called back twice')
    expect(edit).toEqual({ id: first.id, created: false })
    await comment(OWNER, OWNER, 'This is my number')
    const notices = await ofKind(OWNER, 'newNotice')
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatchObject({ phoneNumber: digits(OWNER), text: 'Nice person, called back' })
  })

  it('writes nothing for a kind the user switched off', async () => {
    await setUser(QUIET, { notifyReply: false, notifyNewNotice: false, notifyNewContactName: false })
    const quiet = await comment(QUIET, CALLER, 'Quiet here')
    await reply(REPLIER, quiet.id, 'A reply the quiet user will not hear of')
    await comment(COMMENTER, QUIET, 'A comment on the quiet user’s number')
    await upload(COMMENTER, `Name,Phone\nSilent Sam,${QUIET}\n`)
    expect((await inbox(QUIET)).items).toEqual([])
  })

  it('writes nothing to a deactivated user, and hides a deactivated actor and their text', async () => {
    await setUser(GONE, { deactivatedAt: new Date() })
    await upload(COMMENTER, `Name,Phone\nSilent Sam,${QUIET}\nGone Gary,${GONE}\n`)
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, ids[GONE]))).toEqual([])
    await setUser(GONE, { deactivatedAt: null })
    const owners = await comment(OWNER, '+4930277000002', 'Robot voice')
    await reply(GONE, owners.id, 'Me too, from Gary')
    await setUser(GONE, { deactivatedAt: new Date() })
    const [fromGone] = (await ofKind(OWNER, 'reply')).filter((i) => i.phoneNumber === '4930277000002')
    expect(fromGone).toMatchObject({ actor: null, text: null })
  })

  it('tells an owner of a name their number is saved under for the first time, once per name, without saying who', async () => {
    await upload(COMMENTER, `Name,Phone\nPlumber Paul,${OWNER}\n`)
    await upload(COMMENTER, `Name,Phone\nPlumber Paul,${OWNER}\n`)
    // Someone else saving the same name is not news; a different name is.
    await upload(NAMER, `Name,Phone\nplumber  paul,${OWNER}\n`)
    await upload(REPLIER, `Name,Phone\nPaul the plumber,${OWNER}\n`)
    const names = await ofKind(OWNER, 'newContactName')
    expect(names.map((n) => n.text).sort()).toEqual(['Paul the plumber', 'Plumber Paul'])
    expect(names.every((n) => n.actor === null && n.phoneNumber === digits(OWNER))).toBe(true)
  })

  it('tells an owner of a suggested name once it counts (two users suggest it), once', async () => {
    const suggest = (who: string, name: string) => post(who, '/api/v6/suggest/add', { phone: OWNER, first_name: name })
    expect((await suggest(NAMER, 'Doctor Who')).statusCode).toBe(200)
    expect((await ofKind(OWNER, 'newContactName')).map((n) => n.text)).not.toContain('Doctor Who')
    await suggest(REPLIER, 'doctor who')
    await suggest(COMMENTER, 'Doctor Who')
    expect((await ofKind(OWNER, 'newContactName')).filter((n) => n.text?.toLowerCase() === 'doctor who')).toHaveLength(1)
  })

  it('lists newest first, paged, with the unread count, and marks one or all read', async () => {
    const all = await inbox(OWNER, '?limit=100')
    expect(all.total).toBe(all.items.length)
    expect(all.unread).toBe(all.total)
    const stamps = all.items.map((i) => [i.createdAtTimestamp, i.id])
    expect(stamps).toEqual([...stamps].sort((a, b) => b[0] - a[0] || b[1] - a[1]))
    const page = await inbox(OWNER, '?limit=2&offset=1')
    expect(page.items.map((i) => i.id)).toEqual(all.items.slice(1, 3).map((i) => i.id))

    const one = await post(OWNER, '/api/v6/notifications/read', { id: all.items[0].id })
    expect(one.statusCode, one.body).toBe(200)
    expect(notificationReadResponse.parse(one.json()).data.unread).toBe(all.total - 1)
    expect((await inbox(OWNER, '?limit=1')).items[0].read).toBe(true)
    const again = await post(OWNER, '/api/v6/notifications/read', { id: all.items[0].id })
    expect(again.json().data.unread).toBe(all.total - 1)

    const everything = await post(OWNER, '/api/v6/notifications/read', { all: 1 })
    expect(everything.json().data).toEqual({ unread: 0 })
    expect((await inbox(OWNER)).unread).toBe(0)
  })

  it('answers 404 for someone else’s or an unknown notification, and changes nothing', async () => {
    const [theirs] = (await inbox(OWNER)).items
    await t.database.db.update(notifications).set({ readAt: null }).where(eq(notifications.id, theirs.id))
    for (const id of [theirs.id, 999_999]) {
      const res = await post(COMMENTER, '/api/v6/notifications/read', { id })
      expect(res.statusCode, res.body).toBe(404)
      expect(res.json()).toMatchObject({
        status: false,
        status_code: ERROR_CODES.NOT_FOUND,
        message: expect.stringMatching(/no notification/i),
      })
    }
    expect((await inbox(OWNER)).items.find((i) => i.id === theirs.id)?.read).toBe(false)
    expect((await post(OWNER, '/api/v6/notifications/read', { id: 'abc' })).statusCode).toBe(400)
    expect((await post(OWNER, '/api/v6/notifications/read', {})).statusCode).toBe(400)
    expect((await t.app.inject({ method: 'GET', url: '/api/v6/notifications/list' })).statusCode).toBe(401)
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v6/notifications/list?limit=0', headers: bearer(tokens[OWNER]) })).statusCode,
    ).toBe(400)
  })
})

// The look-up reads the viewer's own things on a number only where viewer_marks says there are some,
// and a number nobody wrote about from a page of its own (ADR 0058): both hold only while every way
// of writing is covered, which these tests check on both databases.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends, openTestDatabase } from '../../../tests/support/database'
import type { Database } from '../../db/client'
import { seedTags } from '../../db/seed-tags'
import { rowsOf } from '../../db/client'
import {
  bans,
  commentSubscriptions,
  comments,
  importedEvidence,
  introductionAnswers,
  introductionRequests,
  nameSuggestions,
  notes,
  pageVersions,
  pollAnswers,
  postingBans,
  reactions,
  sessions,
  tags,
  threadReplies,
  users,
} from '../../db/schema'
import { deletePrivacyData } from '../privacy/repository'
import { upsertNumber } from './repository'
import { leanViewerPart, loadPublicPage, loadUntouchedPage, loadViewerPart } from './page-repository'

describe.each(backends)('viewer marks and untouched pages on %s', (backend) => {
  let database: Database
  beforeAll(async () => {
    database = await openTestDatabase(backend)
    await seedTags(database.db)
  })
  afterAll(async () => database?.close())

  const user = async (phone: string) => (await database.db.insert(users).values({ phone }).returning({ id: users.id }))[0].id
  const marksOf = async (userId: number) =>
    rowsOf<{ number_id: number }>(
      await database.db.execute(sql`select number_id from viewer_marks where user_id = ${userId} order by 1`),
    ).map((r) => r.number_id)

  it('marks the number of every kind of thing a viewer can have on its page, and only then is the full part more than the lean one', async () => {
    const db = database.db
    const viewer = await user('+4915100000001')
    const other = await user('+4915100000002')
    const n = async (i: number) => upsertNumber(db, `+4930555000${String(i).padStart(2, '0')}`, 'DE')
    const [fraud] = await db.select({ id: tags.id }).from(tags).limit(1)
    const kinds: Record<string, number> = {}
    const mark = async (kind: string, write: (numberId: number) => Promise<unknown>) => {
      kinds[kind] = await n(Object.keys(kinds).length + 1)
      await write(kinds[kind])
    }
    const othersComment = async (numberId: number) =>
      (await db.insert(comments).values({ numberId, userId: other, text: 'Theirs' }).returning({ id: comments.id }))[0].id

    await mark('ban', (numberId) => db.insert(bans).values({ userId: viewer, numberId }))
    await mark('note', (numberId) => db.insert(notes).values({ userId: viewer, numberId, text: 'mine' }))
    await mark('suggestion', (numberId) =>
      db.insert(nameSuggestions).values({ userId: viewer, numberId, firstName: 'Pat', nameHash: 'pat' }),
    )
    await mark('poll', (numberId) => db.insert(pollAnswers).values({ userId: viewer, numberId, tagId: fraud.id, poll: 'onPage' }))
    await mark('comment', (numberId) => db.insert(comments).values({ userId: viewer, numberId, text: 'Mine' }))
    await mark('postingBan', (numberId) => db.insert(postingBans).values({ userId: viewer, numberId, removals: 2, banned: true }))
    await mark('asked', (numberId) => db.insert(introductionRequests).values({ fromUserId: viewer, numberId }))
    await mark('askedOf', async (numberId) => {
      const [r] = await db.insert(introductionRequests).values({ fromUserId: other, numberId }).returning({ id: introductionRequests.id })
      await db.insert(introductionAnswers).values({ requestId: r.id, userId: viewer })
    })
    await mark('likedComment', async (numberId) =>
      db.insert(reactions).values({ userId: viewer, targetType: 'comment', targetId: await othersComment(numberId), kind: 'LIKE' }),
    )
    await mark('likedReply', async (numberId) => {
      const [reply] = await db
        .insert(threadReplies)
        .values({ commentId: await othersComment(numberId), userId: other, text: 'Reply' })
        .returning({ id: threadReplies.id })
      await db.insert(reactions).values({ userId: viewer, targetType: 'thread', targetId: reply.id, kind: 'DISLIKE' })
    })
    await mark('hidden', async (numberId) =>
      db
        .insert(commentSubscriptions)
        .values({ userId: viewer, commentId: await othersComment(numberId), endsAt: new Date(Date.now() + 86_400_000) }),
    )

    expect(await marksOf(viewer)).toEqual(Object.values(kinds).sort((a, b) => a - b))
    const untouched = await n(99)
    for (const [kind, numberId] of Object.entries(kinds)) {
      const full = await loadViewerPart(db, numberId, viewer)
      const lean = leanViewerPart({ version: full.version, epoch: full.epoch, marked: true, hasContacts: false })
      expect(full, kind).not.toEqual(lean)
    }
    // Without a mark, the lean part is all there is: the one the look-up answers with.
    const full = await loadViewerPart(db, untouched, viewer)
    expect(full).toEqual(leanViewerPart({ version: full.version, epoch: full.epoch, marked: false, hasContacts: false }))
    // The one whose things are on the page is the one marked: the other author only for their own comments' numbers.
    expect(await marksOf(other)).toEqual([kinds.askedOf, kinds.likedComment, kinds.likedReply, kinds.hidden].sort((a, b) => a - b))

    // A deletion of the privacy data takes the note's mark; what stays on the page keeps its own.
    await deletePrivacyData(db, viewer)
    expect(await marksOf(viewer)).toEqual(
      Object.entries(kinds)
        .filter(([kind]) => kind !== 'note')
        .map(([, id]) => id)
        .sort((a, b) => a - b),
    )
  })

  it('reads the page of a number nobody wrote about as the full page statement does, and any writing gives it a version', async () => {
    const db = database.db
    const e164 = '+493055512345'
    const numberId = await upsertNumber(db, e164, 'DE')
    // An account a gift made for the number, never signed in to: nobody's page yet.
    const owner = await user(e164)
    const byCode = new Map((await db.select({ id: tags.id, code: tags.code }).from(tags)).map((r) => [r.code, r.id]))
    await db.insert(importedEvidence).values([
      {
        numberId,
        source: 'phoneblock',
        tagId: byCode.get('fraud')!,
        label: 'G_FRAUD',
        votes: 12,
        lastSeen: new Date('2026-10-01T00:00:00Z'),
      },
      { numberId, source: 'ftc', tagId: byCode.get('spam')!, label: 'Robocall', votes: 3, lastSeen: null },
      { numberId, source: 'tellows', tagId: byCode.get('fraud')!, label: 'Betrug', votes: 4, lastSeen: new Date('2026-11-01T00:00:00Z') },
      // A tie with spam (ordered by code then), another kind, and an entry without a tag: the tag totals are summed
      // in the server for an untouched page (ADR 0067) and must come out as the full page's statement gives them.
      { numberId, source: 'tellows', tagId: byCode.get('robocall')!, label: 'Robocall', votes: 3, lastSeen: null },
      { numberId, source: 'tellows', tagId: byCode.get('robot')!, label: 'Bot', votes: 2, lastSeen: null },
      { numberId, source: 'ftc', tagId: null, label: 'Unknown', votes: 5, lastSeen: null },
    ])
    const versionOf = async () =>
      (
        await db
          .select()
          .from(pageVersions)
          .where(sql`${pageVersions.numberId} = ${numberId}`)
      )[0]?.version ?? 0
    const page = await loadPublicPage(db, numberId, e164)
    expect(page.owner).toBeNull()
    expect(page.evidence.imported).toHaveLength(6)
    expect(page.tags.map((t) => [t.code, t.kind, t.count])).toEqual([
      ['fraud', 'category', 16],
      ['robocall', 'category', 3],
      ['spam', 'category', 3],
      ['robot', 'callerType', 2],
    ])
    expect(page.tags.map((t) => t.id)).toEqual(['fraud', 'robocall', 'spam', 'robot'].map((code) => byCode.get(code)))
    expect(await loadUntouchedPage(db, numberId, e164)).toEqual(page)
    expect(await versionOf()).toBe(0)
    // Its owner signing in, or anybody writing about it, gives it a version: the look-up reads the full page then.
    await db.insert(sessions).values({ id: 'untouched-owner', userId: owner, deviceId: 't', expiresAt: new Date(Date.now() + 86_400_000) })
    expect(await versionOf()).toBe(1)
    await db.insert(comments).values({ numberId, userId: owner, text: 'It is me' })
    expect(await versionOf()).toBe(2)
  })
})

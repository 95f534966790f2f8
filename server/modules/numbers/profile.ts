import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import {
  emptyNumberProfile,
  type Comment,
  type EvidenceItem,
  type NumberProfile,
  type TagCount,
} from '../../../contract/api/number-profile'
import type { NormalizedPhone } from '../../../contract/phone'
import { TAG_BY_CODE } from '../../../contract/tags'
import type { Db } from '../../db/client'
import {
  bans,
  comments,
  contacts,
  importedEvidence,
  nameSuggestions,
  notes,
  pollAnswers,
  tags,
  users,
} from '../../db/schema'
import { decay, reputationIndex } from '../reputation'

interface Viewer {
  id: number
  balance: number
  spySubscription: boolean
}

const tagName = (code: string) => TAG_BY_CODE.get(code)?.name ?? code

/** Every piece of evidence about a number, weighted and decayed, for the index and its explanation. */
export async function loadEvidence(db: Db, numberId: number): Promise<EvidenceItem[]> {
  const [imported, banRows, polls] = await Promise.all([
    db
      .select({
        source: importedEvidence.source,
        label: importedEvidence.label,
        code: tags.code,
        votes: importedEvidence.votes,
        at: sql<Date | string | null>`coalesce(${importedEvidence.lastSeen}, ${importedEvidence.importedAt})`,
      })
      .from(importedEvidence)
      .leftJoin(tags, eq(tags.id, importedEvidence.tagId))
      .where(eq(importedEvidence.numberId, numberId)),
    db.select({ at: bans.createdAt }).from(bans).where(eq(bans.numberId, numberId)),
    db
      .select({ code: tags.code, votes: sql<number>`count(*)::int`, at: sql<Date | string>`max(${pollAnswers.createdAt})` })
      .from(pollAnswers)
      .innerJoin(tags, eq(tags.id, pollAnswers.tagId))
      .where(eq(pollAnswers.numberId, numberId))
      .groupBy(tags.code),
  ])
  const items: EvidenceItem[] = []
  const direction = (polarity: number) => (polarity < 0 ? 'negative' : polarity > 0 ? 'positive' : 'neutral') as EvidenceItem['direction']
  for (const row of imported) {
    const tag = TAG_BY_CODE.get(row.code ?? 'other')!
    const at = row.at ? new Date(row.at) : null
    items.push({
      kind: 'imported',
      source: row.source,
      label: row.code ?? 'other',
      votes: row.votes,
      weight: row.votes * tag.weight * decay(at),
      direction: direction(tag.polarity),
    })
  }
  if (banRows.length) {
    items.push({
      kind: 'bans',
      source: 'users',
      label: 'ban',
      votes: banRows.length,
      weight: banRows.reduce((sum, b) => sum + decay(b.at), 0),
      direction: 'negative',
    })
  }
  for (const row of polls) {
    const tag = TAG_BY_CODE.get(row.code)
    if (!tag) continue
    items.push({
      kind: 'polls',
      source: 'users',
      label: row.code,
      votes: row.votes,
      weight: row.votes * tag.weight * decay(new Date(row.at)),
      direction: direction(tag.polarity),
    })
  }
  return items
}

/** The most-answered tags of each kind, from polls and imported lists. */
async function loadTagsTop(db: Db, numberId: number): Promise<NumberProfile['tagsTop']> {
  const rows = await db.execute<{ id: number; code: string; kind: string; count: number }>(sql`
    select t.id, t.code, t.kind, sum(x.n)::int as count from (
      select tag_id, count(*) as n from ${pollAnswers} where number_id = ${numberId} group by tag_id
      union all
      select tag_id, sum(votes) as n from ${importedEvidence} where number_id = ${numberId} and tag_id is not null group by tag_id
    ) x join ${tags} t on t.id = x.tag_id
    group by t.id, t.code, t.kind
    order by count desc, t.code`)
  const list = (rows as unknown as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[])
  const byKind = (kind: string): TagCount[] =>
    (list as Array<{ id: number; code: string; kind: string; count: number }>)
      .filter((r) => r.kind === kind)
      .slice(0, 5)
      .map((r) => ({ id: r.id, code: r.code, name: tagName(r.code), count: Number(r.count) }))
  return {
    callerType: byKind('callerType')[0] ?? null,
    categories: byKind('category'),
    subcategories: byKind('subcategory'),
    callReasons: byKind('callReason'),
    emotags: byKind('emotag'),
  }
}

function toComment(row: {
  id: number
  userId: number
  text: string
  createdAt: Date
  updatedAt: Date | null
  likes: number
  dislikes: number
  commentUps: number
  hiddenBy: number | null
  hiddenUntil: Date | null
  firstName: string | null
  lastName: string | null
}): Comment {
  return {
    id: row.id,
    profile_id: row.userId,
    text: row.text,
    createdAtTimestamp: Math.floor(row.createdAt.getTime() / 1000),
    updatedAtTimestamp: row.updatedAt ? Math.floor(row.updatedAt.getTime() / 1000) : null,
    thread_count: 0,
    thread: [],
    firstName: row.firstName,
    lastName: row.lastName,
    avatar: null,
    likes: row.likes,
    dislikes: row.dislikes,
    commentUps: row.commentUps,
    hasLike: false,
    hasDislike: false,
    hasCommentUp: false,
    hiddenBy: row.hiddenBy,
    endDateTimestamp: row.hiddenUntil ? Math.floor(row.hiddenUntil.getTime() / 1000) : null,
  }
}

/** The whole number-profile shape of SPEC.md section 3 for one number and one viewer. */
export async function buildNumberProfile(
  db: Db,
  args: { numberId: number; phone: NormalizedPhone; region: string | null; carrier: string | null; viewer: Viewer; leftRequests: number; paid: boolean },
): Promise<NumberProfile> {
  const { numberId, viewer } = args
  const profile = emptyNumberProfile(args.phone.digits)
  const now = new Date()
  const [evidence, tagsTop, [owner], [names], [contactCount], [banCount], [myBan], [note], [suggestion], commentRows] =
    await Promise.all([
      loadEvidence(db, numberId),
      loadTagsTop(db, numberId),
      db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, profileGoing: users.profileGoing, antispy: users.antispy, isPro: users.isPro })
        .from(users)
        .where(and(eq(users.phone, args.phone.e164), isNull(users.deactivatedAt))),
      db
        .select({ firstName: contacts.firstName, lastName: contacts.lastName, n: sql<number>`count(*)::int` })
        .from(contacts)
        .where(eq(contacts.numberId, numberId))
        .groupBy(contacts.firstName, contacts.lastName)
        .orderBy(desc(sql`count(*)`))
        .limit(1),
      db.select({ n: sql<number>`count(distinct ${contacts.nameHash})::int` }).from(contacts).where(eq(contacts.numberId, numberId)),
      db.select({ n: sql<number>`count(*)::int` }).from(bans).where(eq(bans.numberId, numberId)),
      db.select({ n: sql<number>`1` }).from(bans).where(and(eq(bans.numberId, numberId), eq(bans.userId, viewer.id))),
      db.select({ id: notes.id, text: notes.text }).from(notes).where(and(eq(notes.numberId, numberId), eq(notes.userId, viewer.id))),
      db
        .select({ firstName: nameSuggestions.firstName, lastName: nameSuggestions.lastName })
        .from(nameSuggestions)
        .where(and(eq(nameSuggestions.numberId, numberId), eq(nameSuggestions.userId, viewer.id))),
      db
        .select({
          id: comments.id,
          userId: comments.userId,
          text: comments.text,
          createdAt: comments.createdAt,
          updatedAt: comments.updatedAt,
          likes: comments.likes,
          dislikes: comments.dislikes,
          commentUps: comments.commentUps,
          pinned: comments.pinned,
          hiddenBy: comments.hiddenBy,
          hiddenUntil: comments.hiddenUntil,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(comments)
        .innerJoin(users, eq(users.id, comments.userId))
        .where(and(eq(comments.numberId, numberId), isNull(comments.removedAt), isNull(users.deactivatedAt)))
        .orderBy(desc(comments.pinned), desc(comments.commentUps), desc(sql`${comments.likes} - ${comments.dislikes}`), desc(comments.createdAt))
        .limit(20),
    ])
  const isOwner = owner?.id === viewer.id
  const visible = commentRows.filter(
    (c) => isOwner || c.userId === viewer.id || !(c.hiddenUntil && c.hiddenUntil > now),
  )
  const mine = commentRows.find((c) => c.userId === viewer.id)
  const pinned = visible.find((c) => c.pinned)
  const index = reputationIndex(evidence)
  const totalVotes = evidence.reduce((n, e) => n + e.votes, 0)
  const ownerListed = owner && (owner.profileGoing || isOwner)

  profile.suggestedProfile = { firstName: suggestion?.firstName ?? null, lastName: suggestion?.lastName ?? null }
  profile.averageProfile = { id: null, firstName: names?.firstName ?? null, lastName: names?.lastName ?? null }
  if (ownerListed) {
    profile.profile = { id: owner.id, firstName: owner.firstName, lastName: owner.lastName, antispy_subscription: owner.antispy, is_pro: owner.isPro }
  }
  profile.metrics = {
    bans: banCount?.n ?? 0,
    commentsCount: visible.length,
    contactsCount: contactCount?.n ?? 0,
    index,
    isVerified: Boolean(ownerListed),
    isUnwanted: index < 3.5,
    isManyCalls: totalVotes >= 50,
    isHidden: Boolean(owner && !owner.profileGoing),
  }
  profile.phone = { region: args.region, carrier: args.carrier, number: args.phone.e164 }
  profile.common = {
    ...profile.common,
    leftRequests: args.leftRequests,
    spy_subscription: viewer.spySubscription,
    isBanned: Boolean(myBan),
    isPaidRequest: args.paid,
    balance: viewer.balance,
    profileView: isOwner ? 'OWNER' : 'DEFAULT',
  }
  profile.tagsTop = tagsTop
  profile.notice = note ?? null
  profile.comments = visible.filter((c) => c.userId !== viewer.id && !c.pinned).map(toComment)
  profile.myComment = mine ? toComment(mine) : null
  profile.pinnedComment = pinned ? toComment(pinned) : null
  profile.polls.show = { onComment: true, onBan: true, onPage: evidence.length === 0 }
  profile.evidence = evidence
  return profile
}


import { sql, type SQL } from 'drizzle-orm'
import {
  emptyNumberProfile,
  type Comment,
  type FofIncomingRequest,
  type FofOutgoingRequest,
  type NumberProfile,
  type TagCount,
} from '../../../contract/api/number-profile'
import type { DisputeState } from '../../../contract/api/dispute-state'
import type { PhoneKey } from '../../../contract/phone'
import { LIMITS } from '../../../contract/constants'
import { TAG_BY_CODE } from '../../../contract/tags'
import type { Db } from '../../db/client'
import { preparedStatement, jsonValue, type Param } from '../../db/client'
import {
  bans,
  comments,
  commentSubscriptions,
  contacts,
  importedEvidence,
  introductionAnswers,
  introductionRequests,
  nameSuggestions,
  notes,
  numbers,
  pageEpoch,
  pageVersions,
  pollAnswers,
  reactions,
  sessions,
  tags,
  threadReplies,
  users,
} from '../../db/schema'
import { commentFromJson, commentJson, type CommentJson } from '../comments/repository'
import { friendsWhoKnow, nameEntries } from '../contacts/name-repository'
import { latestDisputeJson } from '../disputes/repository'
import { postingBannedSql } from '../moderation/posting-ban-repository'
import { computeNeuroanalysis, neuroanalysisFor } from '../profiles/neuroanalysis'
import { reputationIndex } from '../reputation/formula'
import {
  countedEvidence,
  evidenceFrom,
  evidenceJson,
  importedDiscounted,
  pollDiscounted,
  untouchedEvidenceJson,
  type EvidenceRows,
} from './evidence-repository'

interface Viewer {
  id: number
  balance: number
  spySubscription: boolean
  /** A plan is in force: the full neuro-analysis. */
  planActive: boolean
}

const seconds = (at: string) => Math.floor(new Date(at).getTime() / 1000)

const tagName = (code: string) => TAG_BY_CODE.get(code)?.name ?? code

/** The most-answered tags of each kind, from polls and imported lists, given tag counts ordered by count. */
function tagsTopFrom(list: TagTotal[]): NumberProfile['tagsTop'] {
  return {
    callerType: topOfKind(list, 'callerType')[0] ?? null,
    categories: topOfKind(list, 'category'),
    subcategories: topOfKind(list, 'subcategory'),
    callReasons: topOfKind(list, 'callReason'),
    emotags: topOfKind(list, 'emotag'),
  }
}

type TagTotal = { id: number; code: string; kind: string; count: number }

/** The five most-answered tags of one kind. */
const topOfKind = (list: TagTotal[], kind: string): TagCount[] =>
  list
    .filter((r) => r.kind === kind)
    .slice(0, 5)
    .map((r) => ({ id: r.id, code: r.code, name: tagName(r.code), count: Number(r.count) }))

/** A page comment: the comment-list shape without the list's `pinned` flag and the owner's `hideRenews`. */
function toComment(row: CommentJson): Comment {
  const { pinned: _pinned, hideRenews: _hideRenews, ...rest } = commentFromJson(row)
  return rest
}

interface PageRow {
  evidence: EvidenceRows
  dispute: DisputeState | null
  bannedByMe: boolean
  /** The viewer lost the right to put text on the number (moderation). */
  postingBanned: boolean
  tags: Array<{ id: number; code: string; kind: string; count: number }>
  owner: { id: number; firstName: string | null; lastName: string | null; profileGoing: boolean; antispy: boolean; isPro: boolean } | null
  names: { firstName: string | null; lastName: string | null } | null
  contactsCount: number
  note: { id: number; text: string } | null
  suggestion: { firstName: string | null; lastName: string | null } | null
  comments: CommentJson[]
  /** Count and reactions over every comment the viewer may see, not only the ones loaded. */
  commentStats: { count: number; likes: number; dislikes: number }
  myPolls: number[]
  hasContacts: boolean
  fof: Array<{ id: number; firstName: string | null; lastName: string | null }>
  outgoing: Array<Omit<FofOutgoingRequest, 'createdAtTimestamp'> & { createdAt: string }>
  incoming: Array<Omit<FofIncomingRequest, 'createdAtTimestamp'> & { createdAt: string }>
}

/**
 * What the page shows of a number to everybody, the same for every viewer: it can be kept
 * (page-cache.ts) while `version` and `epoch` (migration 0007) stay current.
 */
export interface PublicPage {
  version: number
  epoch: number
  evidence: EvidenceRows
  dispute: DisputeState | null
  tags: Array<{ id: number; code: string; kind: string; count: number }>
  owner: {
    id: number
    firstName: string | null
    lastName: string | null
    profileGoing: boolean
    antispy: boolean
    planExpiresAt: string | null
  } | null
  names: { firstName: string | null; lastName: string | null } | null
  contactsCount: number
  /** The first PUBLIC_COMMENTS comments in the page's order, as nobody in particular sees them (no own reactions). */
  comments: CommentJson[]
  /** Count and reactions over every comment, hidden ones included … */
  commentTotals: { count: number; likes: number; dislikes: number }
  /** … and the comments hidden now or later, which only their author and the number's owner count. */
  hidden: Array<{ userId: number; hiddenUntil: number; likes: number; dislikes: number }>
}

/** What one viewer sees of a number beyond the public page, with the versions to check a kept public page against. */
export interface ViewerPart {
  version: number
  epoch: number
  bannedByMe: boolean
  postingBanned: boolean
  note: PageRow['note']
  suggestion: PageRow['suggestion']
  myPolls: number[]
  hasContacts: boolean
  fof: PageRow['fof']
  outgoing: PageRow['outgoing']
  incoming: PageRow['incoming']
  /** The viewer's own comment on the number, as the viewer sees it. */
  own: CommentJson | null
  /** The viewer's reactions on the number's comments (c) and replies (t). */
  kinds: Array<{ t: 'comment' | 'thread'; id: number; kind: 'LIKE' | 'DISLIKE' | 'COMMENT_UP' }>
  /** The viewer's hidings of the number's reviews: do they renew. */
  renews: Array<{ id: number; renew: boolean }>
}

/** The page lists 20 comments; one more is kept so that a viewer's own comment taken out of the list leaves 20. */
const PAGE_COMMENTS = 20
const PUBLIC_COMMENTS = PAGE_COMMENTS + 1

/**
 * JSON of a user (`u`) named as the viewer saved them in their own book (`c`, joined on the
 * user's number), else by their own name; null when the account is deactivated (not joined).
 */
const knownAsJson = (u: string, c: string) =>
  sql.raw(`case when ${u}.id is null then null else json_build_object('id', ${u}.id,
    'firstName', case when ${c}.id is null then ${u}.first_name else ${c}.first_name end,
    'lastName', case when ${c}.id is null then ${u}.last_name else ${c}.last_name end) end`)

/** The `version` and `epoch` pairs of a page's JSON (what `versioned` reads), from a version already read; the epoch read here unless given. */
export const versionPairs = (version: SQL, epoch: SQL = sql`(select epoch from ${pageEpoch} where id = 1)`) =>
  sql`'version', ${version}, 'epoch', ${epoch}`

/** SQL: the `'version', …, 'epoch', …` pairs of a JSON object: the number's page version and the page epoch. */
export const versionsJson = (numberId: Param<number>) =>
  versionPairs(sql`coalesce((select version from ${pageVersions} where number_id = ${numberId}), 0)`)

/** A value read with versionsJson, its version and epoch as numbers (PGlite answers JSON parsed, `pg` may answer it as text). */
function versioned<T extends { version: number; epoch: number }>(json: T | string): T {
  const value = jsonValue(json)
  return { ...value, version: Number(value.version), epoch: Number(value.epoch) }
}

/**
 * The public page of a number in one statement (one round trip), read in one snapshot
 * with its version and epoch: evidence, dispute, tags, owner, names and the comments.
 */
export async function loadPublicPage(db: Db, numberId: number, e164: string): Promise<PublicPage> {
  const [row] = await publicPageStatement(db, { numberId, e164 })
  return versioned(row.page)
}

/** SQL: the owner of the number as `PublicPage['owner']`: who signed in with it (issue 29); an account a gift created, never signed in to, is nobody's yet. */
const ownerJson = (e164: Param<string>) => sql`(select json_build_object('id', id, 'firstName', first_name, 'lastName', last_name,
        'profileGoing', profile_going, 'antispy', antispy, 'planExpiresAt', plan_expires_at)
      from ${users} where phone = ${e164} and deactivated_at is null and exists (select 1 from ${sessions} where ${sessions.userId} = ${users.id}) limit 1)`

/**
 * The public page of a number nobody wrote anything about, read in one snapshot with its version
 * and epoch: one whose page version never moved (no comment, reply, poll answer, ban, contact entry, name
 * suggestion or dispute ever; migration 0019 gave every number that had one before 0007 a
 * version). Its imported entries, their tags and the owner are all it can show: far cheaper to
 * read than publicPageStatement (ADR 0058).
 */
export async function loadUntouchedPage(db: Db, numberId: number, e164: string): Promise<PublicPage> {
  const [row] = await untouchedPageStatement(db, { numberId, e164 })
  return readUntouchedPage(row.page)
}

/**
 * An untouched number's public page read as JSON (untouchedPageJson), with its tag totals: the
 * votes of its imported entries summed by tag, most first, then by code (as the public page's
 * statement orders them). Summed here rather than by the statement: the look-up's first statement
 * reads this page, and an aggregate there costs every batch its set-up, used or not (ADR 0067).
 * A code the catalogue no longer has (contract/tags.ts, which the table follows) has no tag total.
 */
export function readUntouchedPage(json: Omit<PublicPage, 'tags'> | string): PublicPage {
  const page = versioned(json)
  const votes = new Map<string, number>()
  for (const entry of page.evidence.imported) if (entry.code !== null) votes.set(entry.code, (votes.get(entry.code) ?? 0) + entry.votes)
  const tagTotals: PublicPage['tags'] = []
  for (const [code, count] of votes) {
    const tag = TAG_BY_CODE.get(code)
    if (tag) tagTotals.push({ id: tag.id, code, kind: tag.kind, count })
  }
  tagTotals.sort((a, b) => b.count - a.count || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
  return { ...page, tags: tagTotals }
}

const untouchedPageStatement = preparedStatement<{ page: PublicPage | string }, { numberId: number; e164: string }>(
  ({ numberId, e164 }) => sql`select ${untouchedPageJson(numberId, e164)} as page`,
)

/**
 * SQL: the public page of an untouched number as one JSON value but its tag totals (readUntouchedPage adds them), with its
 * version and epoch: `versions`, the pairs versionsJson gives (the look-up's first statement, which reads this page too, passes the ones it read already).
 */
export const untouchedPageJson = (
  numberId: Param<number>,
  e164: Param<string>,
  versions: SQL = versionsJson(numberId),
) => sql`json_build_object(
    ${versions},
    'evidence', ${untouchedEvidenceJson(numberId)},
    'dispute', null,
    'owner', ${ownerJson(e164)},
    'names', null, 'contactsCount', 0, 'comments', '[]'::json,
    'commentTotals', json_build_object('count', 0, 'likes', 0, 'dislikes', 0), 'hidden', '[]'::json)`

const publicPageStatement = preparedStatement<{ page: PublicPage | string }, { numberId: number; e164: string }>(
  ({ numberId, e164 }) => sql`
    with
    tag_counts as (
      select t.id, t.code, t.kind, sum(x.n)::int as count from (
        -- What an upheld dispute discounted does not make the top tags either.
        select pa.tag_id, count(*) as n from ${pollAnswers} pa where pa.number_id = ${numberId} and not ${pollDiscounted(numberId, 'pa')} group by pa.tag_id
        union all
        select ie.tag_id, sum(ie.votes) as n from ${importedEvidence} ie
        where ie.number_id = ${numberId} and ie.tag_id is not null and not ${importedDiscounted(numberId, 'ie')} group by ie.tag_id
      ) x join ${tags} t on t.id = x.tag_id
      group by t.id, t.code, t.kind
    ),
    cmt_order as (
      select ${comments.id} as id,
        row_number() over (order by ${comments.pinned} desc, ${comments.commentUps} desc,
          ${comments.likes} - ${comments.dislikes} desc, ${comments.createdAt} desc, ${comments.id} desc) as rn
      from ${comments} join ${users} on ${users.id} = ${comments.userId} and ${users.deactivatedAt} is null
      where ${comments.numberId} = ${numberId} and ${comments.removedAt} is null
      order by rn
      limit ${PUBLIC_COMMENTS}
    ),
    -- The JSON (replies, reactions) only for the ones shown, not for every comment of the number.
    cmts as (
      select ${commentJson(0)} as j, o.rn
      from cmt_order o join ${comments} on ${comments.id} = o.id join ${users} on ${users.id} = ${comments.userId}
    ),
    name_entries as (select * from ${nameEntries(numberId)} e),
    all_cmts as (
      select c.user_id, c.likes, c.dislikes, c.hidden_until
      from ${comments} c join ${users} cu on cu.id = c.user_id and cu.deactivated_at is null
      where c.number_id = ${numberId} and c.removed_at is null
    )
    select json_build_object(
      ${versionsJson(numberId)},
      'evidence', ${evidenceJson(numberId)},
      'dispute', ${latestDisputeJson(numberId)},
      'tags', (select coalesce(json_agg(tc order by tc.count desc, tc.code), '[]'::json) from tag_counts tc),
      'owner', ${ownerJson(e164)},
      'names', (select json_build_object('firstName', (array_agg(first_name order by source, entry_id))[1], 'lastName', (array_agg(last_name order by source, entry_id))[1])
        from name_entries group by name_hash order by count(distinct user_id) desc, min(source), min(entry_id) limit 1),
      'contactsCount', (select count(distinct name_hash)::int from name_entries),
      'comments', (select coalesce(json_agg(c.j order by c.rn), '[]'::json) from cmts c),
      'commentTotals', (select json_build_object('count', count(*)::int, 'likes', coalesce(sum(likes), 0)::int, 'dislikes', coalesce(sum(dislikes), 0)::int) from all_cmts),
      'hidden', (select coalesce(json_agg(json_build_object('userId', user_id, 'hiddenUntil', floor(extract(epoch from hidden_until))::bigint, 'likes', likes, 'dislikes', dislikes)), '[]'::json)
        from all_cmts where hidden_until > now())
    ) as page`,
)

/** SQL: the viewer's friends who know the number (up to 50), as a JSON array. */
export const fofJson = (
  numberId: Param<number>,
  viewerId: Param<number>,
) => sql`(select coalesce(json_agg(f order by f.id), '[]'::json) from (
      select u.id, coalesce(mine.first_name, u.first_name) as "firstName", case when mine.first_name is null then u.last_name else mine.last_name end as "lastName"
      from ${friendsWhoKnow(numberId, viewerId)}
      order by u.id
      limit 50) f)`

/**
 * SQL: what one viewer sees of a number beyond its public page, as JSON, with the page's
 * version and epoch: read when the viewer has a mark on the number (viewer_marks, issue 30);
 * the start of a search reads the rest itself (search/repository.ts, leanViewerPart).
 */
export const viewerPartJson = (numberId: Param<number>, viewerId: Param<number>) => sql`json_build_object(
    ${versionsJson(numberId)},
    'bannedByMe', exists(select 1 from ${bans} where number_id = ${numberId} and user_id = ${viewerId}),
    'postingBanned', ${postingBannedSql(viewerId, numberId)},
    'note', (select json_build_object('id', id, 'text', text) from ${notes} where number_id = ${numberId} and user_id = ${viewerId}),
    'suggestion', (select json_build_object('firstName', first_name, 'lastName', last_name) from ${nameSuggestions} where number_id = ${numberId} and user_id = ${viewerId}),
    'myPolls', (select coalesce(json_agg(tag_id order by tag_id), '[]'::json) from ${pollAnswers} where number_id = ${numberId} and user_id = ${viewerId}),
    'hasContacts', exists(select 1 from ${contacts} where owner_id = ${viewerId}),
    'fof', ${fofJson(numberId, viewerId)},
    'own', (select ${commentJson(viewerId)} from ${comments} join ${users} on ${users.id} = ${comments.userId} and ${users.deactivatedAt} is null
      where ${comments.numberId} = ${numberId} and ${comments.userId} = ${viewerId} and ${comments.removedAt} is null),
    -- From the viewer's own reactions and hidings (few) to the number's comments and replies.
    'kinds', (select coalesce(json_agg(json_build_object('t', r.target_type, 'id', r.target_id, 'kind', r.kind)), '[]'::json)
      from ${reactions} r
      left join ${comments} rc on r.target_type = 'comment' and rc.id = r.target_id
      left join ${threadReplies} rt on r.target_type = 'thread' and rt.id = r.target_id
      left join ${comments} rtc on rtc.id = rt.comment_id
      where r.user_id = ${viewerId} and (rc.number_id = ${numberId} or rtc.number_id = ${numberId})),
    'renews', (select coalesce(json_agg(json_build_object('id', cs.comment_id, 'renew', cs.auto_renew)), '[]'::json)
      from ${commentSubscriptions} cs join ${comments} sc on sc.id = cs.comment_id and sc.number_id = ${numberId}
      where cs.user_id = ${viewerId} and cs.status in ('active', 'cancelled')),
    -- The viewer's requests, with who accepted (the requester learns who knows the number).
    'outgoing', (select coalesce(json_agg(json_build_object('id', r.id, 'type', r.type, 'status', r.status, 'countFriends', r.count_friends,
      'createdAt', r.created_at, 'refunded', r.refunded_at is not null, 'acceptedBy', ${knownAsJson('au', 'ac')}) order by r.id desc), '[]'::json)
      from ${introductionRequests} r
      left join ${users} au on au.id = r.accepted_by and au.deactivated_at is null
      left join ${numbers} an on an.e164 = au.phone
      left join ${contacts} ac on ac.owner_id = ${viewerId} and ac.number_id = an.id
      where r.number_id = ${numberId} and r.from_user_id = ${viewerId}),
    -- Requests about this number that the viewer was asked to answer.
    'incoming', (select coalesce(json_agg(json_build_object('id', r.id, 'status', r.status, 'myAnswer', ia.status, 'createdAt', r.created_at,
      'requester', ${knownAsJson('ru', 'rc')}) order by r.id desc), '[]'::json)
      from ${introductionAnswers} ia join ${introductionRequests} r on r.id = ia.request_id
      left join ${users} ru on ru.id = r.from_user_id and ru.deactivated_at is null
      left join ${numbers} rn on rn.e164 = ru.phone
      left join ${contacts} rc on rc.owner_id = ${viewerId} and rc.number_id = rn.id
      where ia.user_id = ${viewerId} and r.number_id = ${numberId})
  )`

const viewerPartStatement = preparedStatement<{ part: ViewerPart | string }, { numberId: number; viewerId: number }>(
  ({ numberId, viewerId }) => sql`select ${viewerPartJson(numberId, viewerId)} as part`,
)

/** What the start of a search reads of the viewer's part itself: the page's versions (versionsJson), and what else to read. */
export interface LeanViewerPart {
  version: number
  epoch: number
  /** The viewer has something of their own on the number (viewer_marks): the full part is read. */
  marked: boolean
  hasContacts: boolean
}

const fofStatement = preparedStatement<{ fof: PageRow['fof'] | string }, { numberId: number; viewerId: number }>(
  ({ numberId, viewerId }) => sql`select ${fofJson(numberId, viewerId)} as fof`,
)

/**
 * The viewer's part of the page from what the start of a search read (ADR 0058): all of it read
 * again when the viewer has something of their own on the number; else their friends who know it
 * when they have a book to find them in; else nothing more.
 */
export async function viewerPartOf(db: Db, numberId: number, viewerId: number, lean: LeanViewerPart): Promise<ViewerPart> {
  if (lean.marked) return loadViewerPart(db, numberId, viewerId)
  const fof = lean.hasContacts ? jsonValue((await fofStatement(db, { numberId, viewerId }))[0].fof) : []
  return leanViewerPart(lean, fof)
}

/** The viewer's part of a number they have nothing of their own on: their friends who know it and nothing else. */
export function leanViewerPart(lean: LeanViewerPart, fof: PageRow['fof'] = []): ViewerPart {
  const { version, epoch, hasContacts } = versioned(lean)
  return {
    version,
    epoch,
    bannedByMe: false,
    postingBanned: false,
    note: null,
    suggestion: null,
    myPolls: [],
    hasContacts,
    fof,
    outgoing: [],
    incoming: [],
    own: null,
    kinds: [],
    renews: [],
  }
}

/** What one viewer sees of a number beyond its public page, in one statement, with the page's version and epoch. */
export async function loadViewerPart(db: Db, numberId: number, viewerId: number): Promise<ViewerPart> {
  const [row] = await viewerPartStatement(db, { numberId, viewerId })
  return versioned(row.part)
}

/** A kept public page of a number, when it is still current; where public pages are kept (page-cache.ts). */
export interface PublicPageStore {
  get(numberId: number): PublicPage | undefined
  set(numberId: number, page: PublicPage): void
}

/**
 * A public page that is the version the viewer's part was read with. (Not a closure in loadPage: under tsx
 * every named function made in a call costs an Object.defineProperty of its name, on the hot path.)
 */
const currentFor = (page: PublicPage | undefined, part: ViewerPart): page is PublicPage =>
  page?.version === part.version && page.epoch === part.epoch

/**
 * Everything the number page needs about one number and one viewer: the viewer's part
 * (one round trip, unless the start of the search read it already) and the public page, from `store` while its version and epoch are
 * current, else read again (a second round trip) and kept.
 */
async function loadPage(
  db: Db,
  numberId: number,
  e164: string,
  viewerId: number,
  store?: PublicPageStore,
  read?: ViewerPart,
  untouched?: PublicPage,
  now = Date.now(),
): Promise<PageRow> {
  const part = read ?? (await loadViewerPart(db, numberId, viewerId))
  const kept = store?.get(numberId)
  if (currentFor(kept, part)) return viewerPage(kept, part, viewerId, now)
  // A number nobody wrote about (no page version yet) has a far smaller page to read (ADR 0058), which the
  // look-up's first statement may have read already.
  const pub = currentFor(untouched, part)
    ? untouched
    : part.version === 0
      ? await loadUntouchedPage(db, numberId, e164)
      : await loadPublicPage(db, numberId, e164)
  // Kept only when nothing changed between the two reads; otherwise the next search reads again.
  if (currentFor(pub, part)) store?.set(numberId, pub)
  return viewerPage(pub, part, viewerId, now)
}

/** A comment of the public page with the viewer's reactions and renewal choice on it. */
const commentAsSeen = (c: CommentJson, kinds: Map<string, CommentJson['kinds']>, renews: Map<number, boolean>): CommentJson => ({
  ...c,
  kinds: kinds.get(`comment:${c.id}`) ?? [],
  hideRenews: renews.get(c.id) ?? null,
  thread: c.thread.map((t) => ({ ...t, kinds: kinds.get(`thread:${t.id}`) ?? [] })),
})

/** The page of one viewer: the public page with the viewer's own comment first, their reactions, and their counts. */
function viewerPage(pub: PublicPage, part: ViewerPart, viewerId: number, now: number): PageRow {
  const owner = pub.owner && {
    id: pub.owner.id,
    firstName: pub.owner.firstName,
    lastName: pub.owner.lastName,
    profileGoing: pub.owner.profileGoing,
    antispy: pub.owner.antispy,
    isPro: pub.owner.planExpiresAt !== null && new Date(pub.owner.planExpiresAt).getTime() > now,
  }
  const kinds = new Map<string, CommentJson['kinds']>()
  for (const k of part.kinds) kinds.set(`${k.t}:${k.id}`, [...(kinds.get(`${k.t}:${k.id}`) ?? []), k.kind])
  const renews = new Map(part.renews.map((r) => [r.id, r.renew]))
  // The viewer's own comment comes first, so that it is never cut off, then the others in the page's order.
  const others = pub.comments
    .filter((c) => c.userId !== viewerId)
    .slice(0, PAGE_COMMENTS - (part.own ? 1 : 0))
    .map((c) => commentAsSeen(c, kinds, renews))
  const list = part.own ? [part.own, ...others] : others
  // A hidden review counts for its author and the number's owner only.
  const isOwner = owner?.id === viewerId
  const stats = { ...pub.commentTotals }
  if (!isOwner) {
    for (const h of pub.hidden) {
      if (h.userId === viewerId || Number(h.hiddenUntil) * 1000 <= now) continue
      stats.count -= 1
      stats.likes -= h.likes
      stats.dislikes -= h.dislikes
    }
  }
  return {
    evidence: pub.evidence,
    dispute: pub.dispute,
    bannedByMe: part.bannedByMe,
    postingBanned: part.postingBanned,
    tags: pub.tags,
    owner,
    names: pub.names,
    contactsCount: pub.contactsCount,
    note: part.note,
    suggestion: part.suggestion,
    comments: list,
    commentStats: stats,
    myPolls: part.myPolls,
    hasContacts: part.hasContacts,
    fof: part.fof,
    outgoing: part.outgoing,
    incoming: part.incoming,
  }
}

function pageTagsTop(page: PageRow): NumberProfile['tagsTop'] {
  return tagsTopFrom(page.tags)
}

/** Comments the viewer may see: a hidden review stays visible to its author and to the number's owner. */
function visibleComments(rows: CommentJson[], viewerId: number, isOwner: boolean, now = new Date()) {
  return rows.filter((c) => isOwner || c.userId === viewerId || !(c.hiddenUntil !== null && Number(c.hiddenUntil) * 1000 > now.getTime()))
}

/** The neuro-analysis of a number as one viewer sees its data; null when nothing is known. */
export async function loadNeuroanalysis(db: Db, numberId: number, e164: string, viewerId: number, full: boolean, store?: PublicPageStore) {
  const page = await loadPage(db, numberId, e164, viewerId, store)
  const analysis = computeNeuroanalysis({
    numberId,
    evidence: countedEvidence(evidenceFrom(page.evidence)),
    tagsTop: pageTagsTop(page),
    comments: page.commentStats,
  })
  return neuroanalysisFor(analysis, full)
}

/** The whole number-profile shape of SPEC.md section 3 for one number and one viewer. */
export async function buildNumberProfile(
  db: Db,
  args: {
    numberId: number
    phone: PhoneKey
    region: string | null
    carrier: string | null
    viewer: Viewer
    leftRequests: number
    paid: boolean
    /** The viewer's part of the page, when the start of the search read it already. */
    part?: ViewerPart
    /** The public page of an untouched number, when the start of the search read it already. */
    untouched?: PublicPage
  },
  store?: PublicPageStore,
): Promise<NumberProfile> {
  const { numberId, viewer } = args
  const profile = emptyNumberProfile(args.phone.digits)
  const page = await loadPage(db, numberId, args.phone.e164, viewer.id, store, args.part, args.untouched)
  const evidence = evidenceFrom(page.evidence)
  const tagsTop = pageTagsTop(page)
  const owner = page.owner
  const names = page.names
  const commentRows = page.comments
  const isOwner = owner?.id === viewer.id
  const visible = visibleComments(commentRows, viewer.id, isOwner)
  const mine = commentRows.find((c) => c.userId === viewer.id)
  const pinned = visible.find((c) => c.pinned)
  const index = reputationIndex(evidence)
  const counted = countedEvidence(evidence)
  const totalVotes = counted.reduce((n, e) => n + e.votes, 0)
  const ownerListed = owner && (owner.profileGoing || isOwner)

  profile.suggestedProfile = { firstName: page.suggestion?.firstName ?? null, lastName: page.suggestion?.lastName ?? null }
  profile.averageProfile = { id: null, firstName: names?.firstName ?? null, lastName: names?.lastName ?? null }
  if (ownerListed) {
    profile.profile = {
      id: owner.id,
      firstName: owner.firstName,
      lastName: owner.lastName,
      antispy_subscription: owner.antispy,
      is_pro: owner.isPro,
    }
  }
  profile.metrics = {
    bans: page.evidence.bans.n + page.evidence.bans.discountedN,
    commentsCount: page.commentStats.count,
    contactsCount: page.contactsCount,
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
    isBanned: page.bannedByMe,
    postingBanned: page.postingBanned,
    isPaidRequest: args.paid,
    balance: viewer.balance,
    profileView: isOwner ? 'OWNER' : 'DEFAULT',
  }
  profile.tagsTop = tagsTop
  profile.notice = page.note ?? null
  profile.comments = visible.filter((c) => c.userId !== viewer.id && !c.pinned).map(toComment)
  profile.myComment = mine ? toComment(mine) : null
  profile.pinnedComment = pinned ? toComment(pinned) : null
  profile.polls.show = { onComment: true, onBan: true, onPage: evidence.length === 0 }
  profile.polls.pollAnswers = page.myPolls
  const incoming = page.incoming.map(({ createdAt, ...r }) => ({ ...r, createdAtTimestamp: seconds(createdAt) }))
  profile.fof = {
    ...profile.fof,
    hasContacts: page.hasContacts,
    list: page.fof,
    requests: {
      incoming,
      outgoing: page.outgoing.map(({ createdAt, ...o }) => ({ ...o, createdAtTimestamp: seconds(createdAt) })),
    },
    priceDirectly: LIMITS.defaultPriceDirectly,
    myIncomingRequests: incoming,
  }
  profile.neuroanalysis = neuroanalysisFor(
    computeNeuroanalysis({ numberId, evidence: counted, tagsTop, comments: page.commentStats }),
    viewer.planActive,
  )
  profile.evidence = evidence
  profile.dispute = page.dispute
  return profile
}

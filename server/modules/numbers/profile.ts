import { sql } from 'drizzle-orm'
import {
  emptyNumberProfile,
  type Comment,
  type FofIncomingRequest,
  type FofOutgoingRequest,
  type NumberProfile,
  type TagCount,
} from '../../../contract/api/number-profile'
import type { DisputeState } from '../../../contract/api/dispute-state'
import type { NormalizedPhone } from '../../../contract/phone'
import { LIMITS } from '../../../contract/constants'
import { TAG_BY_CODE } from '../../../contract/tags'
import type { Db } from '../../db/client'
import { rowsOf } from '../../db/client'
import {
  bans,
  comments,
  contacts,
  importedEvidence,
  introductionAnswers,
  introductionRequests,
  nameSuggestions,
  notes,
  numbers,
  pollAnswers,
  tags,
  users,
} from '../../db/schema'
import { commentFromJson, commentJson, type CommentJson } from '../comments/repository'
import { friendsWhoKnow, nameEntries } from '../contacts/names'
import { latestDisputeJson } from '../disputes/repository'
import { computeNeuroanalysis, neuroanalysisFor } from '../profiles/neuroanalysis'
import { reputationIndex } from '../reputation'
import { countedEvidence, evidenceFrom, evidenceJson, importedDiscounted, pollDiscounted, type EvidenceRows } from './evidence'

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
function tagsTopFrom(list: Array<{ id: number; code: string; kind: string; count: number }>): NumberProfile['tagsTop'] {
  const byKind = (kind: string): TagCount[] =>
    list
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

/** A page comment: the comment-list shape without the list's `pinned` flag. */
function toComment(row: CommentJson): Comment {
  const { pinned: _pinned, ...rest } = commentFromJson(row)
  return rest
}

interface PageRow {
  evidence: EvidenceRows
  dispute: DisputeState | null
  bannedByMe: boolean
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
 * JSON of a user (`u`) named as the viewer saved them in their own book (`c`, joined on the
 * user's number), else by their own name; null when the account is deactivated (not joined).
 */
const knownAsJson = (u: string, c: string) =>
  sql.raw(`case when ${u}.id is null then null else json_build_object('id', ${u}.id,
    'firstName', case when ${c}.id is null then ${u}.first_name else ${c}.first_name end,
    'lastName', case when ${c}.id is null then ${u}.last_name else ${c}.last_name end) end`)

/**
 * Everything the number page needs about one number and one viewer, in a single
 * SQL statement (one database round trip): evidence, tags, owner, names, notes,
 * comments, poll answers and friends of friends.
 */
async function loadPage(db: Db, numberId: number, e164: string, viewerId: number): Promise<PageRow> {
  const result = await db.execute(sql`
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
        row_number() over (order by ${comments.pinned} desc, ${comments.userId} = ${viewerId} desc, ${comments.commentUps} desc,
          ${comments.likes} - ${comments.dislikes} desc, ${comments.createdAt} desc, ${comments.id} desc) as rn
      from ${comments} join ${users} on ${users.id} = ${comments.userId} and ${users.deactivatedAt} is null
      where ${comments.numberId} = ${numberId} and ${comments.removedAt} is null
      -- The pinned comment and the viewer's own come first so that they are never cut off.
      order by rn
      limit 20
    ),
    -- The JSON (replies, reactions) only for the 20 shown, not for every comment of the number.
    cmts as (
      select ${commentJson(viewerId)} as j, o.rn
      from cmt_order o join ${comments} on ${comments.id} = o.id join ${users} on ${users.id} = ${comments.userId}
    ),
    name_entries as (select * from ${nameEntries(numberId)} e),
    friends as (
      select u.id, coalesce(mine.first_name, u.first_name) as "firstName", case when mine.first_name is null then u.last_name else mine.last_name end as "lastName"
      from ${friendsWhoKnow(numberId, viewerId)}
      order by u.id
      limit 50
    )
    select json_build_object(
      'evidence', ${evidenceJson(numberId)},
      'dispute', ${latestDisputeJson(numberId)},
      'bannedByMe', exists(select 1 from ${bans} where number_id = ${numberId} and user_id = ${viewerId}),
      'tags', (select coalesce(json_agg(tc order by tc.count desc, tc.code), '[]'::json) from tag_counts tc),
      'owner', (select json_build_object('id', id, 'firstName', first_name, 'lastName', last_name, 'profileGoing', profile_going, 'antispy', antispy, 'isPro', coalesce(plan_expires_at > now(), false))
        from ${users} where phone = ${e164} and deactivated_at is null limit 1),
      'names', (select json_build_object('firstName', (array_agg(first_name order by source, entry_id))[1], 'lastName', (array_agg(last_name order by source, entry_id))[1])
        from name_entries group by name_hash order by count(distinct user_id) desc, min(source), min(entry_id) limit 1),
      'contactsCount', (select count(distinct name_hash)::int from name_entries),
      'note', (select json_build_object('id', id, 'text', text) from ${notes} where number_id = ${numberId} and user_id = ${viewerId}),
      'suggestion', (select json_build_object('firstName', first_name, 'lastName', last_name) from ${nameSuggestions} where number_id = ${numberId} and user_id = ${viewerId}),
      'comments', (select coalesce(json_agg(c.j order by c.rn), '[]'::json) from cmts c),
      -- Over all the comments the viewer may see (a review hidden by the owner counts for its author and the owner only).
      'commentStats', (select json_build_object('count', count(*)::int, 'likes', coalesce(sum(c.likes), 0)::int, 'dislikes', coalesce(sum(c.dislikes), 0)::int)
        from ${comments} c join ${users} cu on cu.id = c.user_id and cu.deactivated_at is null
        where c.number_id = ${numberId} and c.removed_at is null
          and (c.hidden_until is null or c.hidden_until <= now() or c.user_id = ${viewerId}
            or ${viewerId} = (select id from ${users} where phone = ${e164} and deactivated_at is null limit 1))),
      'myPolls', (select coalesce(json_agg(tag_id order by tag_id), '[]'::json) from ${pollAnswers} where number_id = ${numberId} and user_id = ${viewerId}),
      'hasContacts', exists(select 1 from ${contacts} where owner_id = ${viewerId}),
      'fof', (select coalesce(json_agg(f order by f.id), '[]'::json) from friends f),
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
    ) as page`)
  const [row] = rowsOf<{ page: PageRow | string }>(result)
  return typeof row.page === 'string' ? (JSON.parse(row.page) as PageRow) : row.page
}

function pageTagsTop(page: PageRow): NumberProfile['tagsTop'] {
  return tagsTopFrom(page.tags)
}

/** Comments the viewer may see: a hidden review stays visible to its author and to the number's owner. */
function visibleComments(rows: CommentJson[], viewerId: number, isOwner: boolean, now = new Date()) {
  return rows.filter((c) => isOwner || c.userId === viewerId || !(c.hiddenUntil !== null && Number(c.hiddenUntil) * 1000 > now.getTime()))
}

/** The neuro-analysis of a number as one viewer sees its data; null when nothing is known. */
export async function loadNeuroanalysis(db: Db, numberId: number, e164: string, viewerId: number, full: boolean) {
  const page = await loadPage(db, numberId, e164, viewerId)
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
  args: { numberId: number; phone: NormalizedPhone; region: string | null; carrier: string | null; viewer: Viewer; leftRequests: number; paid: boolean },
): Promise<NumberProfile> {
  const { numberId, viewer } = args
  const profile = emptyNumberProfile(args.phone.digits)
  const page = await loadPage(db, numberId, args.phone.e164, viewer.id)
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
    profile.profile = { id: owner.id, firstName: owner.firstName, lastName: owner.lastName, antispy_subscription: owner.antispy, is_pro: owner.isPro }
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
  profile.neuroanalysis = neuroanalysisFor(computeNeuroanalysis({ numberId, evidence: counted, tagsTop, comments: page.commentStats }), viewer.planActive)
  profile.evidence = evidence
  profile.dispute = page.dispute
  return profile
}

import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm'
import type { NotificationItem } from '../../../contract/api/notifications'
import type { FofRequestStatus } from '../../../contract/api/number-profile'
import type { NotificationKind, NotificationSettings } from '../../../contract/api/privacy'
import type { Db } from '../../db/client'
import { rowsOf } from '../../db/client'
import { contacts, introductionAnswers, introductionRequests, nameSuggestions, notifications, numbers, users } from '../../db/schema'
import { SUGGESTION_ACCEPTED_AT } from '../contacts/name-repository'
import { postingBannedSql } from '../moderation/posting-ban-repository'

const notificationColumns = {
  reply: users.notifyReply,
  newNotice: users.notifyNewNotice,
  newContactName: users.notifyNewContactName,
  commonAcquaintances: users.notifyCommonAcquaintances,
  deliverWithoutSound: users.deliverWithoutSound,
}
const notificationFields = {
  reply: 'notifyReply',
  newNotice: 'notifyNewNotice',
  newContactName: 'notifyNewContactName',
  commonAcquaintances: 'notifyCommonAcquaintances',
  deliverWithoutSound: 'deliverWithoutSound',
} as const satisfies Record<keyof NotificationSettings, keyof typeof users.$inferInsert>

/** What a notification carries besides its kind: the excerpt shown, and the request it asks about. */
export interface NotificationData {
  text?: string | null
  requestId?: number
}

export interface NotificationEvent {
  userId: number
  kind: NotificationKind
  numberId?: number | null
  actorId?: number | null
  /** With the user and kind, the event's identity: writing the same event again changes nothing. */
  refKey: string
  data?: NotificationData
}

/** How long an excerpt of a reply or comment the inbox keeps. */
export const EXCERPT_LENGTH = 140

export const excerpt = (text: string) => (text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : text)

/** The users column holding whether a user wants a kind of notification (DESIGN.md section 9). */
const wantsColumn = {
  reply: users.notifyReply,
  newNotice: users.notifyNewNotice,
  newContactName: users.notifyNewContactName,
  commonAcquaintances: users.notifyCommonAcquaintances,
} as const

/**
 * Writes notifications to the users a FROM clause over `users` selects, leaving out those
 * who switched the kind off, those deactivated, and the actor (nobody is told of their own
 * action). The unique (user, kind, ref_key) index makes a repeated event a no-op. Returns
 * how many were written.
 */
async function notifyWhere(db: Db, recipients: SQL, e: Omit<NotificationEvent, 'userId'>): Promise<number> {
  const result = await db.execute(sql`
    insert into ${notifications} (user_id, kind, number_id, actor_id, ref_key, data)
    select ${users.id}, ${e.kind}, ${e.numberId ?? null}::int, ${e.actorId ?? null}::int, ${e.refKey}, ${e.data ? JSON.stringify(e.data) : null}::jsonb
    from ${recipients}
      and ${users.deactivatedAt} is null
      and ${wantsColumn[e.kind]}
      ${e.actorId ? sql`and ${users.id} <> ${e.actorId}` : sql``}
    on conflict do nothing
    returning id`)
  return rowsOf(result).length
}

/** Notifies one user of an event (see notifyWhere for who is left out); true when a notification was written. */
export async function notify(db: Db, e: NotificationEvent): Promise<boolean> {
  return (await notifyWhere(db, sql`${users} where ${users.id} = ${e.userId}`, e)) > 0
}

/** Notifies each of the users of an event (see notifyWhere for who is left out); how many were written. */
export async function notifyMany(db: Db, userIds: number[], e: Omit<NotificationEvent, 'userId'>): Promise<number> {
  if (userIds.length === 0) return 0
  return notifyWhere(
    db,
    sql`${users} where ${users.id} in (${sql.join(
      userIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
    e,
  )
}

/** Notifies the owner of a number (the user whose verified sign-in number it is), when it has one. */
export async function notifyNumberOwner(db: Db, numberId: number, e: Omit<NotificationEvent, 'userId' | 'numberId'>): Promise<boolean> {
  const owner = sql`${users} join ${numbers} on ${numbers.e164} = ${users.phone} where ${numbers.id} = ${numberId}`
  return (await notifyWhere(db, owner, { ...e, numberId })) > 0
}

const fullName = (first: SQL, last: SQL) => sql`nullif(trim(concat_ws(' ', ${first}, ${last})), '')`

/**
 * After `ownerId` replaced their contact book: tells each owner of a number in it about a
 * name their number is saved under for the first time, a name nobody else gave it before
 * (in a book or an accepted suggestion); once per name (ref_key the name hash). Anonymous:
 * nobody learns who saved the number. Not for a number `ownerId` is banned from posting on:
 * their names do not show there (issue 29).
 */
export async function notifyNewContactNames(db: Db, ownerId: number): Promise<number> {
  const result = await db.execute(sql`
    insert into ${notifications} (user_id, kind, number_id, ref_key, data)
    select ${users.id}, 'newContactName', c.number_id, c.name_hash, json_build_object('text', ${fullName(sql`c.first_name`, sql`c.last_name`)})::jsonb
    from ${contacts} c
      join ${numbers} on ${numbers.id} = c.number_id
      join ${users} on ${users.phone} = ${numbers.e164}
    where c.owner_id = ${ownerId}
      and ${users.id} <> ${ownerId}
      and ${users.deactivatedAt} is null
      and ${users.notifyNewContactName}
      and not ${postingBannedSql(ownerId, sql`c.number_id`)}
      and not exists (select 1 from ${contacts} o where o.number_id = c.number_id and o.name_hash = c.name_hash and o.owner_id <> ${ownerId})
      and not exists (select 1 from ${nameSuggestions} s where s.number_id = c.number_id and s.name_hash = c.name_hash and s.removed_at is null
        group by s.name_hash having count(distinct s.user_id) >= ${SUGGESTION_ACCEPTED_AT})
    on conflict do nothing
    returning id`)
  return rowsOf(result).length
}

/**
 * After a user suggested a name for a number: when that suggestion made the name count
 * (exactly SUGGESTION_ACCEPTED_AT active users now suggest it, and no contact book has
 * it), tells the number's owner, once per name. The suggesting user is the actor (an owner
 * naming their own number is not told), but stays anonymous in the inbox.
 */
export async function notifyAcceptedSuggestion(
  db: Db,
  s: { userId: number; numberId: number; nameHash: string; name: string },
): Promise<boolean> {
  const [state] = rowsOf<{ suggesters: number; inBooks: boolean }>(
    await db.execute(sql`
      select
        (select count(distinct s.user_id)::int from ${nameSuggestions} s join ${users} su on su.id = s.user_id and su.deactivated_at is null
          where s.number_id = ${s.numberId} and s.name_hash = ${s.nameHash} and s.removed_at is null and not ${postingBannedSql(sql`s.user_id`, s.numberId)}) as suggesters,
        exists(select 1 from ${contacts} where number_id = ${s.numberId} and name_hash = ${s.nameHash}) as "inBooks"`),
  )
  if (Number(state.suggesters) !== SUGGESTION_ACCEPTED_AT || state.inBooks) return false
  return notifyNumberOwner(db, s.numberId, { kind: 'newContactName', actorId: s.userId, refKey: s.nameHash, data: { text: s.name } })
}

/** The notifications that quote a text: a comment (newNotice), a reply (reply), a contact name of a number (newContactName). */
export type QuotedText = { kind: 'newNotice' | 'reply'; id: number } | { kind: 'newContactName'; numberId: number; nameHash: string }

/**
 * A moderator removed a text (`text` null) or edited it (issue 33): the notifications that
 * quoted it no longer show it, or show the edited text (cut to an excerpt). Answers how many changed.
 */
export async function requoteText(db: Db, quoted: QuotedText, text: string | null): Promise<number> {
  const which =
    quoted.kind === 'newContactName'
      ? and(
          eq(notifications.kind, 'newContactName'),
          eq(notifications.numberId, quoted.numberId),
          eq(notifications.refKey, quoted.nameHash),
        )
      : and(eq(notifications.kind, quoted.kind), eq(notifications.refKey, String(quoted.id)))
  const value = text === null ? null : quoted.kind === 'newContactName' ? text : excerpt(text)
  const changed = await db
    .update(notifications)
    .set({
      data: sql`jsonb_set(coalesce(${notifications.data}, '{}'::jsonb), '{text}', coalesce(to_jsonb(${value}::text), 'null'::jsonb))`,
    })
    .where(which)
    .returning({ id: notifications.id })
  return changed.length
}

interface ItemRow {
  id: number
  kind: NotificationKind
  created_at: string | Date
  read: boolean
  e164: string | null
  actor_id: number | null
  actor_first_name: string | null
  actor_last_name: string | null
  text: string | null
  request_id: number | null
  answer: 'pending' | 'accepted' | 'declined' | null
  request_status: FofRequestStatus | null
}

const seconds = (d: string | Date) => Math.floor(new Date(d).getTime() / 1000)

/**
 * The user's inbox, newest first: each item with its number, the actor (named as the
 * user saved them in their own book, else by their own name; null once deactivated,
 * whose texts are hidden then too), and for an introduction request its state.
 */
export async function listNotifications(db: Db, userId: number, limit: number, offset: number) {
  const result = await db.execute(sql`
    select n.id, n.kind, n.created_at, n.read_at is not null as read, num.e164,
      -- Who saved your number stays private; a deactivated account is hidden with its texts.
      case when n.kind = 'newContactName' or a.deactivated_at is not null then null else a.id end as actor_id,
      case when ac.id is null then a.first_name else ac.first_name end as actor_first_name,
      case when ac.id is null then a.last_name else ac.last_name end as actor_last_name,
      case when n.kind in ('reply', 'newNotice') and a.deactivated_at is not null then null else n.data->>'text' end as text,
      ir.id as request_id, ia.status as answer, ir.status as request_status
    from ${notifications} n
      left join ${numbers} num on num.id = n.number_id
      left join ${users} a on a.id = n.actor_id
      left join ${numbers} an on an.e164 = a.phone
      left join ${contacts} ac on ac.owner_id = n.user_id and ac.number_id = an.id
      left join ${introductionRequests} ir on ir.id = (n.data->>'requestId')::int
      left join ${introductionAnswers} ia on ia.request_id = ir.id and ia.user_id = n.user_id
    where n.user_id = ${userId}
    order by n.created_at desc, n.id desc
    limit ${limit} offset ${offset}`)
  const items: NotificationItem[] = rowsOf<ItemRow>(result).map((r) => ({
    id: r.id,
    kind: r.kind,
    createdAtTimestamp: seconds(r.created_at),
    read: Boolean(r.read),
    phoneNumber: r.e164 ? r.e164.replace(/^\+/, '') : null,
    actor: r.actor_id === null ? null : { firstName: r.actor_first_name, lastName: r.actor_last_name },
    text: r.text,
    request:
      r.request_id !== null && r.answer !== null && r.request_status !== null
        ? { id: r.request_id, answer: r.answer, status: r.request_status }
        : null,
  }))
  const counts = await inboxCounts(db, userId)
  return { items, ...counts }
}

/** How many notifications the user has, and how many of them are unread. */
export async function inboxCounts(db: Db, userId: number): Promise<{ total: number; unread: number }> {
  const [row] = await db
    .select({ total: count(), unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)::int` })
    .from(notifications)
    .where(eq(notifications.userId, userId))
  return { total: Number(row.total), unread: Number(row.unread) }
}

/** Marks one of the user's notifications read; false when the user has none with that id (someone else's, or unknown). */
export async function markRead(db: Db, userId: number, id: number): Promise<boolean> {
  const [mine] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id })
  return Boolean(mine)
}

export async function markAllRead(db: Db, userId: number): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
}

/** Marks the user's notification about an introduction request read (they answered it). */
export async function markRequestRead(db: Db, userId: number, requestId: number): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.kind, 'commonAcquaintances'),
        eq(notifications.refKey, String(requestId)),
        isNull(notifications.readAt),
      ),
    )
}

/** The user's notification settings (DESIGN.md section 9). */
export async function notificationSettingsOf(db: Db, userId: number): Promise<NotificationSettings | null> {
  const [row] = await db.select(notificationColumns).from(users).where(eq(users.id, userId))
  return row ?? null
}

/** Changes the given notification settings, the others stay; answers all of them. */
export async function setNotificationSettings(
  db: Db,
  userId: number,
  change: Partial<NotificationSettings>,
): Promise<NotificationSettings | null> {
  const set = Object.fromEntries(
    (Object.keys(notificationFields) as Array<keyof NotificationSettings>)
      .filter((k) => change[k] !== undefined)
      .map((k) => [notificationFields[k], change[k]]),
  )
  if (!Object.keys(set).length) return notificationSettingsOf(db, userId)
  const [row] = await db.update(users).set(set).where(eq(users.id, userId)).returning(notificationColumns)
  return row ?? null
}

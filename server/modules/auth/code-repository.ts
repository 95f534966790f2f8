import crypto from 'node:crypto'
import { and, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm'
import { LIMITS } from '../../../contract/constants'
import { ERROR_CODES } from '../../../contract/errors'
import type { Db } from '../../db/client'
import { authCodes, users } from '../../db/schema'
import { AppError, badRequest } from '../../errors'
import { purgeUser, RESTORE_MS } from '../privacy/repository'
import { openSession } from './session-repository'
import type { TokenService } from './tokens'
import { keyedTransactionLock } from '../../db/locks'

/** How long after its expiry a confirmed code may still be exchanged for a token. */
export const EXCHANGE_GRACE_MS = 5 * 60_000

/** Six digits from a CSPRNG, unique among the codes that are still live. */
export async function createCode(db: Db): Promise<{ code: string; deviceId: string }> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')
    const [clash] = await db
      .select({ id: authCodes.id })
      .from(authCodes)
      .where(and(eq(authCodes.code, code), gt(authCodes.expiresAt, new Date(Date.now() - EXCHANGE_GRACE_MS))))
      .limit(1)
    if (clash) continue
    const deviceId = crypto.randomUUID()
    await db.insert(authCodes).values({
      code,
      deviceId,
      expiresAt: new Date(Date.now() + LIMITS.authCodeTtlSeconds * 1000),
    })
    return { code, deviceId }
  }
  throw new AppError(503, ERROR_CODES.INTERNAL, 'No sign-in code is free right now; try again in a minute')
}

async function latest(db: Db, code: string) {
  const [row] = await db.select().from(authCodes).where(eq(authCodes.code, code)).orderBy(desc(authCodes.id)).limit(1)
  return row
}

/** Records that the user accepted the terms for this code. Null when the code is unknown. */
export async function agreeToTerms(db: Db, code: string): Promise<boolean> {
  const row = await latest(db, code)
  if (!row) return false
  if (row.expiresAt.getTime() < Date.now()) throw badRequest('This sign-in code has expired; start again', ERROR_CODES.CODE_EXPIRED)
  await db.update(authCodes).set({ agreedAt: new Date() }).where(eq(authCodes.id, row.id))
  return true
}

export type ConfirmResult = 'confirmed' | 'unknown' | 'expired' | 'already'

/** Marks a live code confirmed for a verified phone number; a code is confirmed once. */
export async function confirmCode(db: Db, code: string, phone: string, via: string): Promise<ConfirmResult> {
  const [done] = await db
    .update(authCodes)
    .set({ confirmedPhone: phone, confirmedVia: via, confirmedAt: new Date() })
    .where(and(eq(authCodes.code, code), isNull(authCodes.confirmedAt), gt(authCodes.expiresAt, new Date())))
    .returning({ id: authCodes.id })
  if (done) return 'confirmed'
  const row = await latest(db, code)
  if (!row) return 'unknown'
  if (row.confirmedAt) return 'already'
  return 'expired'
}

/** Ties a messenger chat to a live code (Telegram /start, Viber context). */
export async function attachChat(db: Db, code: string, chat: string): Promise<boolean> {
  const [row] = await db
    .update(authCodes)
    .set({ providerChat: chat })
    .where(and(eq(authCodes.code, code), isNull(authCodes.confirmedAt), gt(authCodes.expiresAt, new Date())))
    .returning({ id: authCodes.id })
  return Boolean(row)
}

export async function codeForChat(db: Db, chat: string): Promise<string | null> {
  const [row] = await db
    .select({ code: authCodes.code })
    .from(authCodes)
    .where(and(eq(authCodes.providerChat, chat), isNull(authCodes.confirmedAt), gt(authCodes.expiresAt, new Date())))
    .orderBy(desc(authCodes.id))
    .limit(1)
  return row?.code ?? null
}

/*
 * Flash call: the code remembers the number the user will call from in providerChat as
 * `call:<e164>`, `call-refused:<e164>` once a call from it failed its carrier's
 * STIR/SHAKEN check (the poll then reports CALL_NOT_ATTESTED), and `call-disturbed:<e164>`
 * once another code was bound to the same number while it waited (ADR 0047): a call
 * proves only the number, not which browser typed it, so it then confirms neither.
 */
const CALLER = 'call:'
const REFUSED_CALLER = 'call-refused:'
const DISTURBED_CALLER = 'call-disturbed:'

const callRefused = () =>
  new AppError(
    400,
    ERROR_CODES.CALL_NOT_ATTESTED,
    'The carrier could not confirm the call came from this number; start again or use another method',
  )
const callDisturbed = () =>
  new AppError(400, ERROR_CODES.CALL_DISTURBED, 'Another sign-in for this number was started at the same time; start again')

/**
 * Serialises the bindings and calls of one number across server processes until the
 * transaction ends (on PGlite, one connection, transactions run one at a time anyway).
 */
async function lockNumber(tx: Db, phone: string): Promise<void> {
  await tx.execute(keyedTransactionLock('flashcall', phone))
}

/** Live, unconfirmed codes bound to this number that a call could otherwise confirm, or did disturb. */
const boundTo = (phone: string) =>
  and(
    inArray(authCodes.providerChat, [CALLER + phone, DISTURBED_CALLER + phone]),
    isNull(authCodes.confirmedAt),
    gt(authCodes.expiresAt, new Date()),
  )

export type ExpectCallResult =
  { result: 'pending'; expiresAt: Date } | { result: 'unknown' } | { result: 'expired' } | { result: 'already' }

/**
 * Records which number will call for a live code; a refused or disturbed code stays so.
 * When another live code is bound to the same number (waiting or disturbed), every code
 * waiting for it is disturbed, this one too. The answer is the same either way, so a
 * binding does not tell whether someone else signs in with the number.
 */
export async function expectCall(
  db: Db,
  code: string,
  phone: string,
  fromOwner: (deviceId: string) => Promise<boolean> = async () => true,
): Promise<ExpectCallResult> {
  // A code asked for by another client reads as unknown: a guessed code cannot be pointed at a number.
  const issued = await latest(db, code)
  if (!issued || !(await fromOwner(issued.deviceId))) return { result: 'unknown' }
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db
    await lockNumber(tx, phone)
    const [row] = await tx
      .update(authCodes)
      .set({ providerChat: CALLER + phone })
      .where(
        and(
          eq(authCodes.id, issued.id),
          isNull(authCodes.confirmedAt),
          gt(authCodes.expiresAt, new Date()),
          sql`coalesce(${authCodes.providerChat}, '') not like ${REFUSED_CALLER + '%'}`,
          sql`coalesce(${authCodes.providerChat}, '') not like ${DISTURBED_CALLER + '%'}`,
        ),
      )
      .returning({ id: authCodes.id, expiresAt: authCodes.expiresAt })
    if (row) {
      const [other] = await tx
        .select({ id: authCodes.id })
        .from(authCodes)
        .where(and(boundTo(phone), ne(authCodes.id, row.id)))
        .limit(1)
      if (other) {
        await tx
          .update(authCodes)
          .set({ providerChat: DISTURBED_CALLER + phone })
          .where(and(eq(authCodes.providerChat, CALLER + phone), isNull(authCodes.confirmedAt), gt(authCodes.expiresAt, new Date())))
      }
      return { result: 'pending' as const, expiresAt: row.expiresAt }
    }
    const [last] = await tx.select().from(authCodes).where(eq(authCodes.id, issued.id))
    if (last.confirmedAt) return { result: 'already' as const }
    if (last.providerChat?.startsWith(REFUSED_CALLER)) throw callRefused()
    if (last.providerChat?.startsWith(DISTURBED_CALLER) && last.expiresAt.getTime() > Date.now()) throw callDisturbed()
    return { result: 'expired' as const }
  })
}

export type CallOutcome = 'confirmed' | 'refused' | 'ignored'

/**
 * An inbound flash call from a verified caller id. It confirms a code only when exactly
 * one live code is bound to the number and it was never disturbed; with none or several
 * it confirms nothing. A call that failed attestation refuses that one code instead.
 */
export async function answerCall(db: Db, phone: string, attested: boolean): Promise<CallOutcome> {
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db
    await lockNumber(tx, phone)
    const bound = await tx.select({ id: authCodes.id, providerChat: authCodes.providerChat }).from(authCodes).where(boundTo(phone)).limit(2)
    if (bound.length !== 1 || bound[0].providerChat !== CALLER + phone) return 'ignored'
    const { id } = bound[0]
    if (!attested) {
      await tx
        .update(authCodes)
        .set({ providerChat: REFUSED_CALLER + phone })
        .where(eq(authCodes.id, id))
      return 'refused'
    }
    const [done] = await tx
      .update(authCodes)
      .set({ confirmedPhone: phone, confirmedVia: 'flashcall', confirmedAt: new Date() })
      .where(and(eq(authCodes.id, id), isNull(authCodes.confirmedAt)))
      .returning({ id: authCodes.id })
    return done ? 'confirmed' : 'ignored'
  })
}

export type CheckOutcome =
  { status: false } | { status: true; token: string; phoneNumber: string; profileId: number; deviceId: string; isNewUser: boolean }

/**
 * The poll of SPEC.md section 4: false until a provider confirmed the code, then the
 * token, once. Unknown codes return null so the caller can count the wrong attempt, and
 * so do codes asked for by another client than this one (`fromOwner` says which it is).
 */
export async function checkCode(
  db: Db,
  tokens: TokenService,
  code: string,
  fromOwner: (deviceId: string) => Promise<boolean> = async () => true,
): Promise<CheckOutcome | null> {
  const row = await latest(db, code)
  if (!row || !(await fromOwner(row.deviceId))) return null
  if (row.exchangedAt) throw badRequest('This sign-in code was already used; start again', ERROR_CODES.CODE_USED)
  const now = Date.now()
  if (!row.confirmedAt) {
    if (row.providerChat?.startsWith(REFUSED_CALLER)) throw callRefused()
    if (row.providerChat?.startsWith(DISTURBED_CALLER)) throw callDisturbed()
    if (row.expiresAt.getTime() < now) throw badRequest('This sign-in code has expired; start again', ERROR_CODES.CODE_EXPIRED)
    return { status: false }
  }
  if (row.expiresAt.getTime() + EXCHANGE_GRACE_MS < now) {
    throw badRequest('This sign-in code has expired; start again', ERROR_CODES.CODE_EXPIRED)
  }
  if (!row.agreedAt) {
    throw badRequest('Accept the terms of use before signing in', ERROR_CODES.CODE_TERMS_NOT_ACCEPTED)
  }
  const phone = row.confirmedPhone!
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(authCodes)
      .set({ exchangedAt: new Date() })
      .where(and(eq(authCodes.id, row.id), isNull(authCodes.exchangedAt)))
      .returning({ id: authCodes.id })
    if (!claimed) throw badRequest('This sign-in code was already used; start again', ERROR_CODES.CODE_USED)
    const { user, isNew } = await upsertUser(tx as unknown as Db, phone)
    const token = await openSession(tx as unknown as Db, tokens, user.id, row.deviceId)
    return { status: true, token, phoneNumber: phone, profileId: user.id, deviceId: row.deviceId, isNewUser: isNew }
  })
}

/**
 * Creates the account on first sign-in; signing in again within 30 days of deactivation
 * restores it. Later than that the account is no longer restored, whether or not the
 * purge job has come by yet: it is purged now and the number starts a new account.
 */
export async function upsertUser(db: Db, phone: string): Promise<{ user: { id: number }; isNew: boolean }> {
  const cutoff = new Date(Date.now() - RESTORE_MS)
  const [expired] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), isNull(users.purgedAt), lt(users.deactivatedAt, cutoff)))
  if (expired) await purgeUser(db, expired.id, cutoff)
  const [created] = await db.insert(users).values({ phone }).onConflictDoNothing({ target: users.phone }).returning({ id: users.id })
  if (created) return { user: created, isNew: true }
  const [existing] = await db.update(users).set({ deactivatedAt: null }).where(eq(users.phone, phone)).returning({ id: users.id })
  return { user: existing, isNew: false }
}

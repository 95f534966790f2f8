import crypto from 'node:crypto'
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { LIMITS } from '../../../contract/constants'
import { ERROR_CODES } from '../../../contract/errors'
import type { Db } from '../../db/client'
import { authCodes, users } from '../../db/schema'
import { AppError, badRequest } from '../../errors'
import { purgeUser, RESTORE_MS } from '../privacy/repository'
import { openSession } from './sessions'
import type { TokenService } from './tokens'

/** How long after its expiry a confirmed code may still be exchanged for a token. */
const EXCHANGE_GRACE_MS = 5 * 60_000

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
 * `call:<e164>`, and `call-refused:<e164>` once a call from it failed its carrier's
 * STIR/SHAKEN check (the poll then reports CALL_NOT_ATTESTED).
 */
const CALLER = 'call:'
const REFUSED_CALLER = 'call-refused:'

const callRefused = () =>
  new AppError(400, ERROR_CODES.CALL_NOT_ATTESTED, "The carrier could not confirm the call came from this number; start again or use another method")

export type ExpectCallResult = { result: 'pending'; expiresAt: Date } | { result: 'unknown' } | { result: 'expired' } | { result: 'already' }

/** Records which number will call for a live code; a refused code stays refused. */
export async function expectCall(db: Db, code: string, phone: string): Promise<ExpectCallResult> {
  const [row] = await db
    .update(authCodes)
    .set({ providerChat: CALLER + phone })
    .where(
      and(
        eq(authCodes.code, code),
        isNull(authCodes.confirmedAt),
        gt(authCodes.expiresAt, new Date()),
        sql`coalesce(${authCodes.providerChat}, '') not like ${REFUSED_CALLER + '%'}`,
      ),
    )
    .returning({ expiresAt: authCodes.expiresAt })
  if (row) return { result: 'pending', expiresAt: row.expiresAt }
  const last = await latest(db, code)
  if (!last) return { result: 'unknown' }
  if (last.confirmedAt) return { result: 'already' }
  if (last.providerChat?.startsWith(REFUSED_CALLER)) throw callRefused()
  return { result: 'expired' }
}

/** The live code waiting for a call from this number. */
export function codeForCaller(db: Db, phone: string): Promise<string | null> {
  return codeForChat(db, CALLER + phone)
}

/** A call for this code failed its attestation: the code can no longer be confirmed. */
export async function refuseCall(db: Db, code: string, phone: string): Promise<void> {
  await db
    .update(authCodes)
    .set({ providerChat: REFUSED_CALLER + phone })
    .where(and(eq(authCodes.code, code), eq(authCodes.providerChat, CALLER + phone), isNull(authCodes.confirmedAt)))
}

export type CheckOutcome =
  | { status: false }
  | { status: true; token: string; phoneNumber: string; profileId: number; deviceId: string; isNewUser: boolean }

/**
 * The poll of SPEC.md section 4: false until a provider confirmed the code, then the
 * token, once. Unknown codes return null so the caller can count the wrong attempt.
 */
export async function checkCode(db: Db, tokens: TokenService, code: string): Promise<CheckOutcome | null> {
  const row = await latest(db, code)
  if (!row) return null
  if (row.exchangedAt) throw badRequest('This sign-in code was already used; start again', ERROR_CODES.CODE_USED)
  const now = Date.now()
  if (!row.confirmedAt) {
    if (row.providerChat?.startsWith(REFUSED_CALLER)) throw callRefused()
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
  const [created] = await db
    .insert(users)
    .values({ phone })
    .onConflictDoNothing({ target: users.phone })
    .returning({ id: users.id })
  if (created) return { user: created, isNew: true }
  const [existing] = await db
    .update(users)
    .set({ deactivatedAt: null })
    .where(eq(users.phone, phone))
    .returning({ id: users.id })
  return { user: existing, isNew: false }
}

import { emptyNumberProfile, type NumberProfile } from '../../../contract/api/number-profile'
import { LIMITS } from '../../../contract/constants'
import type { NormalizedPhone } from '../../../contract/phone'
import type { Db } from '../../db/client'
import type { AuthUser } from '../../plugins/auth'
import { spendCoins } from '../coins/ledger'
import { describeNumber } from '../numbers/geo'
import { buildNumberProfile, type PublicPageStore } from '../numbers/profile'
import { upsertNumber } from '../numbers/repository'
import type { PlanLimits } from '../../db/entitlements'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { currentUser, signedOutError } from '../../plugins/auth'
import { SessionChanged, startSearch } from './daily-limit'
import { recordIndex, recordSearch } from './history'
import { KeptSearches, type SlowSearch } from './kept-searches'

/**
 * A look-up of a number's page by a signed-in user, with the rules of DESIGN.md
 * section 5: free for your own number; otherwise one of today's searches, then a
 * paid search (overlimit on, paidSearch=1, a coin) or only the phone block with the
 * paid alert. Recorded in the search history (anonymously under anti-spy), one row per
 * number and day with the index shown: a number looked up already today opens free (issue 30).
 */
export async function lookUpNumber(
  db: Db,
  auth: AuthUser,
  phone: NormalizedPhone,
  query: { locale?: string; paidSearch?: string },
  limits: PlanLimits,
  store?: PublicPageStore,
  kept?: KeptSearches,
): Promise<NumberProfile> {
  const keeping = kept && { kept, slow: kept.begin(auth.id) }
  try {
    return await lookUp(db, auth, phone, query, limits, store, keeping)
  } finally {
    keeping?.kept.end(keeping.slow)
  }
}

async function lookUp(
  db: Db,
  auth: AuthUser,
  phone: NormalizedPhone,
  query: { locale?: string; paidSearch?: string },
  limits: PlanLimits,
  store: PublicPageStore | undefined,
  keeping: { kept: KeptSearches; slow: SlowSearch } | undefined,
): Promise<NumberProfile> {
  const isOwn = phone.e164 === auth.phone
  // One round trip for the viewer, the daily limit, the number, the history and the viewer's part of the page;
  // then one for the public page unless this process keeps it.
  const start = await startSearch(db, {
    userId: auth.id,
    sessionId: auth.sessionId,
    phone: auth.phone,
    role: auth.role,
    e164: phone.e164,
    country: phone.country,
    own: isOwn,
    limits,
  })
  keeping?.kept.counted(keeping.slow, start.day, start.used)
  const viewer = start.viewer
  const locale = query.locale ?? viewer.locale ?? 'en'

  let left = start.left
  let numberId = start.numberId
  // A number looked up already today opens free, a paid one as paid still (issue 30).
  let paid = start.again?.paid ?? false
  if (left === null || numberId === null) {
    const price = LIMITS.defaultPaidSearchPrice
    const wantsPaid = viewer.overlimit && query.paidSearch === '1'
    if (wantsPaid && (await spendCoins(db, auth.id, price, 'paid_search', undefined)) !== null) {
      paid = true
      left = 0
      viewer.balance -= price
      numberId = await upsertNumber(db, phone.e164, phone.country)
      // Looked up for the rest of the day: the page's actions reload it free, still paid (issue 30).
      await recordSearch(db, { userId: auth.id, numberId, day: start.day, paid, anonymous: viewer.antispy, lookedUp: true })
    } else {
      const limited = emptyNumberProfile(phone.digits)
      limited.phone = { number: phone.e164, ...(await describeNumber(phone.e164, locale)) }
      limited.common = { ...limited.common, leftRequests: 0, balance: viewer.balance }
      limited.paidAlert = { show: true, paidSearchPrice: price }
      return limited
    }
  }

  const { region, carrier } = await describeNumber(phone.e164, locale)
  const profile = await buildNumberProfile(db, { numberId, phone, region, carrier, viewer, leftRequests: left, paid, part: start.part ?? undefined }, store)
  // The history row of the day holds the index the page shows; written when it is new or moved.
  if (profile.metrics.index !== start.again?.index) await recordIndex(db, { userId: auth.id, numberId, day: start.day, index: profile.metrics.index })
  if (keeping && !paid) {
    keeping.kept.keep(keeping.slow, {
      auth,
      start,
      numberId,
      e164: phone.e164,
      own: isOwn,
      locale: query.locale,
      body: searchAnswer(KeptSearches.marked(profile)),
    })
  }
  return profile
}

/** What the search answers: the profile in the API's envelope (kept answers are this, as text). */
export const searchAnswer = (data: NumberProfile) => ({ status: true as const, data })

/**
 * Runs a look-up as the request's user. Its statement checks the session itself (the auth
 * hook may have taken it from this process's memory, ADR 0029): when it ended, or the
 * account's phone or role changed, the session is asked again and the look-up runs once
 * more as the user it now is; a session that ended is a 403 like any other call's.
 */
export async function asSessionUser<T>(app: FastifyInstance, request: FastifyRequest, run: (auth: AuthUser) => Promise<T>): Promise<T> {
  try {
    return await run(currentUser(request))
  } catch (err) {
    if (!(err instanceof SessionChanged)) throw err
  }
  try {
    return await run(await app.recheckSession(request))
  } catch (err) {
    if (err instanceof SessionChanged) throw signedOutError()
    throw err
  }
}

import { LRUCache } from 'lru-cache'
import { emptyNumberProfile, type NumberProfile } from '../../../contract/api/number-profile'
import { LIMITS } from '../../../contract/constants'
import type { PhoneKey } from '../../../contract/phone'
import type { Db } from '../../db/client'
import type { AuthUser } from '../../plugins/auth'
import { spendCoins } from '../coins/ledger-repository'
import { describeNumber } from '../numbers/geo'
import { buildNumberProfile, viewerPartOf, type PublicPageStore } from '../numbers/page-repository'
import { upsertNumber } from '../numbers/repository'
import type { PlanLimits } from '../../db/entitlements'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { currentUser, signedOutError } from '../../plugins/auth'
import { SessionChanged, startSearch, type ShownIndex } from './repository'
import { recordIndex, recordPaidLookUp } from '../history/repository'

/**
 * The index each number's page showed last in this process, with the page's version: the next
 * look-up of the number writes it on its history row in its first statement (ADR 0050).
 */
const shownIndexes = new LRUCache<string, ShownIndex>({ max: 100_000 })

/**
 * Where an index can be guessed for a number this process has not shown yet: the blocklist kept in
 * memory (ADR 0059), whose entry has the index its evidence gives. A wrong guess costs one more
 * write: the page's own index is written after it (lookUpNumber).
 */
export interface IndexGuesses {
  indexGuess(e164: string): ShownIndex | null
}

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
  phone: PhoneKey,
  query: { locale?: string; paidSearch?: string },
  limits: PlanLimits,
  store?: PublicPageStore,
  kept?: IndexGuesses,
): Promise<NumberProfile> {
  const isOwn = phone.e164 === auth.phone
  const recent = shownIndexes.get(phone.e164)
  const shown = recent ?? kept?.indexGuess(phone.e164) ?? undefined
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
    shown,
    // A number this process showed lately likely has its public page kept; else an untouched one's comes with the first statement.
    readUntouched: !recent,
  })
  const viewer = start.viewer
  const locale = query.locale ?? viewer.locale ?? 'en'

  let left = start.left
  let numberId = start.numberId
  // A number looked up already today opens free, a paid one as paid still (issue 30).
  let paid = start.again?.paid ?? false
  if (left === null || numberId === null) {
    const price = LIMITS.defaultPaidSearchPrice
    const wantsPaid = viewer.overlimit && query.paidSearch === '1'
    const bought = wantsPaid
      ? await buyLookUp(db, { userId: auth.id, e164: phone.e164, country: phone.country, day: start.day, anonymous: viewer.antispy, price })
      : null
    if (bought) {
      paid = true
      left = 0
      if (bought.charged) viewer.balance -= price
      numberId = bought.numberId
    } else {
      const limited = emptyNumberProfile(phone.digits)
      limited.phone = { number: phone.e164, ...(await describeNumber(phone.e164, locale)) }
      limited.common = { ...limited.common, leftRequests: 0, balance: viewer.balance }
      limited.paidAlert = { show: true, paidSearchPrice: price }
      return limited
    }
  }

  const { region, carrier } = await describeNumber(phone.e164, locale)
  const part = start.part && (await viewerPartOf(db, numberId, auth.id, start.part))
  const profile = await buildNumberProfile(
    db,
    {
      numberId,
      phone,
      region,
      carrier,
      viewer,
      leftRequests: left,
      paid,
      part: part ?? undefined,
      untouched: start.untouched ?? undefined,
    },
    store,
  )
  // The history row of the day holds the index the page shows: written with the row when the page
  // had not changed since it was shown last, else now (a new row's, or one that moved).
  const written = start.again ? start.again.index : start.indexed
  if (profile.metrics.index !== written) await recordIndex(db, { userId: auth.id, numberId, day: start.day, index: profile.metrics.index })
  // Set again only when it changed: a popular number's entry stays as it is for every look-up of the same page.
  if (part && (recent?.version !== part.version || recent.epoch !== part.epoch || recent.index !== profile.metrics.index))
    shownIndexes.set(phone.e164, { version: part.version, epoch: part.epoch, index: profile.metrics.index })
  return profile
}

/** What the search answers: the profile in the API's envelope. */
export const searchAnswer = (data: NumberProfile) => ({ status: true as const, data })

/**
 * A paid look-up (DESIGN.md section 5): one coin for a number past the daily limit, spent in the
 * transaction that records the look-up, so the number opens free, still paid, for the rest of the
 * day (issue 30). The history row is written first: a paid look-up of the same number by the same
 * person at the same moment waits for it, then finds the number looked up and is charged nothing.
 * Null when the balance does not cover the price (nothing changed).
 */
async function buyLookUp(
  db: Db,
  args: { userId: number; e164: string; country: string | null; day: string; anonymous: boolean; price: number },
): Promise<{ numberId: number; charged: boolean } | null> {
  try {
    return await db.transaction(async (tx) => {
      const numberId = await upsertNumber(tx, args.e164, args.country)
      const first = await recordPaidLookUp(tx, { userId: args.userId, numberId, day: args.day, anonymous: args.anonymous })
      if (!first) return { numberId, charged: false }
      if ((await spendCoins(tx, args.userId, args.price, 'paid_search', undefined)) === null) throw new NotEnoughCoins()
      return { numberId, charged: true }
    })
  } catch (err) {
    if (err instanceof NotEnoughCoins) return null
    throw err
  }
}

class NotEnoughCoins extends Error {}

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

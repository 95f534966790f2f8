import { LRUCache } from 'lru-cache'
import type { Db } from '../../db/client'
import {
  blocklistChanges,
  blocklistVersion,
  communityBlocklist,
  personalBlocklist,
  personalChanges as personalListChanges,
} from '../blocklist/repository'
import { buildBook, cardNameOf, type BookName, type BuiltBook, type Card } from './vcard'

/** A book as one device sees it now: its version, cards and sync token. */
export interface BookState {
  book: BookName
  version: number
  built: BuiltBook
  token: string
}

/** What changed since a sync token: cards to fetch again and names of cards gone. `null`: the token is not valid. */
export type SyncChanges = { changed: Card[]; removed: string[] } | null

const TOKEN_PREFIX = 'urn:x-callerid:sync:'
/** How many numbers past the cut a capped book's sync looks at, besides twice the changes. */
const CAPPED_SYNC_MARGIN = 200

/**
 * The lowest vote count in a book that is full (as many numbers as its cap): numbers with
 * fewer votes are not in it. -1 when it is not full (every listed number is in it).
 */
function cutOf(built: BuiltBook, limit: number | null): number {
  if (limit === null || built.entries.size < limit) return -1
  let min = Infinity
  for (const e of built.entries.values()) min = Math.min(min, e.votes)
  return min
}

/** A cap's book as last built: its version and the build (`built` once done). */
interface CachedBook {
  version: number
  pending: Promise<BuiltBook>
  built?: BuiltBook
}

export function createBooks(db: Db) {
  // The newest built book of each cap: a million routers syncing the same version cost one
  // build, and a new version's build replaces the cap's book (its cards reused where the same),
  // so that no older version of a 100,000-card book stays in memory.
  const community = new LRUCache<string, CachedBook>({ max: 16 })

  async function communityBook(limit: number | null): Promise<BookState> {
    let version = await blocklistVersion(db)
    const capKey = String(limit ?? 'all')
    let cached = community.get(capKey)
    if (cached && cached.version > version) {
      // Built at a newer version since this request read its own: the newer cards are served,
      // under their version (a later sync from its token then sends no less than what changed).
      version = cached.version
    } else if (!cached || cached.version < version) {
      const previous = cached?.built
      const entry = { version } as CachedBook
      entry.pending = communityBlocklist(db, { limit }).then((entries) => (entry.built = buildBook('community', entries, previous)))
      entry.pending.catch(() => {
        if (community.get(capKey) === entry) community.delete(capKey)
      })
      community.set(capKey, entry)
      cached = entry
    }
    const built = await cached.pending
    return { book: 'community', version, built, token: `${TOKEN_PREFIX}c:${limit ?? 'all'}:${version}:${cutOf(built, limit)}` }
  }

  async function personalBook(userId: number): Promise<BookState> {
    const { version, entries } = await personalBlocklist(db, userId)
    return { book: 'personal', version, built: buildBook('personal', entries), token: `${TOKEN_PREFIX}p:${userId}:${version}` }
  }

  /** The changes of the community book since `token` for a device capped at `limit`. */
  async function communityChanges(state: BookState, limit: number | null, token: string): Promise<SyncChanges> {
    const m = /^c:(all|\d{1,9}):(\d{1,15}):(-1|\d{1,9})$/.exec(token)
    if (!m || m[1] !== String(limit ?? 'all')) return null
    const since = Number(m[2])
    const cut = Number(m[3])
    if (since > state.version) return null
    if (since === state.version) return { changed: [], removed: [] }
    const { built } = state
    const { entries: changes } = await blocklistChanges(db, since)
    const touched = new Set<string>()
    for (const e of changes) touched.add(cardNameOf(e.e164))
    if (limit !== null) {
      // Numbers that did not change cross the cap only when others did: those with no more
      // votes than the old cut may have come in; those at or above it that are out now may have left.
      if (cut >= 0) for (const e of built.entries.values()) if (e.votes <= cut) touched.add(cardNameOf(e.e164))
      if (cutOf(built, limit) >= 0) {
        const threshold = Math.max(cut, 1)
        const fetch = limit + 2 * changes.length + CAPPED_SYNC_MARGIN
        const wider = await communityBlocklist(db, { limit: fetch })
        const last = wider[wider.length - 1]
        if (wider.length >= fetch && last && last.votes >= threshold) return null
        for (const e of wider) if (e.votes >= threshold && !built.entries.has(e.e164)) touched.add(cardNameOf(e.e164))
      }
    }
    return split(built, touched)
  }

  /** The changes of a person's book since `token`: the numbers whose entry changed after it (a removed one has votes 0). */
  async function personalChanges(state: BookState, userId: number, token: string): Promise<SyncChanges> {
    const m = /^p:(\d{1,12}):(\d{1,15})$/.exec(token)
    if (!m || Number(m[1]) !== userId) return null
    const since = Number(m[2])
    if (since > state.version) return null
    if (since === state.version) return { changed: [], removed: [] }
    const { entries } = await personalListChanges(db, userId, since)
    return split(state.built, new Set(entries.map((e) => cardNameOf(e.e164))))
  }

  return {
    communityBook,
    personalBook,
    /**
     * True when `token` is this device's current token of the book: the answer to a sync with
     * nothing changed, from the version alone (one query for the community book), no card built.
     */
    async unchanged(book: BookName, device: { userId: number; limit: number | null }, token: string): Promise<boolean> {
      const rest = token.startsWith(TOKEN_PREFIX) ? token.slice(TOKEN_PREFIX.length) : ''
      if (book === 'community') {
        const m = /^c:(all|\d{1,9}):(\d{1,15}):(-1|\d{1,9})$/.exec(rest)
        return !!m && m[1] === String(device.limit ?? 'all') && Number(m[2]) === (await blocklistVersion(db))
      }
      const m = /^p:(\d{1,12}):(\d{1,15})$/.exec(rest)
      return !!m && Number(m[1]) === device.userId && Number(m[2]) === (await personalBlocklist(db, device.userId)).version
    },
    /** Changes since a sync token, or null when the token is not one of this book's (RFC 6578: DAV:valid-sync-token). */
    async changes(state: BookState, device: { userId: number; limit: number | null }, token: string): Promise<SyncChanges> {
      if (!token.startsWith(TOKEN_PREFIX) || token.length > 5000) return null
      const rest = token.slice(TOKEN_PREFIX.length)
      return state.book === 'community' ? communityChanges(state, device.limit, rest) : personalChanges(state, device.userId, rest)
    },
  }
}

export type Books = ReturnType<typeof createBooks>

function split(built: BuiltBook, names: Set<string>): { changed: Card[]; removed: string[] } {
  const changed: Card[] = []
  const removed: string[] = []
  for (const name of names) {
    const card = built.byName.get(name)
    if (card) changed.push(card)
    else removed.push(name)
  }
  return { changed, removed }
}

import type { ChangeFeed, Notice } from '../../db/change-feed'
import type { Db } from '../../db/client'
import { answerOf, entriesToKeep, type KeptEntry, type NumberAnswer, type Wildcard } from './repository'

/** Above this many entries the blocklist is not kept in memory (about 400 bytes each): `check` asks the database. */
export const MAX_KEPT_ENTRIES = 1_000_000
/** Entries read again per statement after notices. */
const REFETCH_BATCH = 5_000

/**
 * The community blocklist's entries kept in this process (ADR 0056), so that `check` by hash
 * answers a ringing phone without a database round trip. It is read whole on first use and
 * then kept current by the change feed: a written entry (`e<number>`) is read again, and
 * until then every answer comes from the database; a number whose evidence moved
 * (`n<number>:<page version>`) is answered from the database until its entry catches up.
 * `answer` gives null whenever the database must answer: not loaded, not listening, behind.
 */
export class BlocklistReplica {
  private readonly byNumber = new Map<number, KeptEntry>()
  private bySha1 = new Map<string, KeptEntry>()
  private byPrefix10 = new Map<string, Set<KeptEntry>>()
  private byPrefix100 = new Map<string, Set<KeptEntry>>()
  /** Each range's votes and rating, worked out at its first ask after a change (a hundred numbers may share one). */
  private ranges = new Map<string, Wildcard>()
  /** Numbers whose page moved past their entry: number → the page version noticed. */
  private behindPage = new Map<number, number>()
  /** Entries written since they were read. */
  private pending = new Set<number>()
  private state: 'empty' | 'loading' | 'ready' | 'too-large' = 'empty'
  private working: Promise<void> | null = null
  /** Bumped by a reset: work started before it is dropped. */
  private generation = 0

  constructor(
    private readonly db: Db,
    private readonly feed: ChangeFeed,
    private readonly maxEntries = MAX_KEPT_ENTRIES,
  ) {
    feed.on((notice) => this.notice(notice))
  }

  /** What `check` answers from memory; null when the database must answer. */
  answer(
    hash: string,
    range: { prefix10?: string; prefix100?: string },
    own: { banned: ReadonlySet<number>; legitimate: ReadonlySet<number> },
  ): NumberAnswer | null {
    if (!this.feed.live) return null
    if (this.state === 'empty') {
      this.start()
      return null
    }
    if (this.state !== 'ready' || this.pending.size > 0 || this.working) return null
    const entry = this.bySha1.get(hash)
    if (entry && (this.behindPage.has(entry.numberId) || entry.currentPageVersion !== entry.pageVersion)) return null
    let wildcard: Wildcard = { votes: 0, rating: null }
    for (const r of [this.range(this.byPrefix10, range.prefix10), this.range(this.byPrefix100, range.prefix100)])
      if (r.votes > wildcard.votes) wildcard = r
    if (!entry) return answerOf(null, wildcard)
    return answerOf(entry, wildcard, { blackListed: own.banned.has(entry.numberId), whiteListed: own.legitimate.has(entry.numberId) })
  }

  private range(index: Map<string, Set<KeptEntry>>, key: string | undefined): Wildcard {
    if (!key) return NO_RANGE
    const members = index.get(key)
    if (!members) return NO_RANGE
    let r = this.ranges.get(key)
    if (!r) this.ranges.set(key, (r = rangeOf(members)))
    return r
  }

  /** How many entries are kept (0 until loaded). */
  get size(): number {
    return this.state === 'ready' ? this.bySha1.size : 0
  }

  /** Resolves when nothing is being read (tests, the bench's warm-up). */
  async settled(): Promise<void> {
    while (this.working) await this.working
  }

  private notice(notice: Notice): void {
    if (notice === null) return this.reset()
    if (this.state === 'empty' || this.state === 'too-large') return
    if (notice[0] === 'e') {
      this.pending.add(Number(notice.slice(1)))
      this.work()
    } else if (notice[0] === 'n') {
      const [id, version] = notice.slice(1).split(':').map(Number)
      // Once loaded, only a kept entry can be behind (a number without one answers as unknown either way).
      if (this.state === 'ready' && !this.byNumber.has(id)) return
      if (version > (this.behindPage.get(id) ?? -1)) this.behindPage.set(id, version)
    }
  }

  private reset(): void {
    this.generation++
    this.bySha1 = new Map()
    this.byPrefix10 = new Map()
    this.byPrefix100 = new Map()
    this.ranges = new Map()
    this.behindPage.clear()
    this.pending.clear()
    this.state = 'empty'
    this.working = null
  }

  private start(): void {
    this.state = 'loading'
    this.work()
  }

  /** Reads the whole list, then again what was written meanwhile, one run at a time. */
  private work(): void {
    if (this.working) return
    const generation = this.generation
    const run = (async () => {
      try {
        if (this.state === 'loading') {
          const rows = await entriesToKeep(this.db, { limit: this.maxEntries + 1 })
          if (generation !== this.generation) return
          if (rows.length > this.maxEntries) {
            this.state = 'too-large'
            this.pending.clear()
            return
          }
          for (const row of rows) this.put(row)
          this.state = 'ready'
        }
        while (this.pending.size > 0 && generation === this.generation) {
          const ids = [...this.pending].slice(0, REFETCH_BATCH)
          for (const id of ids) this.pending.delete(id)
          const rows = await entriesToKeep(this.db, { numberIds: ids })
          if (generation !== this.generation) return
          const found = new Set(rows.map((r) => r.numberId))
          for (const id of ids) if (!found.has(id)) this.remove(id)
          for (const row of rows) this.put(row)
        }
      } catch {
        // The database could not answer: start again from nothing on the next call.
        if (generation === this.generation) this.reset()
      } finally {
        if (generation === this.generation) this.working = null
      }
    })()
    this.working = run
  }

  private put(row: KeptEntry): void {
    this.remove(row.numberId)
    this.byNumber.set(row.numberId, row)
    this.bySha1.set(row.sha1, row)
    add(this.byPrefix10, row.prefix10, row)
    add(this.byPrefix100, row.prefix100, row)
    this.ranges.delete(row.prefix10)
    this.ranges.delete(row.prefix100)
    const noticed = this.behindPage.get(row.numberId)
    if (noticed !== undefined && row.currentPageVersion >= noticed) this.behindPage.delete(row.numberId)
  }

  private remove(numberId: number): void {
    const old = this.byNumber.get(numberId)
    if (!old) return
    this.byNumber.delete(numberId)
    this.bySha1.delete(old.sha1)
    drop(this.byPrefix10, old.prefix10, old)
    drop(this.byPrefix100, old.prefix100, old)
    this.ranges.delete(old.prefix10)
    this.ranges.delete(old.prefix100)
  }
}

const NO_RANGE: Wildcard = { votes: 0, rating: null }

function add(index: Map<string, Set<KeptEntry>>, key: string, row: KeptEntry) {
  let set = index.get(key)
  if (!set) index.set(key, (set = new Set()))
  set.add(row)
}

function drop(index: Map<string, Set<KeptEntry>>, key: string, row: KeptEntry) {
  const set = index.get(key)
  if (!set) return
  set.delete(row)
  if (set.size === 0) index.delete(key)
}

/** A range's votes and its most-voted rating (most votes, then the lowest number), as the database's statement reckons them. */
function rangeOf(members: Set<KeptEntry>): Wildcard {
  let votes = 0
  let top: KeptEntry | null = null
  for (const m of members) {
    votes += m.votes
    if (m.votes > 0 && (!top || m.votes > top.votes || (m.votes === top.votes && m.e164 < top.e164))) top = m
  }
  return { votes, rating: top?.rating ?? null }
}

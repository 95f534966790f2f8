import { setImmediate as nextTurn } from 'node:timers/promises'
import fp from 'fastify-plugin'
import { LIMITS } from '../../../contract/constants'
import type { ChangeFeed, Notice } from '../../db/change-feed'
import type { Db } from '../../db/client'
import {
  answerOf,
  entriesToKeep,
  importNotRefreshed,
  sha1Hex,
  sha256Hex,
  numbersWithoutEntry,
  type KeptEntry,
  type NumberAnswer,
  type Wildcard,
} from './repository'

declare module 'fastify' {
  interface FastifyInstance {
    /** The community blocklist kept in this process: `check` by hash and the private look-up answer from it. */
    blocklist: BlocklistReplica
  }
}

/** A number of the private look-up's answer: its SHA-256 (hex), index and top label. */
export interface PrefixMatch {
  hash: string
  index: number
  label: string | null
}

/** Above this many entries the blocklist is not kept in memory (about 500 bytes each, ADR 0062): `check` asks the database. */
export const MAX_KEPT_ENTRIES = 1_000_000
/** Entries read again per statement after notices. */
const REFETCH_BATCH = 5_000
/** Entries read per statement when the whole list is read. */
const LOAD_BATCH = 5_000
/** Entries kept between two turns of the event loop while the whole list is read. */
const PUT_SLICE = 100

/**
 * The community blocklist's entries kept in this process (ADR 0056), so that `check` by hash
 * answers a ringing phone without a database round trip, and the private look-up by SHA-256
 * prefix too (ADR 0059). It is read whole when the server begins to listen (or on first use) and
 * then kept current by the change feed: a written entry (`e<number>`) is read again, and
 * until then every answer comes from the database; a number whose evidence moved
 * (`n<number>:<page version>`) is answered from the database until its entry catches up.
 * `answer` and `checkPrefix` give null whenever the database must answer: not loaded, not
 * listening, behind. The private look-up lists numbers with evidence, and a number gets its first
 * (a ban, a poll answer) before its entry: such a number is looked up on its notice, and its
 * prefix asked of the database until its entry comes.
 */
export class BlocklistReplica {
  private readonly byNumber = new Map<number, KeptEntry>()
  private bySha1 = new Map<string, KeptEntry>()
  private byPrefix10 = new Map<string, Group>()
  private byPrefix100 = new Map<string, Group>()
  /** Entries by the first 5 hex digits of their SHA-256 (the private look-up). */
  private bySha256Prefix = new Map<string, Group>()
  /** Numbers with evidence and no entry yet: number → its SHA-256 prefix. */
  private newcomers = new Map<number, string>()
  /** How many newcomers of each prefix. */
  private newcomerPrefixes = new Map<string, number>()
  /**
   * Numbers noticed without an entry and not looked up since (whether they have evidence, and their
   * prefix): number → when last noticed (a count of notices); a look-up older than that is asked again.
   */
  private noticedAt = new Map<number, number>()
  private notices = 0
  private resolving: Promise<void> | null = null
  /** Imported evidence was written after the last full refresh: entries may be behind it, unseen. */
  private importing = false
  /** Full refreshes noticed ('f'). */
  private fullRefreshes = 0
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
    private readonly loadBatch = LOAD_BATCH,
    private readonly putSlice = PUT_SLICE,
  ) {
    feed.on((notice) => this.notice(notice))
  }

  /** Whether what is kept may answer: listening, read whole (the first ask starts the read), no entry being read again. */
  private current(): boolean {
    if (!this.feed.live) return false
    if (this.state === 'empty') {
      this.start()
      return false
    }
    return this.state === 'ready' && this.pending.size === 0 && !this.working
  }

  /** Starts reading the list now, before anything asks (a server that begins to listen): the first calls find more of it kept. */
  keep(): void {
    if (this.state === 'empty' && this.feed.live) this.start()
  }

  /** What `check` answers from memory; null when the database must answer. */
  answer(
    hash: string,
    range: { prefix10?: string; prefix100?: string },
    own: { banned: ReadonlySet<number>; legitimate: ReadonlySet<number> },
  ): NumberAnswer | null {
    if (!this.current()) return null
    const entry = this.bySha1.get(hash)
    if (entry && (this.behindPage.has(entry.numberId) || entry.currentPageVersion !== entry.pageVersion)) return null
    let wildcard: Wildcard = { votes: 0, rating: null }
    for (const r of [this.range(this.byPrefix10, range.prefix10), this.range(this.byPrefix100, range.prefix100)])
      if (r.votes > wildcard.votes) wildcard = r
    if (!entry) return answerOf(null, wildcard)
    return answerOf(entry, wildcard, { blackListed: own.banned.has(entry.numberId), whiteListed: own.legitimate.has(entry.numberId) })
  }

  /** The private look-up's answer for a 5-hex-digit prefix (lower case), ordered by hash; null when the database must answer. */
  checkPrefix(prefix: string): PrefixMatch[] | null {
    if (!this.current()) return null
    if (this.importing || this.noticedAt.size > 0 || this.newcomerPrefixes.has(prefix)) return null
    const members = this.bySha256Prefix.get(prefix)
    if (!members) return []
    const matches: PrefixMatch[] = []
    for (const e of each(members)) {
      if (e.evidence === null || this.behindPage.has(e.numberId) || e.currentPageVersion !== e.pageVersion) return null
      if (e.evidence) matches.push({ hash: sha256Hex(e.e164), index: e.index, label: e.topLabel })
    }
    return matches.sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0))
  }

  /**
   * A guess of the index a number's page shows, with the page version it holds for (a look-up
   * writes it on its history row in its first statement while the page is still that version):
   * the entry's, or the default index with version 0 for a number without one (no evidence). Null
   * when nothing is kept or an import is not refreshed yet.
   */
  indexGuess(e164: string): { version: number; epoch: null; index: number } | null {
    if (!this.feed.live) return null
    if (this.state === 'empty') this.start()
    if (this.state !== 'ready' || this.importing) return null
    const entry = this.bySha1.get(sha1Hex(e164))
    if (!entry) return { version: 0, epoch: null, index: LIMITS.defaultProfileIndex }
    return entry.evidence === null ? null : { version: entry.pageVersion, epoch: null, index: entry.index }
  }

  private range(index: Map<string, Group>, key: string | undefined): Wildcard {
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
    while (this.working || this.resolving) await (this.working ?? this.resolving)
  }

  private notice(notice: Notice): void {
    if (notice === null) return this.reset()
    if (this.state === 'empty' || this.state === 'too-large') return
    if (notice === 'i') this.importing = true
    else if (notice === 'f') {
      this.importing = false
      this.fullRefreshes++
    } else if (notice[0] === 'e') {
      this.pending.add(Number(notice.slice(1)))
      this.work()
    } else if (notice[0] === 'n') {
      const [id, version] = notice.slice(1).split(':').map(Number)
      // Once loaded, only a kept entry can be behind (`check` answers a number without one as unknown either way);
      // a number without one may have just got its first evidence (the private look-up lists it).
      if (this.state === 'ready' && !this.byNumber.has(id)) return this.newcomer(id)
      if (version > (this.behindPage.get(id) ?? -1)) this.behindPage.set(id, version)
      if (this.state === 'loading') this.newcomer(id)
    }
  }

  private reset(): void {
    this.generation++
    this.dropEntries()
    this.newcomers.clear()
    this.newcomerPrefixes.clear()
    this.noticedAt.clear()
    this.resolving = null
    this.importing = false
    this.behindPage.clear()
    this.pending.clear()
    this.state = 'empty'
    this.working = null
  }

  private dropEntries(): void {
    this.byNumber.clear()
    this.bySha1 = new Map()
    this.byPrefix10 = new Map()
    this.byPrefix100 = new Map()
    this.bySha256Prefix = new Map()
    this.ranges = new Map()
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
          const fulls = this.fullRefreshes
          const importing = await importNotRefreshed(this.db)
          // A part at a time, each kept before the next is read: one statement as big as the list held
          // all its rows as pg's rows and as entries at once, and put them all in one turn of the
          // event loop (ADR 0062). Written meanwhile is noticed ('e') and read again below, as for a
          // read in one statement.
          for (let after = 0; ;) {
            const rows = await entriesToKeep(this.db, { after, limit: this.loadBatch })
            if (generation !== this.generation) return
            // A turn of the event loop between slices: a part kept at once held every request up for about
            // 60 ms on 2026-12-07's machine, and a server started on a million numbers answered 28 a second meanwhile.
            for (let at = 0; at < rows.length; at += this.putSlice) {
              if (at > 0) {
                await nextTurn()
                if (generation !== this.generation) return
              }
              for (const row of rows.slice(at, at + this.putSlice)) this.put(row)
            }
            if (this.byNumber.size > this.maxEntries) {
              this.state = 'too-large'
              this.pending.clear()
              this.dropEntries()
              return
            }
            if (rows.length < this.loadBatch) break
            after = rows[rows.length - 1].numberId
          }
          // Numbers whose first evidence came after the last refresh.
          const unlisted = await numbersWithoutEntry(this.db, null)
          if (generation !== this.generation) return
          for (const n of unlisted) if (!this.byNumber.has(n.numberId)) this.setNewcomer(n.numberId, n.prefix)
          // Unless a full refresh was noticed since (an 'i' noticed while loading holds too).
          if (importing && this.fullRefreshes === fulls) this.importing = true
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

  /** Notes a number noticed without an entry and looks it up (with others noticed meanwhile). */
  private newcomer(numberId: number): void {
    this.noticedAt.set(numberId, ++this.notices)
    this.resolve()
  }

  private setNewcomer(numberId: number, prefix: string): void {
    this.dropNewcomer(numberId)
    this.newcomers.set(numberId, prefix)
    this.newcomerPrefixes.set(prefix, (this.newcomerPrefixes.get(prefix) ?? 0) + 1)
  }

  private dropNewcomer(numberId: number): void {
    const prefix = this.newcomers.get(numberId)
    if (prefix === undefined) return
    this.newcomers.delete(numberId)
    const left = this.newcomerPrefixes.get(prefix)! - 1
    if (left > 0) this.newcomerPrefixes.set(prefix, left)
    else this.newcomerPrefixes.delete(prefix)
  }

  /** Looks up the newcomers not looked up yet: those with evidence and still no entry keep their prefix, the others go. */
  private resolve(): void {
    if (this.resolving) return
    const generation = this.generation
    this.resolving = (async () => {
      try {
        for (;;) {
          const ids = [...this.noticedAt.keys()].slice(0, REFETCH_BATCH)
          if (!ids.length || generation !== this.generation) return
          const asOf = this.notices
          const found = new Map((await numbersWithoutEntry(this.db, ids)).map((n) => [n.numberId, n.prefix]))
          if (generation !== this.generation) return
          for (const id of ids) {
            // Noticed again while being looked up: looked up again on the next turn.
            if (this.noticedAt.get(id)! > asOf) continue
            this.noticedAt.delete(id)
            const prefix = found.get(id)
            if (prefix !== undefined && !this.byNumber.has(id)) this.setNewcomer(id, prefix)
            else this.dropNewcomer(id)
          }
        }
      } catch {
        if (generation === this.generation) this.reset()
      } finally {
        if (generation === this.generation) this.resolving = null
      }
    })()
  }

  private put(row: KeptEntry): void {
    this.remove(row.numberId)
    this.dropNewcomer(row.numberId)
    this.noticedAt.delete(row.numberId)
    this.byNumber.set(row.numberId, row)
    this.bySha1.set(row.sha1, row)
    // The entries of one group hold one string of its key: the first member's.
    row.sha256Prefix = add(this.bySha256Prefix, row.sha256Prefix, row)?.sha256Prefix ?? row.sha256Prefix
    row.prefix10 = add(this.byPrefix10, row.prefix10, row)?.prefix10 ?? row.prefix10
    row.prefix100 = add(this.byPrefix100, row.prefix100, row)?.prefix100 ?? row.prefix100
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
    drop(this.bySha256Prefix, old.sha256Prefix, old)
    drop(this.byPrefix10, old.prefix10, old)
    drop(this.byPrefix100, old.prefix100, old)
    this.ranges.delete(old.prefix10)
    this.ranges.delete(old.prefix100)
  }
}

const NO_RANGE: Wildcard = { votes: 0, rating: null }

/** One blocklist kept per process, for `check` by hash and the private look-up. */
export const blocklistReplicaPlugin = fp(
  async (app) => {
    app.decorate('blocklist', new BlocklistReplica(app.db, app.changes))
  },
  { name: 'blocklist-replica', dependencies: ['core'] },
)

/**
 * The entries of one key of an index: the entry itself while it is the only one, as most are (a Set
 * each cost about 100 bytes an entry, three times over), else a list.
 */
type Group = KeptEntry | KeptEntry[]

function each(group: Group): readonly KeptEntry[] {
  return Array.isArray(group) ? group : [group]
}

/** Adds an entry to its key's group; gives the group's first member, if it had one. */
function add(index: Map<string, Group>, key: string, row: KeptEntry): KeptEntry | undefined {
  const group = index.get(key)
  if (group === undefined) {
    index.set(key, row)
    return undefined
  }
  if (Array.isArray(group)) {
    group.push(row)
    return group[0]
  }
  index.set(key, [group, row])
  return group
}

function drop(index: Map<string, Group>, key: string, row: KeptEntry) {
  const group = index.get(key)
  if (group === undefined) return
  if (!Array.isArray(group)) {
    if (group === row) index.delete(key)
    return
  }
  const at = group.indexOf(row)
  if (at >= 0) group.splice(at, 1)
  if (group.length === 1) index.set(key, group[0])
  else if (group.length === 0) index.delete(key)
}

/** A range's votes and its most-voted rating (most votes, then the lowest number), as the database's statement reckons them. */
function rangeOf(members: Group): Wildcard {
  let votes = 0
  let top: KeptEntry | null = null
  for (const m of each(members)) {
    votes += m.votes
    if (m.votes > 0 && (!top || m.votes > top.votes || (m.votes === top.votes && m.e164 < top.e164))) top = m
  }
  return { votes, rating: top?.rating ?? null }
}

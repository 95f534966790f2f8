import type { Database } from './client'

/** The channel of migration 0018's triggers. */
export const CHANGES_CHANNEL = 'callerid_changes'

/**
 * A change (a payload of migration 0018: `u<user>`, `n<number>:<page version>`, `e<number>`; of 0020: `i` imported
 * evidence written, `f` a full blocklist refresh done), or null: anything may have changed.
 */
export type Notice = string | null

/**
 * What this process keeps in memory for a ringing phone (ADR 0056) learns of every change from
 * here: the database's triggers send a notice at each commit, whichever process or job wrote,
 * and a process that wrote tells its own at once (`noticeHere`), before its answer goes out.
 * Something kept is served only while the feed is `live`; a lost connection empties everything
 * kept (a null notice).
 */
export class ChangeFeed {
  live = false
  private readonly listeners = new Set<(notice: Notice) => void>()

  on(listener: (notice: Notice) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  emit(notice: Notice): void {
    for (const listener of this.listeners) listener(notice)
  }

  setLive(on: boolean): void {
    if (on === this.live) return
    this.live = on
    // Whatever was kept before a gap may have missed a change in it.
    this.emit(null)
  }
}

const feeds = new Set<ChangeFeed>()

/** A change this process made, told to what it keeps now (the database's notice comes a moment later, to every process). */
export function noticeHere(notice: string): void {
  for (const feed of feeds) feed.emit(notice)
}

/** Listens to the database's notices; `close` stops. A feed that cannot listen stays not live: nothing is kept. */
export async function openChangeFeed(database: Database): Promise<{ feed: ChangeFeed; close(): Promise<void> }> {
  const feed = new ChangeFeed()
  feeds.add(feed)
  const stop = await database.listen(
    CHANGES_CHANNEL,
    (payload) => feed.emit(payload),
    (on) => feed.setLive(on),
  )
  return {
    feed,
    async close() {
      feeds.delete(feed)
      await stop()
    },
  }
}

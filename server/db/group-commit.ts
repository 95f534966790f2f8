import type { Db } from './client'

/**
 * One statement run for many calls at once (group commit, ADR 0060): a call made while no batch of
 * the statement is under way on the database goes at once, alone; the calls made while one is
 * under way wait for it and go together in the next, sharing one round trip, one executor set-up
 * and one commit. So nothing waits on an idle server, and under load the database wakes once for
 * a whole batch instead of once per call.
 *
 * `run` answers one result per item, in the items' order. A batch holds at most `max` calls and at
 * most one per `key` (a statement that upserts one row per key may touch each row once); the
 * others wait for the next batch, in the order they came. A batch of several that fails is run
 * again one call at a time, so a call that cannot succeed fails alone and the others go through.
 */
export function groupCommit<In, Out>(
  run: (db: Db, items: In[]) => Promise<Out[]>,
  opts: { max?: number; key?: (item: In) => unknown } = {},
): (db: Db, item: In) => Promise<Out> {
  const { max = 1000, key } = opts
  const queues = new WeakMap<Db, Queue<In, Out>>()

  const take = (waiting: Waiting<In, Out>[]): Waiting<In, Out>[] => {
    if (!key) return waiting.splice(0, max)
    const batch: Waiting<In, Out>[] = []
    const keys = new Set<unknown>()
    const rest: Waiting<In, Out>[] = []
    for (const w of waiting) {
      const k = key(w.item)
      if (batch.length < max && !keys.has(k)) {
        keys.add(k)
        batch.push(w)
      } else rest.push(w)
    }
    waiting.splice(0, waiting.length, ...rest)
    return batch
  }

  const runAlone = async (db: Db, w: Waiting<In, Out>) => {
    try {
      const [out] = await run(db, [w.item])
      w.done(out)
    } catch (err) {
      w.failed(err)
    }
  }

  const drain = async (db: Db, queue: Queue<In, Out>) => {
    queue.running = true
    while (queue.waiting.length) {
      const batch = take(queue.waiting)
      if (batch.length === 1) {
        await runAlone(db, batch[0])
        continue
      }
      let outs: Out[]
      try {
        outs = await run(
          db,
          batch.map((w) => w.item),
        )
      } catch {
        for (const w of batch) await runAlone(db, w)
        continue
      }
      batch.forEach((w, i) => w.done(outs[i]))
    }
    queue.running = false
  }

  return (db, item) => {
    let queue = queues.get(db)
    if (!queue) queues.set(db, (queue = { running: false, waiting: [] }))
    const q = queue
    return new Promise<Out>((done, failed) => {
      q.waiting.push({ item, done, failed })
      if (!q.running) void drain(db, q)
    })
  }
}

interface Waiting<In, Out> {
  item: In
  done: (out: Out) => void
  failed: (err: unknown) => void
}

interface Queue<In, Out> {
  running: boolean
  waiting: Waiting<In, Out>[]
}

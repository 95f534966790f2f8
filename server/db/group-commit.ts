import { onOneConnection, type Db } from './client'

/**
 * One statement run for many calls at once (group commit, ADR 0060): a call made while no batch of
 * the statement is under way on the database goes at the end of the event loop's turn, with the
 * calls made in the same turn (ADR 0066); the calls made while one is under way wait for it and go
 * together in the next, sharing one round trip, one executor set-up and one commit. So nothing
 * waits on an idle server beyond its turn, and under load the database wakes once for a whole
 * batch instead of once per call.
 *
 * `run` answers one result per item, in the items' order. A batch holds at most `max` calls and at
 * most one per `key` (a statement that upserts one row per key may touch each row once); the
 * others wait for the next batch, in the order they came. A batch of several that fails is run
 * again one call at a time, so a call that cannot succeed fails alone and the others go through.
 * On PostgreSQL the batches of a busy spell go over one connection held for them, each sent the
 * moment the last is answered (ADR 0065).
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

  // The batches go one after another over one connection, held while calls wait (onOneConnection): the
  // next batch leaves the moment the last one is answered, before its callers go on. A batch that fails
  // gives the connection back (it may be the one that failed) and runs again one call at a time through the pool.
  // Its caller marked the queue running when it scheduled it.
  const drain = async (db: Db, queue: Queue<In, Out>) => {
    while (queue.waiting.length) {
      await onOneConnection(db, async (held) => {
        while (queue.waiting.length) {
          const batch = take(queue.waiting)
          let outs: Out[]
          try {
            outs = await run(
              held,
              batch.map((w) => w.item),
            )
          } catch (err) {
            if (batch.length === 1) batch[0].failed(err)
            else for (const w of batch) await runAlone(db, w)
            throw err
          }
          batch.forEach((w, i) => w.done(outs[i]))
        }
      }).catch(() => {})
    }
    queue.running = false
  }

  return (db, item) => {
    let queue = queues.get(db)
    if (!queue) queues.set(db, (queue = { running: false, waiting: [] }))
    const q = queue
    return new Promise<Out>((done, failed) => {
      q.waiting.push({ item, done, failed })
      if (q.running) return
      // An idle queue's first call waits for the end of this turn of the event loop, so the calls that came
      // in with it (requests read together) go in its batch instead of queueing behind a batch of one (ADR 0066).
      q.running = true
      setImmediate(() => void drain(db, q))
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

import type { Worker } from 'node:worker_threads'
import type { CountryCode } from 'libphonenumber-js/core'
import { PhoneCache, phoneKey, readKey, type PhoneReading } from './read-phone'
import { tsWorker } from './ts-worker'

/** Readings of a batch of number cells, in order; a batch is read after the one before it. */
export interface PhoneBatchReader {
  read(cells: Array<string | undefined>): Promise<PhoneReading[]>
  close(): Promise<void>
}

/**
 * Reads batches of number cells with `workers` worker threads (none: in this
 * thread). Keys seen before come from the cache; the new keys of a batch are
 * split over the workers. Reads run one after the other, so a caller that asks
 * for the next batch before it handles the last one keeps the workers busy
 * while it works.
 */
export function phoneBatchReader(region: CountryCode | undefined, workers: number, cacheSize?: number): PhoneBatchReader {
  const cache = new PhoneCache(cacheSize)
  const pool = Array.from({ length: workers }, () => new PhoneWorker(region))
  let last: Promise<unknown> = Promise.resolve()

  const readBatch = async (cells: Array<string | undefined>): Promise<PhoneReading[]> => {
    const readings: Array<PhoneReading | undefined> = []
    // Keys not read before, and where their cells are.
    const fresh = new Map<string, number[]>()
    cells.forEach((cell, i) => {
      const key = phoneKey(cell, region)
      const reading = typeof key === 'string' ? cache.get(key) : key
      readings.push(reading)
      if (reading) return
      const at = fresh.get(key as string)
      if (at) at.push(i)
      else fresh.set(key as string, [i])
    })
    if (fresh.size) {
      const todo = [...fresh.keys()]
      const share = Math.ceil(todo.length / Math.max(1, pool.length))
      const parts = pool.length ? pool.map((_, i) => todo.slice(i * share, (i + 1) * share)) : [todo]
      const answers = await Promise.all(
        parts.map((part, i) => (part.length && pool[i] ? pool[i].read(part) : part.map((key) => readKey(key, region)))),
      )
      parts.forEach((part, i) =>
        part.forEach((key, j) => {
          cache.set(key, answers[i][j])
          for (const at of fresh.get(key)!) readings[at] = answers[i][j]
        }),
      )
    }
    return readings as PhoneReading[]
  }

  return {
    read(cells) {
      const readings = last.then(() => readBatch(cells))
      last = readings.catch(() => undefined)
      return readings
    },
    async close() {
      await Promise.all(pool.map((worker) => worker.close()))
    },
  }
}

/** One worker thread running phone-worker.ts. */
class PhoneWorker {
  private readonly worker: Worker
  private readonly waiting = new Map<number, { resolve(readings: PhoneReading[]): void; reject(err: Error): void }>()
  private nextId = 0
  private failure: Error | null = null

  constructor(region: CountryCode | undefined) {
    // It keeps a few MB (libphonenumber's metadata): a small heap is collected before it grows.
    this.worker = tsWorker(new URL('./phone-worker.ts', import.meta.url), {
      workerData: { region },
      resourceLimits: { maxOldGenerationSizeMb: 64 },
    })
    this.worker.on('message', ({ id, readings }: { id: number; readings: string }) => {
      this.waiting.get(id)?.resolve(readings.split('\n').map(decodeReading))
      this.waiting.delete(id)
    })
    const fail = (err: Error) => {
      this.failure ??= err
      for (const { reject } of this.waiting.values()) reject(err)
      this.waiting.clear()
    }
    this.worker.on('error', fail)
    this.worker.on('exit', (code) => fail(new Error(`The phone number worker stopped (exit code ${code})`)))
  }

  read(keys: string[]): Promise<PhoneReading[]> {
    if (this.failure) return Promise.reject(this.failure)
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject })
      this.worker.postMessage({ id, keys: keys.join('\n') })
    })
  }

  async close(): Promise<void> {
    this.failure ??= new Error('closed')
    await this.worker.terminate()
  }
}

/** A reading as one line: `+E164 CC` (no country: nothing after the space), or `!reason`. */
export function encodeReading(reading: PhoneReading): string {
  return reading.phone ? `${reading.phone.e164} ${reading.phone.country ?? ''}` : `!${reading.reason}`
}

function decodeReading(line: string): PhoneReading {
  if (line.startsWith('!')) return { reason: line.slice(1) }
  const space = line.indexOf(' ')
  return { phone: { e164: line.slice(0, space), country: line.slice(space + 1) || null } }
}

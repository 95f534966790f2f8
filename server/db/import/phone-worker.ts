/**
 * A worker thread that reads phone keys (see read-phone.ts phoneKey) for a big
 * import, so that libphonenumber runs beside the reading of the file.
 * Messages in: `{ id, keys }`, the keys one per line; out: `{ id, readings }`,
 * one per line in the same order (phone-batches.ts encodeReading): one string
 * each way, as copying arrays of objects between threads cost a quarter of the
 * work it moved.
 */
import { parentPort, workerData } from 'node:worker_threads'
import type { CountryCode } from 'libphonenumber-js/core'
import { encodeReading } from './phone-batches'
import { readKey } from './read-phone'

const region = (workerData as { region?: CountryCode }).region

parentPort!.on('message', ({ id, keys }: { id: number; keys: string }) => {
  const readings = keys.split('\n').map((key) => encodeReading(readKey(key, region)))
  parentPort!.postMessage({ id, readings: readings.join('\n') })
})

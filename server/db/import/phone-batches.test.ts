import { describe, expect, it } from 'vitest'
import { phoneBatchReader } from './phone-batches'
import { phoneReader, readPhone } from './read-phone'

/** Cells as real lists have them: one number written eight ways, and what is not a number. */
const CELLS = [
  '2025550143',
  '(202) 555-0143',
  '202-555-0143',
  '202.555.0143',
  '+1 202 555 0143',
  '12025550143',
  '1-202-555-0143',
  '+1 (202) 555-0143',
  '4165550123',
  '+44 20 7946 0123',
  '0044 20 7946 0123',
  '030 1234567',
  '+49 30 1234567',
  '0000000000',
  '12345',
  '911',
  '',
  undefined,
  'N/A',
  '1-800-FLOWERS',
  '555-1234',
  '234567890',
  '1234567890',
  '+',
  '()',
  `+1 ${'2'.repeat(70)}`,
]

describe('reading number cells in batches', () => {
  it('reads every cell as readPhone does, in worker threads or not, and from the cache the second time', async () => {
    const expected = CELLS.map((cell) => readPhone(cell, 'US'))
    // A cache of 4 keys: it forgets while a batch is read.
    for (const [workers, cacheSize] of [
      [0, undefined],
      [2, undefined],
      [0, 4],
      [1, 4],
    ]) {
      const reader = phoneBatchReader('US', workers!, cacheSize)
      try {
        const [first, second] = await Promise.all([reader.read(CELLS), reader.read([...CELLS].reverse())])
        expect(first).toEqual(expected)
        expect(second).toEqual([...expected].reverse())
      } finally {
        await reader.close()
      }
    }
  })

  it('reads a cell as readPhone does once its key is remembered', () => {
    for (const region of ['US', 'DE', undefined] as const) {
      const read = phoneReader(region)
      for (const cell of [...CELLS, ...CELLS]) expect(read(cell)).toEqual(readPhone(cell, region))
    }
  })

  it('says so when a worker cannot read', async () => {
    const reader = phoneBatchReader('US', 1)
    await reader.close()
    await expect(reader.read(['2025550143'])).rejects.toThrow()
  })
})

import { describe, expect, it } from 'vitest'
import type { Db } from './client'
import { groupCommit } from './group-commit'

/** A statement that records each batch it is run with and answers each item doubled, after a turn of the event loop. */
function recorder(fail?: (items: number[]) => boolean) {
  const batches: number[][] = []
  const run = async (_db: Db, items: number[]) => {
    batches.push([...items])
    await new Promise((r) => setTimeout(r, 5))
    if (fail?.(items)) throw new Error(`batch ${items.join(',')} failed`)
    return items.map((i) => i * 2)
  }
  return { batches, run }
}

const db = {} as Db

describe('groupCommit', () => {
  it('runs a call at once when nothing is under way, and the calls made meanwhile together in the next batch', async () => {
    const { batches, run } = recorder()
    const call = groupCommit(run)
    expect(await Promise.all([1, 2, 3, 4].map((i) => call(db, i)))).toEqual([2, 4, 6, 8])
    expect(batches).toEqual([[1], [2, 3, 4]])
    // Idle again: the next call goes alone, at once.
    expect(await call(db, 5)).toBe(10)
    expect(batches.at(-1)).toEqual([5])
  })

  it('puts at most one call per key and at most max calls in a batch; the rest wait for the next, in order', async () => {
    const { batches, run } = recorder()
    const call = groupCommit(run, { key: (i: number) => i % 10, max: 3 })
    const answers = await Promise.all([0, 11, 21, 12, 13, 14, 31].map((i) => call(db, i)))
    expect(answers).toEqual([0, 22, 42, 24, 26, 28, 62])
    // 11, 21 and 31 share a key: one per batch; 12, 13, 14 fill batches up to 3.
    expect(batches).toEqual([[0], [11, 12, 13], [21, 14], [31]])
  })

  it('keeps one queue per database: a batch under way on one does not hold calls on another back', async () => {
    const { batches, run } = recorder()
    const call = groupCommit(run)
    const other = {} as Db
    await Promise.all([call(db, 1), call(other, 2), call(db, 3), call(other, 4)])
    expect(batches).toEqual([[1], [2], [3], [4]])
  })

  it('runs a failed batch again one call at a time: the call that cannot succeed fails alone', async () => {
    const { batches, run } = recorder((items) => items.includes(7))
    const call = groupCommit(run)
    const settled = await Promise.allSettled([1, 6, 7, 8].map((i) => call(db, i)))
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : 'failed'))).toEqual([2, 12, 'failed', 16])
    expect(batches).toEqual([[1], [6, 7, 8], [6], [7], [8]])
    // The queue goes on after a failure.
    expect(await call(db, 9)).toBe(18)
  })
})

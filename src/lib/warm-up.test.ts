import { afterEach, describe, expect, it, vi } from 'vitest'
import { warmUp, warmUpSteps } from './warm-up'

describe('warming up the first screen’s slow first calls', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('runs on the pages that format dates and numbers, one short task after another', async () => {
    vi.useFakeTimers()
    warmUp('en', '/search')
    // Nothing runs in the caller's task: the first step waits for a task of its own.
    expect(vi.getTimerCount()).toBe(1)
    await vi.runOnlyPendingTimersAsync()
    expect(vi.getTimerCount()).toBe(1)
  })

  it('does nothing where the first screen needs none of it (sign-in, settings)', () => {
    vi.useFakeTimers()
    warmUp('en', '/login')
    warmUp('en', '/settings')
    expect(vi.getTimerCount()).toBe(0)
  })

  it('warms up only what each first screen shows: no dates on a number page, whose comments wait below the screen', () => {
    expect(warmUpSteps('/number/491637875622')).toEqual(['classes'])
    expect(warmUpSteps('/search')).toEqual(['dates', 'classes', 'phone'])
    expect(warmUpSteps('/')).toEqual(warmUpSteps('/search'))
    expect(warmUpSteps('/login')).toEqual([])
    expect(warmUpSteps('/numbers-of-mine')).toEqual([])
  })
})

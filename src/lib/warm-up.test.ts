import { afterEach, describe, expect, it, vi } from 'vitest'
import { intlOffThread, warmUp, warmUpSteps } from './warm-up'

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
    expect(warmUpSteps('/number/491637875622')).toEqual(['intl', 'classes'])
    expect(warmUpSteps('/search')).toEqual(['intl', 'classes', 'phone'])
    expect(warmUpSteps('/')).toEqual(warmUpSteps('/search'))
    expect(warmUpSteps('/login')).toEqual([])
    expect(warmUpSteps('/numbers-of-mine')).toEqual([])
  })

  it('loads the language’s date and number data in a worker, which it ends once it has answered', () => {
    const made: FakeWorker[] = []
    class FakeWorker extends EventTarget {
      posted: unknown[] = []
      terminated = false
      constructor(readonly url: URL) {
        super()
        made.push(this)
      }
      postMessage(message: unknown) {
        this.posted.push(message)
      }
      terminate() {
        this.terminated = true
      }
    }
    vi.stubGlobal('Worker', FakeWorker)
    const formatters = vi.spyOn(Intl, 'DateTimeFormat')
    try {
      intlOffThread('uk-ua')
      expect(made).toHaveLength(1)
      expect(made[0].url.pathname).toMatch(/intl-warm\.worker/)
      expect(made[0].posted).toEqual(['uk-ua'])
      expect(made[0].terminated).toBe(false)
      made[0].dispatchEvent(new MessageEvent('message', { data: 'warm' }))
      expect(made[0].terminated).toBe(true)
      // The main thread made no formatter of its own.
      expect(formatters).not.toHaveBeenCalled()
    } finally {
      vi.unstubAllGlobals()
      formatters.mockRestore()
    }
  })

  it('makes the formatter on the main thread, ahead of the render, where no worker can start', () => {
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new Error('workers are off')
        }
      },
    )
    const Real = Intl.DateTimeFormat
    const formatters = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (...args: ConstructorParameters<typeof Real>) {
      return new Real(...args)
    } as unknown as typeof Real)
    try {
      intlOffThread('th-th')
      expect(formatters).toHaveBeenCalledWith('th-th', expect.objectContaining({ numberingSystem: 'latn' }))
    } finally {
      vi.unstubAllGlobals()
      formatters.mockRestore()
    }
  })
})

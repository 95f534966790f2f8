// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { vitalsBody } from '@contract/api/vitals'
import { isSampled } from './vitals'
import { createVitalsBatch, sendVitals, type VitalReport } from './vitals-reporter'

let fetchMock: ReturnType<typeof vi.fn>
beforeEach(() => {
  fetchMock = vi.fn(async () => new Response('{"status":true}', { status: 200 }))
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => vi.unstubAllGlobals())

describe('real-user metrics in the web app', () => {
  it('samples a page load at the server’s rate, and none without one or at 0', () => {
    expect(isSampled(undefined, () => 0)).toBe(false)
    expect(isSampled(0, () => 0)).toBe(false)
    expect(isSampled(0.1, () => 0.05)).toBe(true)
    expect(isSampled(0.1, () => 0.1)).toBe(false)
    expect(isSampled(1, () => 0.999)).toBe(true)
  })

  it('keeps values only with a route pattern, rounds them, and sends nothing until flushed', () => {
    const batches: VitalReport[][] = []
    const batch = createVitalsBatch((r) => batches.push(r))
    batch.add({ name: 'LCP', value: 1234.56, rating: 'good' }, '/number/$phoneNumber')
    batch.add({ name: 'CLS', value: 0.123456, rating: 'needs-improvement' }, '/search')
    batch.add({ name: 'INP', value: 80, rating: 'good' }, '/number/491637875622')
    batch.add({ name: 'INP', value: 80, rating: 'good' }, null)
    batch.add({ name: 'INP', value: 80, rating: 'good' }, 'search?q=x')
    batch.add({ name: 'INP', value: Number.NaN, rating: 'good' }, '/search')
    expect(batches).toEqual([])
    batch.flush()
    batch.flush()
    expect(batches).toEqual([
      [
        { name: 'LCP', value: 1235, rating: 'good', route: '/number/$phoneNumber' },
        { name: 'CLS', value: 0.1235, rating: 'needs-improvement', route: '/search' },
      ],
    ])
  })

  it('posts keepalive JSON the server’s schema accepts, ten values at most per request, without a token', () => {
    const reports = Array.from({ length: 13 }, (_, i): VitalReport => ({ name: 'LCP', value: 100 + i, rating: 'good', route: '/search' }))
    sendVitals(reports)
    const calls = fetchMock.mock.calls as unknown as Array<[string, RequestInit]>
    expect(calls.map(([url]) => url)).toEqual(['/api/v6/vitals', '/api/v6/vitals'])
    const bodies = calls.map(([, init]) => vitalsBody.parse(JSON.parse(init.body as string)))
    expect(bodies.map((b) => b.metrics.length)).toEqual([10, 3])
    for (const [, init] of calls) {
      expect(init).toMatchObject({ method: 'POST', keepalive: true })
      expect(init.headers).toMatchObject({ 'content-type': 'application/json' })
      expect(init.headers).not.toHaveProperty('authorization')
    }
  })
})

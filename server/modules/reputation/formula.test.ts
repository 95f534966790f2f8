import { describe, expect, it } from 'vitest'
import type { EvidenceItem } from '../../../contract/api/number-profile'
import { decay, reputationIndex } from './formula'

const ev = (direction: EvidenceItem['direction'], weight: number): EvidenceItem => ({
  kind: 'imported',
  source: 'test',
  label: 'x',
  votes: weight,
  weight,
  direction,
})

describe('reputation index', () => {
  it('is 5 with no evidence', () => {
    expect(reputationIndex([])).toBe(5)
  })
  it('reads far below 5 with hundreds of fraud votes and above 5 for legitimate ones', () => {
    expect(reputationIndex([ev('negative', 300)])).toBeLessThan(1)
    expect(reputationIndex([ev('positive', 150)])).toBeGreaterThan(9)
  })
  it('moves little on one vote', () => {
    const one = reputationIndex([ev('negative', 1)])
    expect(one).toBeLessThan(5)
    expect(one).toBeGreaterThan(3.5)
  })
  it('weighs mixed evidence by its balance', () => {
    const mixed = reputationIndex([ev('negative', 50), ev('positive', 50)])
    expect(Math.abs(mixed - 5)).toBeLessThan(0.5)
    expect(reputationIndex([ev('negative', 80), ev('positive', 20)])).toBeLessThan(3)
  })
  it('leaves out what an upheld dispute discounted', () => {
    const discounted = { ...ev('negative', 300), discounted: true }
    expect(reputationIndex([discounted])).toBe(5)
    expect(reputationIndex([discounted, ev('positive', 150)])).toBe(reputationIndex([ev('positive', 150)]))
  })
  it('ignores neutral evidence and decays old evidence', () => {
    expect(reputationIndex([ev('neutral', 100)])).toBe(5)
    const yearAgo = new Date(Date.now() - 365 * 86_400_000)
    expect(decay(yearAgo)).toBeCloseTo(0.5, 2)
    expect(decay(null)).toBe(1)
  })
})

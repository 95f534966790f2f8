import { describe, expect, it } from 'vitest'
import { formatDate, numberFormat } from './format'

describe('formatters', () => {
  it('write Latin digits in every language, Arabic included', () => {
    expect(numberFormat('ar-sa', { maximumFractionDigits: 1 }).format(7.25)).toMatch(/^7[.,٫]3$/)
    expect(numberFormat('en', { signDisplay: 'exceptZero' }).format(3)).toBe('+3')
    expect(formatDate('ar-sa', new Date(Date.UTC(2026, 0, 5, 12)), { dateStyle: 'short', timeZone: 'UTC' })).toMatch(/[0-9]/)
  })

  it('are made once per language and options, then kept', () => {
    expect(numberFormat('fr-fr', { maximumFractionDigits: 1 })).toBe(numberFormat('fr-fr', { maximumFractionDigits: 1 }))
    expect(numberFormat('fr-fr', { maximumFractionDigits: 1 })).not.toBe(numberFormat('de', { maximumFractionDigits: 1 }))
    expect(numberFormat('fr-fr', { maximumFractionDigits: 1 })).not.toBe(numberFormat('fr-fr', { signDisplay: 'exceptZero' }))
  })
})

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_CATALOGUE, formatPrice, loadCatalogue } from './catalogue'

const write = (content: unknown) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'plans-')), 'plans.json')
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content))
  return file
}

describe('catalogue', () => {
  it('is the default without PLANS_FILE and the file’s whole catalogue with it', () => {
    expect(loadCatalogue(undefined).get('tier2_year')).toMatchObject({ kind: 'plan', tier: 'tier2', period: 'year', price: 7999 })
    const file = write({ ...DEFAULT_CATALOGUE, currency: 'EUR', packs: [{ id: 'numcy_pack_100', coins: 120, price: 250 }] })
    const c = loadCatalogue(file)
    expect(c.currency).toBe('EUR')
    expect(c.get('numcy_pack_100')).toMatchObject({ coins: 120, price: 250 })
    expect(c.get('numcy_pack_550')).toBeUndefined()
  })

  it('stops with the file and the bad entry named', () => {
    expect(() => loadCatalogue('/nonexistent/plans.json')).toThrow(/PLANS_FILE \/nonexistent\/plans.json: cannot be read/)
    expect(() => loadCatalogue(write('{ not json'))).toThrow(/cannot be read as JSON/)
    expect(() => loadCatalogue(write({ ...DEFAULT_CATALOGUE, plans: [{ id: 'tier1_month', price: -5 }] }))).toThrow(/plans\.0\.price: /)
    expect(() => loadCatalogue(write({ ...DEFAULT_CATALOGUE, packs: [{ id: 'numcy_pack_7', coins: 7, price: 1 }] }))).toThrow(
      /packs\.0\.id: /,
    )
    expect(() => loadCatalogue(write({ ...DEFAULT_CATALOGUE, currency: 'euro' }))).toThrow(/currency: currency must be an ISO 4217 code/)
    expect(() =>
      loadCatalogue(
        write({
          ...DEFAULT_CATALOGUE,
          plans: [
            { id: 'tier1_month', price: 1 },
            { id: 'tier1_month', price: 2 },
          ],
        }),
      ),
    ).toThrow(/plans\.1\.id: tier1_month is listed twice/)
  })

  it('formats prices in the asker’s language with Latin digits and the currency’s own decimals', () => {
    expect(formatPrice(199, 'USD', 'en')).toBe('$1.99')
    expect(formatPrice(199, 'EUR', 'fr-fr')).toBe('1,99\u00a0€')
    expect(formatPrice(500, 'JPY', 'en')).toBe('¥500')
    expect(formatPrice(199, 'USD', 'ar-sa')).toMatch(/1[.,٫]99/)
    expect(formatPrice(199, 'USD', 'not a locale!')).toBe('$1.99')
  })
})

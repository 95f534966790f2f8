import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends, openTestDatabase } from '../../tests/support/database'
import type { Database } from '../db/client'
import { users } from '../db/schema'
import { addPeriod, fulfilPack, grantPlan } from '../modules/payments/fulfilment-repository'
import { createPayment } from '../modules/payments/repository'
import { readDays, renderReport } from './payments-report'

describe.each(backends)('payments:report on %s', (backend) => {
  let database: Database
  beforeAll(async () => {
    database = await openTestDatabase(backend)
    const [u] = await database.db.insert(users).values({ phone: '+4915190000001' }).returning({ id: users.id })
    const paymentId = await createPayment(database.db, {
      userId: u.id,
      beneficiaryId: u.id,
      provider: 'dev',
      product: 'numcy_pack_550',
      amount: 899,
      currency: 'USD',
      coins: 550,
    })
    await database.db.transaction((tx) => fulfilPack(tx, paymentId, null))
    await createPayment(database.db, {
      userId: u.id,
      beneficiaryId: u.id,
      provider: 'dev',
      product: 'numcy_pack_100',
      amount: 199,
      currency: 'USD',
      coins: 100,
    })
    await database.db.transaction((tx) =>
      grantPlan(tx, {
        userId: u.id,
        tier: 'tier1',
        period: 'month',
        provider: 'dev',
        providerRef: 'dev:x',
        periodEnd: addPeriod(new Date(), 'month'),
        autoRenewing: true,
        coins: 0,
        coinsRef: 'dev:x:1',
      }),
    )
  })
  afterAll(async () => database?.close())

  it('prints paid purchases with totals and the plans in force; pending ones are left out', async () => {
    const text = await renderReport(database.db, 30)
    expect(text).toContain('Purchases: 1')
    expect(text).toMatch(/#\d+ +dev +numcy_pack_550 +\$8\.99 +\+4915190000001/)
    expect(text).toContain('total $8.99')
    expect(text).toContain('Refunds: 0')
    expect(text).toMatch(/Plans in force: 1\n +\+4915190000001 +tier1 month +dev +active +until .*, renews/)
  })

  it('reads --days and refuses anything else', () => {
    expect(readDays([])).toBe(30)
    expect(readDays(['--days', '7'])).toBe(7)
    expect(() => readDays(['--days', '0'])).toThrow(/Usage/)
    expect(() => readDays(['7'])).toThrow(/Usage/)
  })
})

// @vitest-environment jsdom
import { beforeEach, expect, it } from 'vitest'
import { clearCheckoutReturn, markCheckoutReturn, readCheckoutReturn } from './checkout-return'

beforeEach(() => window.sessionStorage.clear())

it('gives back the product until it is cleared', () => {
  markCheckoutReturn('numcy_pack_100', 1_000)
  expect(readCheckoutReturn(2_000)).toEqual({ product: 'numcy_pack_100', at: 1_000 })
  clearCheckoutReturn()
  expect(readCheckoutReturn(2_000)).toBeNull()
})

it('ignores a stale, foreign or broken marker', () => {
  markCheckoutReturn('tier1_month', 0)
  expect(readCheckoutReturn(31 * 60_000)).toBeNull()
  window.sessionStorage.setItem('checkoutReturn', JSON.stringify({ product: 'free_money', at: 5 }))
  expect(readCheckoutReturn(10)).toBeNull()
  window.sessionStorage.setItem('checkoutReturn', '{not json')
  expect(readCheckoutReturn(10)).toBeNull()
})

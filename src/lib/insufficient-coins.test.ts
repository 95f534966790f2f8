import { expect, it } from 'vitest'
import { ERROR_CODES } from '@contract/errors'
import { ApiError } from './api-error'
import { isInsufficientCoins } from './insufficient-coins'

it('reads a short balance from the HTTP status or the code', () => {
  expect(isInsufficientCoins(new ApiError(402, 1000, 'x'))).toBe(true)
  expect(isInsufficientCoins(new ApiError(400, ERROR_CODES.INSUFFICIENT_COINS, 'x'))).toBe(true)
  expect(isInsufficientCoins(new ApiError(403, ERROR_CODES.POSTING_BANNED, 'x'))).toBe(false)
  expect(isInsufficientCoins(new Error('x'))).toBe(false)
})

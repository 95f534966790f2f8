import { INSUFFICIENT_COINS_STATUS } from '@contract/constants'
import { ERROR_CODES } from '@contract/errors'
import { ApiError } from './api-error'

/** The server refused a paid action for a short balance (HTTP 402). */
export function isInsufficientCoins(error: unknown): boolean {
  return error instanceof ApiError && (error.status === INSUFFICIENT_COINS_STATUS || error.code === ERROR_CODES.INSUFFICIENT_COINS)
}

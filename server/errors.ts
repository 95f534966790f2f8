import { ERROR_CODES, type ErrorCode } from '../contract/errors'

/** An error the client caused or must know about: its status, code and message reach the client. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message)
  }
}

export const badRequest = (message: string, code: ErrorCode = ERROR_CODES.VALIDATION) => new AppError(400, code, message)
export const unauthorized = (message = 'Sign in to continue') => new AppError(401, ERROR_CODES.UNAUTHORIZED, message)
export const forbidden = (message: string) => new AppError(403, ERROR_CODES.FORBIDDEN, message)
export const notFound = (message: string) => new AppError(404, ERROR_CODES.NOT_FOUND, message)
/** HTTP 402: the coin balance does not cover the action; the web app offers a top-up. */
export const insufficientCoins = (message: string) => new AppError(402, ERROR_CODES.INSUFFICIENT_COINS, message)
/** HTTP 409: the action conflicts with the current state (already resolved, already removed...). */
export const conflict = (message: string) => new AppError(409, ERROR_CODES.CONFLICT, message)

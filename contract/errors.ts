/**
 * Error codes carried in `status_code` of the error envelope. Sign-in calls surface
 * them to the user as the auth error code (SPEC.md section 8).
 */
export const ERROR_CODES = {
  VALIDATION: 1000,
  NOT_FOUND: 1004,
  UNSUPPORTED_MEDIA_TYPE: 1015,
  BODY_TOO_LARGE: 1013,
  RATE_LIMITED: 1029,
  /** HTTP 503: the server sheds load; `Retry-After` says in how many seconds to ask again. */
  SERVER_BUSY: 1503,
  UNAUTHORIZED: 1401,
  FORBIDDEN: 1403,
  /** The token was refused (forged, expired, revoked): the client signs out. */
  SESSION_INVALID: 1402,
  CLIENT_TOO_OLD: 1426,
  SIGNATURE_MISSING: 2001,
  SIGNATURE_INVALID: 2002,
  SIGNATURE_EXPIRED: 2003,
  SIGNATURE_REPLAYED: 2004,
  CODE_UNKNOWN: 2101,
  CODE_EXPIRED: 2102,
  CODE_USED: 2103,
  CODE_TERMS_NOT_ACCEPTED: 2104,
  CODE_TOO_MANY_ATTEMPTS: 2105,
  /** Flash call: the carrier's STIR/SHAKEN check failed, so the call may not come from the typed number. */
  CALL_NOT_ATTESTED: 2106,
  /**
   * Flash call: another sign-in was bound to the same number while this one waited, so no
   * call may confirm either (ADR 0047); the user starts again, or uses another method.
   */
  CALL_DISTURBED: 2107,
  PROVIDER_DISABLED: 2201,
  WEBHOOK_SIGNATURE_INVALID: 2202,
  /** The invisible bot check (Turnstile) failed or did not run. */
  BOT_CHECK_FAILED: 2203,
  NUMBER_INVALID: 3001,
  /** HTTP 402: the coin balance does not cover the action; the client offers a top-up. */
  INSUFFICIENT_COINS: 3101,
  /** HTTP 409: the action conflicts with the current state (already resolved, already hidden...). */
  CONFLICT: 3102,
  /** HTTP 403: the user lost the right to post on this number (text removed twice after complaints). */
  POSTING_BANNED: 3103,
  /** HTTP 409: the person has as many device passwords as allowed (Settings → Protect your phone). */
  DEVICES_FULL: 3104,
  INTERNAL: 5000,
} as const

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES]

/** Failures of signed sign-in calls that did not carry a server code (SPEC.md section 8). */
export const AUTH_GENERIC_ERROR = 10000

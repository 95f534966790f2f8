/** A failed API call: its HTTP status, the server's status_code and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    /** The seconds a 429 or 503 asked the client to wait (its Retry-After), when it said. */
    readonly retryAfter: number | null = null,
  ) {
    super(message)
  }
}

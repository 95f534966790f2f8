/** A failed API call: its HTTP status, the server's status_code and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

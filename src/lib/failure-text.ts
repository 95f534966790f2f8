import { ApiError } from './api-error'

/** What to tell the user about a failed call: the server's own words for a refusal, else a generic line. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) return error.message
  return fallback
}

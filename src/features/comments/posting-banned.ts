import type { TranslationFunctions } from '@i18n/i18n-types'
import { ERROR_CODES } from '@contract/errors'
import { ApiError } from '@/lib/api'

/** The server refused a text because the author lost the right to post on this number (DESIGN.md section 5). */
export function isPostingBanned(error: unknown): boolean {
  return error instanceof ApiError && error.code === ERROR_CODES.POSTING_BANNED
}

/** The posting-ban message (DESIGN.md section 5) for a refused text; null for other failures. */
export const postingBannedText = (LL: TranslationFunctions) => (error: unknown) =>
  isPostingBanned(error) ? LL.comments.postingBanned() : null

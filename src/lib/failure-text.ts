import { ERROR_CODES } from '@contract/errors'
import type { TranslationFunctions } from '@i18n/i18n-types'
import { i18nObject, loadedLocales } from '@i18n/i18n-util'
import { ApiError } from './api-error'
import { i18nState } from './locale-switch'

type CodeName = keyof typeof ERROR_CODES

const CODE_NAMES = new Map<number, CodeName>(Object.entries(ERROR_CODES).map(([name, code]) => [code, name as CodeName]))

/**
 * The reader's words for a server's error code (contract/errors.ts); null for a code this
 * version does not know. The server's own message stays English, for API clients.
 */
export function errorCodeText(LL: TranslationFunctions, code: number, retryAfter: number | null = null): string | null {
  const name = CODE_NAMES.get(code)
  if (!name) return null
  if (name === 'RATE_LIMITED' && retryAfter) return LL.apiError.rateLimitedFor({ seconds: retryAfter })
  return LL.apiError.code[name]()
}

/** The translations in use (lib/locale-switch.ts), once loaded. */
function activeTranslations(): TranslationFunctions | null {
  const locale = i18nState.active
  return loadedLocales[locale] ? i18nObject(locale) : null
}

/**
 * What to tell the user about a failed call: a refusal (4xx) in their language by its code,
 * else `fallback`, a translated line of the caller's — never the server's English text.
 */
export function failureText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return fallback
  const LL = activeTranslations()
  return (LL && errorCodeText(LL, error.code, error.retryAfter)) ?? fallback
}

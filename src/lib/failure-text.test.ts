import { afterEach, describe, expect, it } from 'vitest'
import { ERROR_CODES } from '@contract/errors'
import { SUPPORTED_LOCALES } from '@contract/constants'
import type { Locales } from '@i18n/i18n-types'
import { i18nObject } from '@i18n/i18n-util'
import { loadAllLocales } from '@i18n/i18n-util.sync'
import { ApiError } from './api-error'
import { errorCodeText, failureText } from './failure-text'
import { i18nState } from './locale-switch'

loadAllLocales()

const FALLBACK = 'The caller’s own line'

afterEach(() => {
  i18nState.active = 'en'
})

describe('errorCodeText', () => {
  it.each(SUPPORTED_LOCALES as readonly Locales[])('has a text of its own for every code of contract/errors.ts in %s', (locale) => {
    const LL = i18nObject(locale)
    const texts = Object.values(ERROR_CODES).map((code) => errorCodeText(LL, code))
    for (const text of texts) expect(text?.trim()).toBeTruthy()
  })

  it('knows no code the contract does not have', () => {
    expect(errorCodeText(i18nObject('en'), 4242)).toBeNull()
    expect(errorCodeText(i18nObject('en'), 0)).toBeNull()
  })

  it('says how long to wait when a rate-limited answer said it', () => {
    const LL = i18nObject('ru')
    expect(errorCodeText(LL, ERROR_CODES.RATE_LIMITED, 37)).toBe(LL.apiError.rateLimitedFor({ seconds: 37 }))
    expect(errorCodeText(LL, ERROR_CODES.RATE_LIMITED, 37)).toContain('37')
    expect(errorCodeText(LL, ERROR_CODES.RATE_LIMITED)).toBe(LL.apiError.code.RATE_LIMITED())
  })
})

describe('failureText', () => {
  // As server/modules/comments/repository.ts words it, for API clients.
  const banned = new ApiError(
    403,
    ERROR_CODES.POSTING_BANNED,
    'You can no longer post on this number: moderators removed your texts here after complaints twice, so you cannot add or edit comments, replies or name suggestions here any more.',
  )

  it.each<Locales>(['en', 'ru', 'ar-sa'])(
    'tells a refusal by its code in the language in use (%s), not in the server’s English',
    (locale) => {
      i18nState.active = locale
      const text = failureText(banned, FALLBACK)
      expect(text).toBe(i18nObject(locale).apiError.code.POSTING_BANNED())
      if (locale !== 'en') expect(text).not.toBe(i18nObject('en').apiError.code.POSTING_BANNED())
      expect(text).not.toBe(banned.message)
    },
  )

  it('keeps the wait of a rate-limited answer', () => {
    i18nState.active = 'ar-sa'
    const limited = new ApiError(429, ERROR_CODES.RATE_LIMITED, 'Too many requests; try again in 12 s', 12)
    expect(failureText(limited, FALLBACK)).toBe(i18nObject('ar-sa').apiError.rateLimitedFor({ seconds: 12 }))
  })

  it('falls back to the caller’s translated line, never the server’s text, for an unknown code, no code or no answer', () => {
    i18nState.active = 'ru'
    expect(failureText(new ApiError(400, 4242, 'Something new'), FALLBACK)).toBe(FALLBACK)
    expect(failureText(new ApiError(413, 0, 'Payload Too Large'), FALLBACK)).toBe(FALLBACK)
    expect(failureText(new ApiError(500, ERROR_CODES.INTERNAL, 'Internal error'), FALLBACK)).toBe(FALLBACK)
    expect(failureText(new ApiError(0, 0, 'network'), FALLBACK)).toBe(FALLBACK)
    expect(failureText(new Error('boom'), FALLBACK)).toBe(FALLBACK)
  })
})

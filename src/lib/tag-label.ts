import type { TranslationFunctions } from '@i18n/i18n-types'

/** A tag's name in the user's language (tags, evidence, the automatic analysis); the code itself when untranslated. */
export function tagLabel(LL: TranslationFunctions, code: string): string {
  const fn = (LL.tags as unknown as Record<string, (() => string) | undefined>)[code]
  return fn ? fn() : code
}

/** Business constants of SPEC.md section 9 and DESIGN.md section 5. */
export const LIMITS = {
  remainingSearchWarning: 5,
  defaultLeftRequests: 30,
  searchDailyLimit: 30,
  defaultPaidSearchPrice: 1,
  defaultPriceDirectly: 11,
  defaultProfileIndex: 5,
  threadPageLimit: 4,
  threadPageOffset: 4,
  hideReviewPrice: 10,
  deactivationCountdownSeconds: 10,
  deactivationPauseMs: 500,
  copiedNoticeMs: 2500,
  threadAttentionMs: 3000,
  balanceLoaderMinMs: 750,
  authPollInitialDelayMs: 3000,
  authPollAttempts: 10,
  authPollIntervalMs: 3500,
  authCodeTtlSeconds: 120,
  processedCookieSeconds: 35,
  subscriptionRefreshDelayMs: 5000,
  qrCodeSize: 90,
  mobileBreakpointPx: 520,
  signedCallSkewSeconds: 300,
  commentMaxLength: 2000,
  noteMaxLength: 1000,
  nameMaxLength: 100,
  /** Wrong sign-in codes allowed per client address in ten minutes. */
  authWrongCodeAttempts: 10,
  tokenTtlSeconds: 60 * 60 * 24 * 30,
} as const

export const SUPPORTED_LOCALES = [
  'ar-sa',
  'az-az',
  'cs-cz',
  'el-gr',
  'en',
  'es-es',
  'fr-fr',
  'he-il',
  'hi-in',
  'in-id',
  'it-it',
  'ms-my',
  'pt-br',
  'ru',
  'ru-RU',
  'sr-rs',
  'th-th',
  'tr',
  'uk-ua',
  'vi-vn',
  'zh-cn',
  'zh-hk',
] as const
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number]

export const RTL_LOCALES = ['ar_SA', 'ar-SA', 'ar', 'he_IL', 'he-IL', 'he'] as const
/** Languages written right to left: any locale of theirs is (isRtlLocale). */
export const RTL_LANGUAGES = ['ar', 'he'] as const

export const AUTH_METHODS = ['whatsappBusiness', 'whatsapp', 'telegram', 'viber', 'sms', 'flashcall', 'dev'] as const
export type AuthMethod = (typeof AUTH_METHODS)[number]

export const ROLES = ['user', 'moderator', 'admin'] as const
export type Role = (typeof ROLES)[number]

/** Ratings of the PhoneBlock blocklist, also used as the tag codes of imported evidence. */
export const PHONEBLOCK_RATINGS = ['A_LEGITIMATE', 'B_MISSED', 'C_PING', 'D_POLL', 'E_ADVERTISING', 'F_GAMBLE', 'G_FRAUD'] as const
export type PhoneblockRating = (typeof PHONEBLOCK_RATINGS)[number]

/** The secret of signed sign-in calls when SIGNING_SECRET is not set (DESIGN.md section 4). */
export const DEFAULT_SIGNING_SECRET = 'callerid-web'

/** HTTP status of a call refused for a short coin balance (hide a review, comment-up). */
export const INSUFFICIENT_COINS_STATUS = 402

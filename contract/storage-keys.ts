/**
 * Local storage keys of SPEC.md section 9. The web app also writes `locale` and `theme` as
 * cookies of the same names, which the server reads to send each page in the right language,
 * direction and theme before any script runs (server/modules/web-shell).
 */
export const STORAGE_KEYS = {
  token: 'token',
  phoneNumber: 'phoneNumber',
  profileId: 'profileId',
  deviceId: 'deviceId',
  isNewUser: 'isNewUser',
  theme: 'theme',
  balance: 'balance',
  isAPK: 'isAPK',
  locale: 'locale_',
  mainData: 'mainData',
  history: 'history',
  profile: 'profile',
  numberBackup: 'numberBackup',
  promoDismissedAt: 'promoDismissedAt',
  firstComment: 'firstComment',
  /** The search page's paid-search switch, on ('1') or off: remembered over reloads, forgotten at sign-out. */
  paidSearch: 'paidSearch',
} as const

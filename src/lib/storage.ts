/** Local storage keys of SPEC.md section 9. */
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
} as const

/** Storage that never throws: private modes and full quotas degrade to memory-less behaviour. */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key)
    } catch {
      return null
    }
  },
  set(key: string, value: string | null | undefined) {
    try {
      if (value === null || value === undefined) window.localStorage.removeItem(key)
      else window.localStorage.setItem(key, value)
    } catch {
      // Nothing to do: the value lives for this page only.
    }
  },
}

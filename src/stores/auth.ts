import { proxy } from 'valtio'
import type { AuthMethod } from '@contract/constants'
import { storage, STORAGE_KEYS as K } from '@/lib/storage'

/** Authentication state of SPEC.md section 3. The token lives in local storage. */
export const auth = proxy({
  accessToken: storage.get(K.token),
  isAuthenticated: Boolean(storage.get(K.token)),
  /** The paid-search switch: every search past the daily limit is paid for in coins. Remembered in local storage. */
  paidSearch: storage.get(K.paidSearch) === '1',
  code: null as string | null,
  isProcessed: false,
  authMethod: null as AuthMethod | null,
  agreementCodeSended: false,
  deviceId: storage.get(K.deviceId),
  isNewUser: storage.get(K.isNewUser) === '1',
  phoneNumber: storage.get(K.phoneNumber),
  profileId: Number(storage.get(K.profileId) ?? 0),
  status: false,
  userAgreement: false,
  wait: false,
  authError: null as number | string | null,
  /** The user has posted a comment from this browser (SPEC.md section 4: persisted, kept over sign-out). */
  firstComment: storage.get(K.firstComment) === '1',
})

export interface SignedIn {
  token: string
  phoneNumber: string
  profileId: number
  deviceId: string
  isNewUser: boolean
}

export function signedIn(data: SignedIn) {
  storage.set(K.token, data.token)
  storage.set(K.phoneNumber, data.phoneNumber)
  storage.set(K.profileId, String(data.profileId))
  storage.set(K.deviceId, data.deviceId)
  storage.set(K.isNewUser, data.isNewUser ? '1' : '0')
  Object.assign(auth, {
    accessToken: data.token,
    isAuthenticated: true,
    phoneNumber: data.phoneNumber,
    profileId: data.profileId,
    deviceId: data.deviceId,
    isNewUser: data.isNewUser,
    wait: false,
    status: true,
    authError: null,
    code: null,
  })
}

/** Key-based entry (SPEC.md section 2): the key becomes the access token. */
export function signInWithKey(key: string) {
  storage.set(K.token, key)
  Object.assign(auth, { accessToken: key, isAuthenticated: true })
}

export function signedOut() {
  for (const key of [K.token, K.phoneNumber, K.profileId, K.balance, K.profile, K.mainData, K.history, K.paidSearch]) storage.set(key, null)
  Object.assign(auth, {
    accessToken: null,
    isAuthenticated: false,
    phoneNumber: null,
    profileId: 0,
    status: false,
    code: null,
    wait: false,
    paidSearch: false,
  })
}

/** After a comment was posted: the first-comment flag of SPEC.md section 4, kept in local storage. */
export function markFirstComment() {
  if (auth.firstComment) return
  storage.set(K.firstComment, '1')
  auth.firstComment = true
}

/** The paid-search switch, remembered over reloads (issue 30). */
export function setPaidSearch(on: boolean) {
  storage.set(K.paidSearch, on ? '1' : null)
  auth.paidSearch = on
}

/** What the own profile tells about the signed-in user, kept like a sign-in would. */
export function rememberProfile(profile: { profileId: number; phoneNumber: string }) {
  storage.set(K.phoneNumber, profile.phoneNumber)
  storage.set(K.profileId, String(profile.profileId))
  Object.assign(auth, { phoneNumber: profile.phoneNumber, profileId: profile.profileId })
}

import { decodeJwt } from 'jose'
import { mutate } from 'swr'
import { setApk } from '@/stores/apk'
import { auth, rememberProfile, signedIn, signedOut, signInWithKey } from '@/stores/auth'
import { setBalance } from '@/stores/balance'
import { getProfileWithToken } from './api/get-profile-with-token'
import { peekKey } from './api/peek-key'
import { tradeKey } from './api/trade-key'

export interface KeyClaims {
  /** A one-time key (`typ: "key"`, DESIGN.md section 8), traded for a session; else a session token itself. */
  oneTime: boolean
  /** The app that opened the link runs as the APK. */
  apk: boolean
}

/** What a key says of itself, or null when it cannot be decoded or its expiry has passed (SPEC.md section 5). */
export function readKey(key: string, now: number = Date.now()): KeyClaims | null {
  try {
    const claims = decodeJwt(key)
    if (typeof claims.exp === 'number' && claims.exp * 1000 <= now) return null
    return { oneTime: claims.typ === 'key', apk: claims.apk === true }
  } catch {
    return null
  }
}

/** Another account than the one signed in: nothing of the previous one may show. */
function becomeUser(profileId: number) {
  if (!auth.isAuthenticated || !auth.profileId || auth.profileId === profileId) return
  signedOut()
  setBalance(0)
  void mutate(() => true, undefined, { revalidate: false })
}

async function accept(key: string, locale: string, now: number): Promise<boolean> {
  const claims = readKey(key, now)
  if (!claims) return false
  try {
    if (claims.oneTime) {
      const session = await tradeKey(key)
      becomeUser(session.profileId)
      signedIn({ ...session, deviceId: auth.deviceId ?? crypto.randomUUID(), isNewUser: false })
    } else {
      const profile = await getProfileWithToken(key, locale)
      if (!profile) return false
      becomeUser(profile.profileId)
      signInWithKey(key)
      rememberProfile(profile)
    }
  } catch {
    return false
  }
  if (claims.apk) setApk(true)
  return true
}

/**
 * Attempts under way, and the one-time keys already tried: such a key works once, so a
 * second caller (React's development double effects) shares
 * the first's answer instead of being refused.
 */
const attempts = new Map<string, Promise<boolean>>()

/**
 * Key-based entry (`/key/{key}`, `/payment/show?key=`): a one-time key is traded for a
 * session; any other key becomes the access token once the server takes it as a session.
 * A key that is undecodable, expired, forged or used is ignored silently: whoever was
 * signed in stays signed in, and nobody is sent to /not-authorized (SPEC.md sections 4 and 8).
 */
export function acceptKey(key: string, locale: string, now: number = Date.now()): Promise<boolean> {
  let attempt = attempts.get(key)
  if (!attempt) {
    attempt = accept(key, locale, now)
    attempts.set(key, attempt)
    if (!readKey(key, now)?.oneTime) void attempt.finally(() => attempts.delete(key))
  }
  return attempt
}

export interface Account {
  profileId: number
  phoneNumber: string
}

/**
 * Whose account a key opens, spending nothing: a one-time key is peeked at, a session token's
 * own profile read. Null when the key would not sign anybody in (undecodable, expired, forged, used).
 */
export async function whoseKey(key: string, locale: string, now: number = Date.now()): Promise<Account | null> {
  const claims = readKey(key, now)
  if (!claims) return null
  try {
    if (claims.oneTime) return await peekKey(key)
    const profile = await getProfileWithToken(key, locale)
    return profile && { profileId: profile.profileId, phoneNumber: profile.phoneNumber }
  } catch {
    return null
  }
}

/** The account this browser is signed in to, as it knows it or else as the server says; null when signed out or the session is dead. */
export async function signedInAccount(locale: string): Promise<Account | null> {
  if (!auth.isAuthenticated || !auth.accessToken) return null
  if (auth.profileId && auth.phoneNumber) return { profileId: auth.profileId, phoneNumber: auth.phoneNumber }
  try {
    const profile = await getProfileWithToken(auth.accessToken, locale)
    if (!profile) return null
    rememberProfile(profile)
    return { profileId: profile.profileId, phoneNumber: profile.phoneNumber }
  } catch {
    return null
  }
}

/**
 * Key entry for a browser that may be signed in already (issue 29, login CSRF): a key of another
 * account than the signed-in one is used only if `ask` says so, and is not spent before; a key of
 * the same account, or any key in a browser nobody is signed in to, is taken as `acceptKey` takes it.
 * True when the key was taken.
 */
export async function enterWithKey(
  key: string,
  locale: string,
  ask: (current: Account, other: Account) => Promise<boolean>,
  now: number = Date.now(),
): Promise<boolean> {
  const current = await signedInAccount(locale)
  if (current) {
    const other = await whoseKey(key, locale, now)
    // A key that would not work changes nothing: whoever was signed in carries on.
    if (!other) return false
    if (other.profileId !== current.profileId && !(await ask(current, other))) return false
  }
  return acceptKey(key, locale, now)
}

import { decodeJwt } from 'jose'
import { mutate } from 'swr'
import { setApk } from '@/stores/apk'
import { auth, rememberProfile, signedIn, signedOut, signInWithKey } from '@/stores/auth'
import { setBalance } from '@/stores/balance'
import { getProfileWithToken } from './api/get-profile-with-token'
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

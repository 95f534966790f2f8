import { proxy } from 'valtio'
import { storage, STORAGE_KEYS as K } from '@/lib/storage'

/** APK state of SPEC.md section 3: the app runs inside the Android APK wrapper. */
export const apk = proxy({
  isAPK: storage.get(K.isAPK) === '1',
  paymentProduct: null as string | null,
  giftNumber: null as string | null,
})

/**
 * Enters or leaves APK mode (`?apk=1` on any route, or a key that says so), kept in local
 * storage: store badges and promotion banners stay hidden in later visits too (DESIGN.md section 8).
 */
export function setApk(on: boolean) {
  storage.set(K.isAPK, on ? '1' : null)
  apk.isAPK = on
}

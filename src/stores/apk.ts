import { proxy } from 'valtio'
import { storage, STORAGE_KEYS as K } from '@/lib/storage'

/** APK state of SPEC.md section 3: the app runs inside the Android APK wrapper. */
export const apk = proxy({
  isAPK: storage.get(K.isAPK) === '1',
  paymentProduct: null as string | null,
  giftNumber: null as string | null,
})

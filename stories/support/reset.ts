import { apk } from '@/stores/apk'
import { auth, signedOut } from '@/stores/auth'
import { backdrop } from '@/stores/backdrop'
import { resetBusy } from '@/stores/busy'
import { balance } from '@/stores/balance'
import { closeModal, modal } from '@/stores/modal'
import { notification } from '@/stores/notification'
import { resetSettings, settings } from '@/stores/settings'

/** Stores are module singletons: every story starts from a signed-out, closed, empty app. */
export function resetStores() {
  try {
    window.localStorage.clear()
  } catch {
    // Storage may be unavailable; the stores below do not need it.
  }
  signedOut()
  Object.assign(auth, {
    paidSearch: false,
    isProcessed: false,
    authMethod: null,
    agreementCodeSended: false,
    deviceId: null,
    isNewUser: false,
    userAgreement: false,
    authError: null,
    firstComment: false,
  })
  Object.assign(apk, { isAPK: false, paymentProduct: null, giftNumber: null })
  Object.assign(balance, { value: 0, loading: false })
  closeModal()
  Object.assign(modal, {
    body: null,
    modalId: null,
    className: null,
    attention: false,
    balance: null,
    buttonClose: true,
    title: '',
    description: null,
  })
  Object.assign(notification, { copied: false, attention: false, text: '' })
  document.body.classList.remove('copied')
  backdrop.count = 0
  resetBusy()
  resetSettings()
  Object.assign(settings, {
    openMainSetting: false,
    newNotice: false,
    newContactName: false,
    commonAcquaintances: false,
    deliverWithoutSound: false,
  })
  settings.privacy = { antispy: false, profileGoing: true }
}

/**
 * A sign-in method's name and what the user does with it, in the user's language: one table
 * for the web app's sign-in page (src/features/auth) and the server's frame of that page
 * (server/modules/web-shell), which must show the same words before the app has loaded.
 */
import type { AuthMethod } from '../contract/constants'
import type { TranslationFunctions } from './i18n-types'

const NAMES: Record<AuthMethod, (LL: TranslationFunctions) => string> = {
  telegram: (LL) => LL.login.methodTelegram(),
  whatsapp: (LL) => LL.login.methodWhatsapp(),
  whatsappBusiness: (LL) => LL.login.methodWhatsappBusiness(),
  viber: (LL) => LL.login.methodViber(),
  sms: (LL) => LL.login.methodSms(),
  flashcall: (LL) => LL.login.methodFlashcall(),
  dev: (LL) => LL.login.methodDev(),
}

/** The method's name as its card's heading says it. */
export function signInMethodName(LL: TranslationFunctions, method: AuthMethod): string {
  return NAMES[method](LL)
}

/**
 * What to do: send the code in the messenger, take the call, or (development) type a number.
 * SMS spells out the text to send and the number to send it to, each already isolated as
 * left-to-right text by the caller (a placeholder while the code is on its way).
 */
export function signInMethodHow(
  LL: TranslationFunctions,
  method: AuthMethod,
  sms: { text: string; number: string } = { text: '', number: '' },
): string {
  switch (method) {
    case 'telegram':
      return LL.login.telegramHow()
    case 'viber':
      return LL.login.viberHow()
    case 'whatsappBusiness':
      return LL.login.whatsappBusinessHow()
    case 'whatsapp':
      return LL.login.whatsappHow()
    case 'sms':
      return LL.login.smsHow(sms)
    case 'flashcall':
      return LL.login.flashcallHow()
    case 'dev':
      return LL.login.devWarning()
  }
}

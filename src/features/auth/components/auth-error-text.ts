import type { TranslationFunctions } from '@i18n/i18n-types'
import { ERROR_CODES } from '@contract/errors'
import type { SignInError } from '../use-sign-in'

/** What a sign-in refusal means for the user; codes without their own sentence show the number. */
export function authErrorText(LL: TranslationFunctions, error: SignInError): string {
  if (error === 'not-confirmed') return LL.login.notConfirmed()
  if (error === ERROR_CODES.CODE_EXPIRED) return LL.login.codeExpired()
  if (error === ERROR_CODES.CALL_NOT_ATTESTED) return LL.login.callRefused()
  if (error === ERROR_CODES.CALL_DISTURBED) return LL.login.callDisturbed()
  if (error === ERROR_CODES.NUMBER_INVALID) return LL.login.flashcallInvalid()
  return LL.login.errorCode({ code: error })
}

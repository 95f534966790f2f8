import { z } from 'zod'
import { AUTH_METHODS } from '../constants'
import { textField } from '../text'
import { flag, okEnvelope } from './envelope'

export const signedParams = z.object({
  cnonce: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'cnonce must be 8-64 letters, digits, - or _'),
  timestamp: z.coerce.number().int().positive(),
  signature: z.string().regex(/^[0-9a-f]{64}$/, 'signature must be 64 hex digits'),
})

export const sixDigitCode = z.string().regex(/^\d{6}$/, 'code must be 6 digits')

export const authGetQuery = signedParams.extend({
  lang: z.string().max(16).optional(),
  platform: z.string().max(16).optional(),
})

export const authMethodInfo = z.object({
  method: z.enum(AUTH_METHODS),
  /** Deep link that opens the messenger with the code filled in, when the method has one. */
  link: z.string().optional(),
  /** Number the user sends the code to, for SMS. */
  number: z.string().optional(),
  /** Exact text the user sends. */
  text: z.string().optional(),
  /**
   * Flash call: the number the user calls (E.164). The call confirms the code only after
   * POST /api/v6/auth/flashcall told the server which number it comes from.
   */
  callNumber: z.string().optional(),
})
export type AuthMethodInfo = z.infer<typeof authMethodInfo>

export const authGetResponse = okEnvelope(z.object({ code: sixDigitCode, expiresIn: z.number().int(), auth: z.array(authMethodInfo) }))

export const agreementBody = signedParams.extend({
  code: sixDigitCode,
  /** The invisible bot check's token, required when the server configures one. */
  bot_token: z.string().max(4096).optional(),
})
export const agreementResponse = okEnvelope(z.object({ code: sixDigitCode, agreed: z.literal(true) }))

export const checkQuery = signedParams.extend({
  code: sixDigitCode,
  token_type: z.literal('jwt', { error: 'token_type must be jwt' }),
})

export const checkResponse = okEnvelope(
  z.union([
    z.object({ status: z.literal(false) }),
    z.object({
      status: z.literal(true),
      token: z.string(),
      phoneNumber: z.string(),
      profileId: z.number().int(),
      deviceId: z.string(),
      isNewUser: z.boolean(),
    }),
  ]),
)
export type CheckResult = z.infer<typeof checkResponse>['data']

/** Flash call: the number the user will call from, for a live sign-in code (signed). */
export const flashcallBody = signedParams.extend({
  code: sixDigitCode,
  /** As typed (the signature covers it as sent, so it is not reshaped here); the server reads it as a phone number. */
  phone: z.string().min(1).max(32),
})
export const flashcallResponse = okEnvelope(
  z.object({
    /** The number to call (E.164); the call is rejected, so it costs nothing. */
    callNumber: z.string(),
    /** The typed number as the server understood it (E.164): only a call from it confirms the code. */
    phoneNumber: z.string(),
    /** Seconds the code stays valid. */
    expiresIn: z.number().int(),
  }),
)

export const devConfirmBody = z.object({
  code: sixDigitCode,
  phone: textField({ min: 3, max: 32, kind: 'line' }),
})
export const devConfirmResponse = okEnvelope(z.object({ status: z.literal(true), phoneNumber: z.string() }))

/** `POST /api/v6/auth/logout`: `everywhere=1` ends every session and device password of the account, not only this one. */
export const logoutBody = z.object({ everywhere: flag.optional() }).nullish()

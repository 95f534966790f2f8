import { z } from 'zod'
import { AUTH_METHODS } from '../constants'
import { okEnvelope } from './envelope'

export const signedParams = z.object({
  cnonce: z.string().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/, 'cnonce must be 8-64 letters, digits, - or _'),
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
})
export type AuthMethodInfo = z.infer<typeof authMethodInfo>

export const authGetResponse = okEnvelope(
  z.object({ code: sixDigitCode, expiresIn: z.number().int(), auth: z.array(authMethodInfo) }),
)

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

export const devConfirmBody = z.object({
  code: sixDigitCode,
  phone: z.string().min(3, 'phone is required').max(32),
})
export const devConfirmResponse = okEnvelope(z.object({ status: z.literal(true), phoneNumber: z.string() }))

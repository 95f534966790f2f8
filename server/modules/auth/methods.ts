import type { AuthMethodInfo } from '../../../contract/api/auth'
import type { Env } from '../../env'

/**
 * The sign-in methods this server offers, in the order the sign-in page lists them. With a
 * code: its deep links and the exact text to send (GET /api/v202111/auth/get). Without one:
 * what the page shows before it has a code (the server's frame of /login and the app's first
 * render, issue 13), names and numbers only.
 */
export function signInMethods(
  env: Pick<
    Env,
    | 'providers'
    | 'TELEGRAM_BOT_USERNAME'
    | 'WHATSAPP_NUMBER'
    | 'WHATSAPP_BUSINESS_NUMBER'
    | 'VIBER_BOT_URI'
    | 'TWILIO_NUMBER'
    | 'TWILIO_VOICE_NUMBER'
  >,
  code?: string,
): AuthMethodInfo[] {
  const methods: AuthMethodInfo[] = []
  const withCode = (info: Omit<AuthMethodInfo, 'method'>) => (code === undefined ? {} : info)
  const { providers } = env
  if (providers.telegram) {
    methods.push({
      method: 'telegram',
      ...withCode({ link: `https://t.me/${env.TELEGRAM_BOT_USERNAME}?start=${code}`, text: `/start ${code}` }),
    })
  }
  const text = `LOGIN ${code}`
  const waLink = (number: string | undefined) => `https://wa.me/${number}?text=${encodeURIComponent(text)}`
  // The personal WhatsApp number stays first; the business number is a method of its own.
  if (providers.whatsapp) methods.push({ method: 'whatsapp', ...withCode({ link: waLink(env.WHATSAPP_NUMBER), text }) })
  if (providers.whatsappBusiness)
    methods.push({ method: 'whatsappBusiness', ...withCode({ link: waLink(env.WHATSAPP_BUSINESS_NUMBER), text }) })
  if (providers.viber) {
    methods.push({
      method: 'viber',
      ...withCode({ link: `viber://pa?chatURI=${encodeURIComponent(env.VIBER_BOT_URI!)}&context=${code}`, text: code }),
    })
  }
  if (providers.sms)
    methods.push({ method: 'sms', number: env.TWILIO_NUMBER, ...withCode({ link: `sms:${env.TWILIO_NUMBER}?body=${code}`, text: code }) })
  if (providers.flashcall) methods.push({ method: 'flashcall', callNumber: env.TWILIO_VOICE_NUMBER })
  if (providers.dev) methods.push({ method: 'dev', ...withCode({ text: code }) })
  return methods
}

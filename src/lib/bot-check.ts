import { config } from './config'

/**
 * The invisible bot check of SPEC.md section 2, behind one interface. With no site
 * key configured it is off: `token()` answers null and nothing is loaded.
 * With a key it runs Cloudflare Turnstile in invisible mode.
 */
export interface BotCheck {
  readonly enabled: boolean
  /** A fresh token to send with a protected call, or null when the check is off. */
  token(action: string): Promise<string | null>
}

export const botCheckOff: BotCheck = { enabled: false, token: async () => null }

interface TurnstileApi {
  render(el: HTMLElement, opts: Record<string, unknown>): string
  execute(id: string): void
  reset(id: string): void
}

export function turnstileBotCheck(siteKey: string, container: () => HTMLElement | null): BotCheck {
  let script: Promise<TurnstileApi> | null = null
  const load = () =>
    (script ??= new Promise<TurnstileApi>((resolve, reject) => {
      const el = document.createElement('script')
      el.src = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'
      el.async = true
      el.onload = () => resolve((window as unknown as { turnstile: TurnstileApi }).turnstile)
      el.onerror = () => reject(new Error('bot check failed to load'))
      document.head.appendChild(el)
    }))
  return {
    enabled: true,
    async token(action) {
      const api = await load()
      const host = container()
      if (!host) return null
      return new Promise<string | null>((resolve) => {
        const id = api.render(host, {
          sitekey: siteKey,
          action,
          size: 'invisible',
          execution: 'execute',
          callback: (token: string) => resolve(token),
          'error-callback': () => resolve(null),
        })
        api.execute(id)
      })
    },
  }
}

let host: HTMLElement | null = null
let active: BotCheck | null = null

/** The bot check in use; off unless the server configured a site key. */
export function botCheck(): BotCheck {
  return (active ??= config.botCheckSiteKey ? turnstileBotCheck(config.botCheckSiteKey, () => host) : botCheckOff)
}

/** Where the check's widget renders: the invisible anchor of the app's overlays (BotCheckWidget). */
export function setBotCheckHost(element: HTMLElement | null) {
  host = element
}

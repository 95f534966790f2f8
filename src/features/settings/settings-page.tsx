import { useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { useI18nContext } from '@i18n/i18n-react'
import { SUPPORTED_LOCALES } from '@contract/constants'
import { useChangeLocale, usePageTitle } from '@/app/providers'
import { Page } from '@/components/layout/app-shell'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { phone } from '@/lib/phone'
import { ltr } from '@/components/ui/phone-text'
import { auth, signedOut } from '@/stores/auth'
import { setTheme, theme } from '@/stores/theme'
import { logout } from '@/features/auth/api/auth-calls'

type SubView = 'language' | 'theme' | 'privacy' | 'fullDelete' | 'payment'

/** Language names in their own language, for the language list. */
function nativeName(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code === 'in-id' ? 'id' : code)
    return name ? name[0].toLocaleUpperCase(code) + name.slice(1) : code
  } catch {
    return code
  }
}

export function SettingsPage() {
  const { LL } = useI18nContext()
  const navigate = useNavigate()
  const { phoneNumber } = useSnapshot(auth)
  const snap = useSnapshot(theme)
  const { change, pending } = useChangeLocale()
  const [view, setView] = useState<SubView | null>(null)
  const titles: Record<SubView, string> = {
    language: LL.settings.language(),
    theme: LL.settings.theme(),
    privacy: LL.settings.privacy(),
    fullDelete: '',
    payment: LL.settings.payment(),
  }
  const title = view ? titles[view] : LL.settings.title()
  usePageTitle(title || LL.settings.fullDelete())

  const entries: Array<[SubView, string, string?]> = [
    ['language', LL.settings.language()],
    ['theme', LL.settings.theme()],
    ['privacy', LL.settings.privacy(), LL.settings.privacyText()],
    ['fullDelete', LL.settings.fullDelete(), LL.settings.fullDeleteText()],
    ['payment', LL.settings.payment(), LL.settings.paymentText()],
  ]

  return (
    <Page
      title={title}
      actions={
        <Button variant="secondary" onClick={() => (view ? setView(null) : void navigate({ to: '/' }))}>
          {LL.app.back()}
        </Button>
      }
    >
      {phoneNumber && <p className="text-muted">{LL.settings.account({ phone: ltr(phone.formatInternational(phoneNumber)) })}</p>}
      {!view && (
        <Card className="p-0">
          <ul className="divide-y divide-border">
            {entries.map(([key, label, text]) => (
              <li key={key}>
                <button type="button" className="flex w-full flex-col items-start gap-0.5 px-5 py-4 text-start hover:bg-surface-2" onClick={() => setView(key)}>
                  <span className="font-medium">{label}</span>
                  {text && <span className="text-sm text-muted">{text}</span>}
                </button>
              </li>
            ))}
          </ul>
        </Card>
      )}
      {view === 'language' && (
        <Card className="p-2">
          <ul className="grid gap-1 wide:grid-cols-2" aria-label={LL.settings.language()}>
            {SUPPORTED_LOCALES.map((code) => (
              <li key={code}>
                <button
                  type="button"
                  lang={code}
                  aria-pressed={snap.locale === code}
                  disabled={pending}
                  onClick={() => void change(code)}
                  className="w-full rounded-xl px-4 py-3 text-start hover:bg-surface-2 aria-pressed:bg-primary aria-pressed:text-primary-fg"
                >
                  {nativeName(code)} <span className="text-xs opacity-75">({code})</span>
                </button>
              </li>
            ))}
          </ul>
        </Card>
      )}
      {view === 'theme' && (
        <Card className="flex gap-2">
          {(['light', 'dark'] as const).map((name) => (
            <Button key={name} variant={snap.themeName === name ? 'primary' : 'secondary'} aria-pressed={snap.themeName === name} onClick={() => setTheme(name)}>
              {name === 'light' ? LL.settings.themeLight() : LL.settings.themeDark()}
            </Button>
          ))}
        </Card>
      )}
      {(view === 'privacy' || view === 'fullDelete' || view === 'payment') && (
        <Card>
          <p className="text-muted">{entries.find(([k]) => k === view)?.[2]}</p>
        </Card>
      )}
      {!view && (
        <Button
          variant="secondary"
          className="self-start"
          onClick={() => void logout().catch(() => undefined).finally(() => { signedOut(); void navigate({ to: '/login' }) })}
        >
          {LL.header.logout()}
        </Button>
      )}
    </Page>
  )
}

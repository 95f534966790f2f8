import { useEffect, type ReactNode } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { useI18nContext } from '@i18n/i18n-react'
import { SUPPORTED_LOCALES } from '@contract/constants'
import { useChangeLocale } from '@/lib/use-change-locale'
import { usePageTitle } from '@/lib/use-page-title'
import { Page } from '@/components/layout/app-shell'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { DialogFooter } from '@/components/ui/dialog'
import { withBackdrop } from '@/stores/backdrop'
import { closeModal, openModal } from '@/stores/modal'
import { ltr } from '@/components/ui/phone-text'
import { phone } from '@/lib/phone'
import { auth, signedOut } from '@/stores/auth'
import { currentSubView, openSubView, resetSettings, settings, settingsBack, type SubViewFlag } from '@/stores/settings'
import { setTheme, theme } from '@/stores/theme'
import { logout } from './api/logout'
import { AdvancedFeatures } from './components/advanced-features'

/** Language names in their own language, for the language list. */
export function nativeName(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code === 'in-id' ? 'id' : code)
    return name ? name[0].toLocaleUpperCase(code) + name.slice(1) : code
  } catch {
    return code
  }
}

/**
 * The settings panel of SPEC.md section 2: sub-views opened by flags, a title per
 * sub-view (blank for full delete), back closing the most specific first, then
 * leaving to /.
 */
export function SettingsPage({ plan }: { plan?: ReactNode }) {
  const { LL } = useI18nContext()
  const navigate = useNavigate()
  const { phoneNumber } = useSnapshot(auth)
  const flags = useSnapshot(settings)
  const view = currentSubView(flags)

  // The panel opens on its main list; the page background drops its sky tint here.
  useEffect(() => {
    resetSettings()
    document.body.classList.remove('skyblue')
    return resetSettings
  }, [])

  const titles: Record<SubViewFlag, string> = {
    openLangSetting: LL.settings.language(),
    openThemeChangeSetting: LL.settings.theme(),
    openPrivacySetting: LL.settings.privacy(),
    openPrivacyFullDelete: '',
    openPaymentAdditionalFunction: LL.settings.payment(),
  }
  const title = view ? titles[view] : LL.settings.title()
  usePageTitle(title || LL.settings.fullDelete())

  const back = () => {
    if (!settingsBack()) void navigate({ to: '/' })
  }

  return (
    <Page
      title={title}
      srTitle={title ? undefined : LL.settings.fullDelete()}
      actions={
        // Named apart from the header's history Back: this one steps out of the panel.
        <Button variant="secondary" onClick={back}>
          {view ? LL.settings.backToSettings() : LL.settings.closeSettings()}
        </Button>
      }
    >
      {phoneNumber && <p className="text-muted">{LL.settings.account({ phone: ltr(phone.formatInternational(phoneNumber)) })}</p>}
      {!view && <MainList />}
      {view === 'openLangSetting' && <LanguageList />}
      {view === 'openThemeChangeSetting' && <ThemeChoice />}
      {view === 'openPrivacySetting' && (
        <Card className="flex flex-col gap-4">
          <p className="text-muted">{LL.settings.privacyText()}</p>
          <Button variant="secondary" className="self-start" onClick={() => openSubView('openPrivacyFullDelete')}>
            {LL.settings.fullDelete()}
          </Button>
        </Card>
      )}
      {view === 'openPrivacyFullDelete' && (
        <Card>
          <p className="text-muted">{LL.settings.fullDeleteText()}</p>
        </Card>
      )}
      {view === 'openPaymentAdditionalFunction' && <AdvancedFeatures plan={plan} />}
    </Page>
  )
}

function MainList() {
  const { LL } = useI18nContext()
  const navigate = useNavigate()
  const signOut = () =>
    void withBackdrop(() => logout().catch(() => undefined)).finally(() => {
      closeModal()
      signedOut()
      void navigate({ to: '/login' })
    })
  const confirmSignOut = () =>
    openModal({
      modalId: 'sign-out',
      title: LL.settings.signOutTitle(),
      description: LL.settings.signOutText(),
      body: (
        <DialogFooter>
          <Button variant="secondary" onClick={closeModal}>
            {LL.app.cancel()}
          </Button>
          <Button variant="danger" onClick={signOut}>
            {LL.header.logout()}
          </Button>
        </DialogFooter>
      ),
    })
  const entries: Array<[SubViewFlag, string, string?]> = [
    ['openLangSetting', LL.settings.language(), nativeName(theme.locale)],
    ['openThemeChangeSetting', LL.settings.theme(), theme.themeName === 'dark' ? LL.settings.themeDark() : LL.settings.themeLight()],
    ['openPrivacySetting', LL.settings.privacy(), LL.settings.privacyText()],
    ['openPaymentAdditionalFunction', LL.settings.payment(), LL.settings.paymentText()],
  ]
  return (
    <>
      <Card className="p-0">
        <ul className="divide-y divide-border">
          {entries.map(([flag, label, text]) => (
            <li key={flag}>
              <button type="button" className="flex w-full flex-col items-start gap-0.5 px-5 py-4 text-start hover:bg-surface-2" onClick={() => openSubView(flag)}>
                <span className="font-medium">{label}</span>
                {text && <span className="text-sm text-muted">{text}</span>}
              </button>
            </li>
          ))}
        </ul>
      </Card>
      <Button variant="secondary" className="self-start" onClick={() => confirmSignOut()}>
        {LL.header.logout()}
      </Button>
    </>
  )
}

function LanguageList() {
  const { LL } = useI18nContext()
  const { locale } = useSnapshot(theme)
  const { change, pending } = useChangeLocale()
  return (
    <Card className="p-2">
      <ul className="grid gap-1 wide:grid-cols-2" aria-label={LL.settings.language()}>
        {SUPPORTED_LOCALES.map((code) => (
          <li key={code}>
            <button
              type="button"
              lang={code}
              aria-pressed={locale === code}
              disabled={pending}
              onClick={() => void change(code)}
              className="w-full rounded-xl px-4 py-3 text-start hover:bg-surface-2 aria-pressed:bg-primary aria-pressed:text-primary-fg"
            >
              {nativeName(code)} <span className="text-xs opacity-80">({code})</span>
            </button>
          </li>
        ))}
      </ul>
    </Card>
  )
}

function ThemeChoice() {
  const { LL } = useI18nContext()
  const { themeName } = useSnapshot(theme)
  return (
    <Card className="flex flex-wrap gap-2" role="group" aria-label={LL.settings.theme()}>
      {(['light', 'dark'] as const).map((name) => (
        <Button key={name} variant={themeName === name ? 'primary' : 'secondary'} aria-pressed={themeName === name} onClick={() => setTheme(name)}>
          {name === 'light' ? LL.settings.themeLight() : LL.settings.themeDark()}
        </Button>
      ))}
    </Card>
  )
}

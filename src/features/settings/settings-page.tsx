import { useEffect, useRef, type ReactNode, type RefObject } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { useI18nContext } from '@i18n/i18n-react'
import { useBackStep } from '@/lib/back'
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
import { theme } from '@/stores/theme'
import { logout } from './api/logout'
import { AdvancedFeatures } from './components/advanced-features'
import { FullDelete } from './components/full-delete'
import { LanguageList } from './components/language-list'
import { NotificationSettings } from './components/notification-settings'
import { PrivacySettings } from './components/privacy-settings'
import { ThemeChoice } from './components/theme-choice'
import { nativeName } from './native-name'

/**
 * The settings panel of SPEC.md section 2: sub-views opened by flags, a title per
 * sub-view, back closing the most specific first (the header's Back too), then
 * leaving to /. The full-delete view has its title like any other (issue 33), where
 * SPEC.md left it blank. `plan`, `paidSearch` and `devices` (Protect your phone) belong
 * to other features: the route composes them in.
 */
export function SettingsPage({ plan, paidSearch, devices }: { plan?: ReactNode; paidSearch?: ReactNode; devices?: ReactNode }) {
  const { LL } = useI18nContext()
  const navigate = useNavigate()
  const { phoneNumber } = useSnapshot(auth)
  const flags = useSnapshot(settings)
  const view = currentSubView(flags)
  const titleRef = useRef<HTMLHeadingElement>(null)
  // The header's Back closes the open sub-view before it leaves the panel.
  useBackStep(settingsBack)
  useViewFocus(view, titleRef)

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
    openPrivacyFullDelete: LL.settings.fullDelete(),
    openPaymentAdditionalFunction: LL.settings.payment(),
    openNotificationSetting: LL.settings.notifications(),
    openDevicesSetting: LL.devices.title(),
  }
  const title = view ? titles[view] : LL.settings.title()
  usePageTitle(title)

  const back = () => {
    if (!settingsBack()) void navigate({ to: '/' })
  }

  return (
    <Page
      title={title}
      titleRef={titleRef}
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
      {view === 'openPrivacySetting' && <PrivacySettings />}
      {view === 'openPrivacyFullDelete' && <FullDelete />}
      {view === 'openPaymentAdditionalFunction' && <AdvancedFeatures plan={plan} paidSearch={paidSearch} />}
      {view === 'openNotificationSetting' && <NotificationSettings />}
      {view === 'openDevicesSetting' && devices}
    </Page>
  )
}

/**
 * Focus as the view changes, when what had it went with the view before (the entry pressed): the
 * opened view's heading, so a screen reader says where it is and Tab goes on inside the view; back
 * in the list, the entry of the view just closed. A Back button that stays keeps it.
 */
function useViewFocus(view: SubViewFlag | null, titleRef: RefObject<HTMLHeadingElement | null>) {
  const shown = useRef(view)
  useEffect(() => {
    const closed = shown.current
    shown.current = view
    if (closed === view || (document.activeElement && document.activeElement !== document.body)) return
    if (view) titleRef.current?.focus()
    else document.querySelector<HTMLElement>(`[data-view="${closed}"]`)?.focus()
  }, [view, titleRef])
}

function MainList() {
  const { LL } = useI18nContext()
  const navigate = useNavigate()
  const { preference, locale } = useSnapshot(theme)
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
  const themeNames = { light: LL.settings.themeLight(), dark: LL.settings.themeDark(), system: LL.settings.themeSystem() }
  const entries: Array<[SubViewFlag, string, string?]> = [
    ['openLangSetting', LL.settings.language(), nativeName(locale)],
    ['openThemeChangeSetting', LL.settings.theme(), themeNames[preference]],
    ['openPrivacySetting', LL.settings.privacy(), LL.settings.privacyText()],
    ['openNotificationSetting', LL.settings.notifications(), LL.settings.notificationsText()],
    ['openDevicesSetting', LL.devices.title(), LL.devices.entryText()],
    ['openPaymentAdditionalFunction', LL.settings.payment(), LL.settings.paymentText()],
  ]
  return (
    <>
      <Card className="p-0">
        <ul className="divide-y divide-border">
          {entries.map(([flag, label, text]) => (
            <li key={flag}>
              <button
                type="button"
                className="flex w-full flex-col items-start gap-0.5 px-5 py-4 text-start hover:bg-surface-2"
                data-view={flag}
                onClick={() => openSubView(flag)}
              >
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

import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, within } from 'storybook/test'
import { useSnapshot } from 'valtio'
import { useI18nContext } from '@i18n/i18n-react'
import { Page } from '@/components/layout/app-shell'
import { LoginScreen } from '@/features/auth/components/login-screen'
import type { SignedIn } from '@/stores/auth'
import { theme } from '@/stores/theme'
import { fail, ok, PENDING, type ApiTable } from '../../support/api'
import { withAppShell } from '../../support/decorators'
import { AUTH_CODE, authCode, DEV_METHODS, MESSENGER_METHODS } from '../../support/fixtures'
import { modes } from '../../support/modes'
import { translations } from '../../support/i18n'

/** The sign-in page as routes/login.tsx composes it: title, intro and the sign-in flow. */
function LoginPage({ onSignedIn }: { onSignedIn: (data: SignedIn) => void }) {
  const { LL } = useI18nContext()
  const { locale } = useSnapshot(theme)
  return (
    <Page title={LL.login.title()}>
      <p className="max-w-2xl text-muted">{LL.login.intro()}</p>
      <LoginScreen lang={locale} onSignedIn={onSignedIn} />
    </Page>
  )
}

const meta = {
  title: 'Pages/Login',
  component: LoginPage,
  decorators: [withAppShell],
  args: { onSignedIn: fn() },
  parameters: { layout: 'fullscreen', route: '/login' },
} satisfies Meta<typeof LoginPage>
export default meta
type Story = StoryObj<typeof meta>

/** The sign-in calls, with the code answer given per story. */
function signInApi(get: ApiTable[string]): ApiTable {
  return {
    'GET /api/v202111/auth/get': get,
    'POST /api/v6/auth/agreement_code': ok({ code: AUTH_CODE, agreed: true }),
    'POST /api/v6/auth/dev/confirm': ok({ status: true, phoneNumber: '+4930901820' }),
    'GET /api/v6/auth/check': ok({ status: false }),
  }
}

const loadingStory = modes<Story>({
  parameters: { api: signInApi(PENDING) },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(page.getByRole('heading', { level: 1, name: LL.login.title() })).toBeVisible()
    await expect(page.getByRole('status')).toHaveTextContent(LL.app.loading())
  },
})
export const Loading = loadingStory.light
export const LoadingDark = loadingStory.dark
export const LoadingRtl = loadingStory.rtl
export const LoadingDarkRtl = loadingStory.darkRtl

const devStory = modes<Story>({
  parameters: { api: signInApi(ok(authCode(DEV_METHODS))) },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(await page.findByTestId('auth-code')).toHaveTextContent(AUTH_CODE)
    // The frozen clock keeps the countdown at the full two minutes.
    await expect(page.getByText(LL.login.expiresIn({ seconds: 120 }))).toBeVisible()
    const form = page.getByRole('form', { name: LL.login.methodDev() })
    const phone = within(form).getByRole('textbox', { name: LL.login.devPhone() })
    await expect(phone).toBeRequired()
    // The submit button waits for a plausible number.
    await expect(within(form).getByRole('button', { name: LL.login.devConfirm() })).toBeDisabled()
  },
})
export const ReadyWithDevSignIn = devStory.light
export const ReadyWithDevSignInDark = devStory.dark
export const ReadyWithDevSignInRtl = devStory.rtl
export const ReadyWithDevSignInDarkRtl = devStory.darkRtl

const messengersStory = modes<Story>({
  parameters: { api: signInApi(ok(authCode(MESSENGER_METHODS))) },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(await page.findByTestId('auth-code')).toHaveTextContent(AUTH_CODE)
    for (const name of [LL.login.methodTelegram(), LL.login.methodWhatsapp(), LL.login.methodSms()]) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible()
    }
    await expect(page.getByRole('link', { name: LL.login.open({ method: LL.login.methodTelegram() }) })).toHaveAttribute('href', MESSENGER_METHODS[0].link)
    await expect(page.getByRole('img', { name: `${LL.login.scan()}: ${LL.login.methodWhatsapp()}` })).toBeVisible()
    // SMS has no link: the text and number to send are spelled out instead.
    await expect(page.queryByRole('link', { name: LL.login.open({ method: LL.login.methodSms() }) })).toBeNull()
    // The number to text is written the way people read numbers, not as raw digits.
    await expect(page.getByText(/\+1 201 555 0199/)).toBeVisible()
  },
})
export const ReadyWithMessengers = messengersStory.light
export const ReadyWithMessengersDark = messengersStory.dark
export const ReadyWithMessengersRtl = messengersStory.rtl
export const ReadyWithMessengersDarkRtl = messengersStory.darkRtl

const waitingStory = modes<Story>({
  parameters: { api: signInApi(ok(authCode(DEV_METHODS))) },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    const phone = await page.findByRole('textbox', { name: LL.login.devPhone() })
    await userEvent.type(phone, '+49 30 901820')
    await userEvent.click(page.getByRole('button', { name: LL.login.devConfirm() }))
    // Confirmed for the number: the page now waits for the server to say so.
    const waiting = await page.findByText(LL.login.waiting())
    await expect(waiting.closest('[role="status"]')).toHaveTextContent(LL.login.waitingHint())
    await expect(page.getByRole('button', { name: LL.login.cancel() })).toBeVisible()
    await expect(page.getByRole('button', { name: LL.login.devConfirm() })).toBeDisabled()
  },
})
export const Waiting = waitingStory.light
export const WaitingDark = waitingStory.dark
export const WaitingRtl = waitingStory.rtl
export const WaitingDarkRtl = waitingStory.darkRtl

const errorStory = modes<Story>({
  parameters: { api: signInApi(fail(400, 1012, 'bad signature')) },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(await page.findByRole('alert')).toHaveTextContent(LL.login.errorCode({ code: 1012 }))
    await expect(page.getByRole('button', { name: LL.app.retry() })).toBeVisible()
  },
})
export const CodeFailed = errorStory.light
export const CodeFailedDark = errorStory.dark
export const CodeFailedRtl = errorStory.rtl
export const CodeFailedDarkRtl = errorStory.darkRtl

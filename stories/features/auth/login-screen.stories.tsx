import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, waitFor, within, type userEvent as UserEventApi } from 'storybook/test'
import { useSnapshot } from 'valtio'
import { useI18nContext } from '@i18n/i18n-react'
import { Page } from '@/components/layout/app-shell'
import { LoginScreen } from '@/features/auth/components/login-screen'
import type { AuthMethodInfo } from '@contract/api/auth'
import type { SignedIn } from '@/stores/auth'
import { theme } from '@/stores/theme'
import { fail, ok, PENDING, type ApiTable } from '../../support/api'
import { withAppShell } from '../../support/decorators'
import { AUTH_CODE, authCode, DEV_METHODS, MESSENGER_METHODS } from '../../support/fixtures'
import { modes } from '../../support/modes'
import { translations } from '../../support/i18n'
import { statusSaying } from '../../support/queries'

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
type UserEvent = ReturnType<typeof UserEventApi.setup>

/** The number a flash call asks the user to call (E.164). */
const CALL_NUMBER = '+14155550100'

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
    await expect(statusSaying(page, LL.app.loading())).toHaveTextContent(LL.app.loading())
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
    await expect(page.getByRole('link', { name: LL.login.open({ method: LL.login.methodTelegram() }) })).toHaveAttribute(
      'href',
      MESSENGER_METHODS[0].link,
    )
    // Each QR code is encoded in a deferred render of its own, a moment after the link.
    await expect(await page.findByRole('img', { name: `${LL.login.scan()}: ${LL.login.methodWhatsapp()}` })).toBeVisible()
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

/** The methods added for issue 14 beside WhatsApp: its business number, Viber and a call. */
const MORE_METHODS: AuthMethodInfo[] = [
  { method: 'whatsapp', link: `https://wa.me/12015550199?text=${AUTH_CODE}` },
  { method: 'whatsappBusiness', link: `https://wa.me/12015550142?text=${AUTH_CODE}` },
  { method: 'viber', link: `viber://pa?chatURI=callerid_demo&context=${AUTH_CODE}` },
  { method: 'flashcall', callNumber: CALL_NUMBER },
]

/** The sign-in calls with a flash call that answers `flashcall` and a poll that answers `check`. */
function flashCallApi(flashcall: ApiTable[string], check: ApiTable[string] = ok({ status: false })): ApiTable {
  return { ...signInApi(ok(authCode(MORE_METHODS))), 'POST /api/v6/auth/flashcall': flashcall, 'GET /api/v6/auth/check': check }
}

const callAnswer = ok({ callNumber: CALL_NUMBER, phoneNumber: '+4930901820', expiresIn: 110 })

/** Types a number into the flash call form and asks for the number to call. */
async function askForCall(page: ReturnType<typeof within>, LL: ReturnType<typeof translations>, userEvent: UserEvent, typed: string) {
  const form = await page.findByRole('form', { name: LL.login.methodFlashcall() })
  const field = within(form).getByRole('textbox', { name: LL.login.flashcallPhone() })
  await userEvent.type(field, typed)
  await userEvent.click(within(form).getByRole('button', { name: LL.login.flashcallRequest() }))
  return { form, field }
}

const moreMethodsStory = modes<Story>({
  parameters: { api: flashCallApi(callAnswer) },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(await page.findByTestId('auth-code')).toHaveTextContent(AUTH_CODE)
    for (const name of [LL.login.methodWhatsapp(), LL.login.methodWhatsappBusiness(), LL.login.methodViber(), LL.login.methodFlashcall()]) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible()
    }
    // Viber's deep link carries the code as its context, and its QR code is there for desktop users.
    const viber = page.getByRole('link', { name: LL.login.open({ method: LL.login.methodViber() }) })
    await expect(viber).toHaveAttribute('href', `viber://pa?chatURI=callerid_demo&context=${AUTH_CODE}`)
    // Each QR code is encoded in a deferred render of its own, a moment after the link.
    await expect(await page.findByRole('img', { name: `${LL.login.scan()}: ${LL.login.methodViber()}` })).toBeVisible()
    await expect(page.getByText(LL.login.viberHow())).toBeVisible()
    // The business number is its own method with its own link, after plain WhatsApp.
    const business = page.getByRole('link', { name: LL.login.open({ method: LL.login.methodWhatsappBusiness() }) })
    await expect(business).toHaveAttribute('href', `https://wa.me/12015550142?text=${AUTH_CODE}`)
    // Each QR code is encoded in a deferred render of its own, a moment after the link.
    await expect(await page.findByRole('img', { name: `${LL.login.scan()}: ${LL.login.methodWhatsappBusiness()}` })).toBeVisible()
    // Flash call: a phone field, its button waiting for digits; the number is formatted as typed.
    const form = page.getByRole('form', { name: LL.login.methodFlashcall() })
    const field = within(form).getByRole('textbox', { name: LL.login.flashcallPhone() })
    await expect(field).toHaveAttribute('type', 'tel')
    await expect(field).toHaveAttribute('dir', 'ltr')
    await expect(within(form).getByRole('button', { name: LL.login.flashcallRequest() })).toBeDisabled()
    await userEvent.type(field, '493090182')
    await expect(field).toHaveValue('+49 30 90182')
    await userEvent.clear(field)
  },
})
export const ReadyWithViberAndCall = moreMethodsStory.light
export const ReadyWithViberAndCallDark = moreMethodsStory.dark
export const ReadyWithViberAndCallRtl = moreMethodsStory.rtl
export const ReadyWithViberAndCallDarkRtl = moreMethodsStory.darkRtl

const numberToCallStory = modes<Story>({
  parameters: {
    api: flashCallApi((_url, init) =>
      new URLSearchParams(String(init?.body)).get('phone') === '+4930901820' ? callAnswer : fail(400, 3001),
    ),
  },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await askForCall(page, LL, userEvent, '+49 30 901820')
    // The number to call, as people read it, left to right in any language, one tap away; focus on it.
    const call = await page.findByRole('link', { name: LL.login.flashcallCallLink({ number: '+1 415 555 0100' }) })
    await expect(call).toHaveAttribute('href', `tel:${CALL_NUMBER}`)
    await expect(call).toHaveAttribute('dir', 'ltr')
    await expect(call).toHaveTextContent('+1 415 555 0100')
    await expect(call).toHaveFocus()
    await expect(call.closest('[role="status"]')).toHaveTextContent('+49 30 901820')
    // Then the page waits for the call like for any method.
    await expect(await page.findByText(LL.login.waiting())).toBeVisible()
    await expect(page.queryByRole('form', { name: LL.login.methodFlashcall() })).toBeNull()
  },
})
export const FlashCallNumberToCall = numberToCallStory.light
export const FlashCallNumberToCallDark = numberToCallStory.dark
export const FlashCallNumberToCallRtl = numberToCallStory.rtl
export const FlashCallNumberToCallDarkRtl = numberToCallStory.darkRtl

const invalidNumberStory = modes<Story>({
  parameters: { api: flashCallApi(fail(400, 2102, 'code expired')) },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    // Not a number of any plan: refused on the page, nothing sent.
    const { form, field } = await askForCall(page, LL, userEvent, '+49 12')
    await expect(within(form).getByRole('alert')).toHaveTextContent(LL.login.flashcallInvalid())
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveAccessibleDescription(LL.login.flashcallInvalid())
    // A valid number for a code the server has let expire: said so, and the field keeps its number.
    await userEvent.clear(field)
    await userEvent.type(field, '+49 30 901820')
    await expect(field).toHaveAttribute('aria-invalid', 'false')
    await userEvent.click(within(form).getByRole('button', { name: LL.login.flashcallRequest() }))
    await expect(await within(form).findByRole('alert')).toHaveTextContent(LL.login.codeExpired())
    await expect(field).toHaveValue('+49 30 901820')
    await expect(page.queryByRole('link', { name: LL.login.flashcallCallLink({ number: '+1 415 555 0100' }) })).toBeNull()
  },
})
export const FlashCallRefused = invalidNumberStory.light
export const FlashCallRefusedDark = invalidNumberStory.dark
export const FlashCallRefusedRtl = invalidNumberStory.rtl
export const FlashCallRefusedDarkRtl = invalidNumberStory.darkRtl

const notAttestedStory = modes<Story>({
  parameters: { api: flashCallApi(callAnswer, fail(400, 2106, 'call not attested')) },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await askForCall(page, LL, userEvent, '+49 30 901820')
    // The first poll (after 3 s) reports the call the carrier could not attest: a new code is offered.
    const alert = await page.findByText(LL.login.callRefused(), {}, { timeout: 6000 })
    await expect(alert.closest('[role="alert"]')).toBeVisible()
    await expect(page.getByRole('button', { name: LL.login.newCode() })).toBeVisible()
    await expect(page.queryByRole('button', { name: LL.app.retry() })).toBeNull()
  },
})
export const CallNotAttested = notAttestedStory.light
export const CallNotAttestedDark = notAttestedStory.dark
export const CallNotAttestedRtl = notAttestedStory.rtl
export const CallNotAttestedDarkRtl = notAttestedStory.darkRtl

const disturbedStory = modes<Story>({
  parameters: {
    api: flashCallApi(callAnswer, fail(400, 2107, 'Another sign-in for this number was started at the same time; start again')),
  },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await askForCall(page, LL, userEvent, '+49 30 901820')
    // Another browser bound a code to the same number (ADR 0047): neither call counts, a new code is offered.
    const alert = await page.findByText(LL.login.callDisturbed(), {}, { timeout: 6000 })
    await expect(alert.closest('[role="alert"]')).toBeVisible()
    await expect(page.getByRole('button', { name: LL.login.newCode() })).toBeVisible()
  },
})
export const CallDisturbed = disturbedStory.light
export const CallDisturbedDark = disturbedStory.dark
export const CallDisturbedRtl = disturbedStory.rtl
export const CallDisturbedDarkRtl = disturbedStory.darkRtl

const otherNumberStory = modes<Story>({
  parameters: { api: flashCallApi(callAnswer) },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await askForCall(page, LL, userEvent, '+49 30 901820')
    await expect(await page.findByTestId('flashcall-number')).toHaveFocus()
    // Typed the wrong number: back to the field, with the keyboard, focus on it and the number kept.
    await userEvent.keyboard('{Tab}')
    await expect(page.getByRole('button', { name: LL.login.flashcallOtherNumber() })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    const field = await page.findByRole('textbox', { name: LL.login.flashcallPhone() })
    // The field gets the focus in the frame after it is back (flash-call-sign-in.tsx).
    await waitFor(() => expect(field).toHaveFocus())
    await expect(field).toHaveValue('+49 30 901820')
    await expect(page.queryByTestId('flashcall-number')).toBeNull()
    // No longer waiting for a call from the number typed before: the form can ask again.
    await expect(page.queryByText(LL.login.waiting())).toBeNull()
    await expect(page.getByRole('button', { name: LL.login.flashcallRequest() })).toBeEnabled()
  },
})
export const FlashCallOtherNumber = otherNumberStory.light
export const FlashCallOtherNumberDark = otherNumberStory.dark
export const FlashCallOtherNumberRtl = otherNumberStory.rtl
export const FlashCallOtherNumberDarkRtl = otherNumberStory.darkRtl

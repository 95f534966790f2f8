import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { Footer } from '@/components/layout/footer'
import { SUPPORT_EMAIL } from '@/lib/site'
import { setApk } from '@/stores/apk'
import { fail, ok } from '../../support/api'
import { modes } from '../../support/modes'
import { signIn } from '../../support/session'
import { translations } from '../../support/i18n'

const meta = { title: 'Layout/Footer', component: Footer, parameters: { layout: 'fullscreen' } } satisfies Meta<typeof Footer>
export default meta
type Story = StoryObj<typeof meta>

const signedOutStory = modes<Story>({
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const footer = within(within(canvasElement).getByRole('contentinfo'))
    for (const name of [LL.footer.terms(), LL.footer.privacy(), LL.footer.cookies(), LL.footer.purchase(), LL.footer.contacts()]) {
      await expect(footer.getByRole('link', { name })).toBeVisible()
    }
    await expect(footer.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`)
    // The QR code's encoder loads after the page.
    await expect(await footer.findByRole('img', { name: LL.footer.qr() }, { timeout: 5000 })).toBeVisible()
    // The year comes from the (frozen) clock.
    await expect(footer.getByText(LL.footer.rights({ year: 2025 }))).toBeVisible()
    await expect(footer.queryByRole('group', { name: LL.footer.getApp() })).toBeNull()
  },
})
export const SignedOut = signedOutStory.light
export const SignedOutDark = signedOutStory.dark
export const SignedOutRtl = signedOutStory.rtl
export const SignedOutDarkRtl = signedOutStory.darkRtl

const APK_URL = 'https://downloads.example.com/callerid.apk'

const signedInStory = modes<Story>({
  parameters: { api: { 'GET /api/v202305/apk/get': ok({ url: APK_URL }) } },
  beforeEach: () => signIn(),
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    await within(canvasElement).findByRole('img', { name: LL.footer.qr() }, { timeout: 5000 })
    const apps = within(canvasElement).getByRole('group', { name: LL.footer.getApp() })
    // The APK badge links where the server says the app is downloaded from.
    await expect(await within(apps).findByRole('link', { name: LL.footer.apk() })).toHaveAttribute('href', APK_URL)
    await expect(within(apps).getAllByRole('link')).toHaveLength(4)
  },
})
export const SignedIn = signedInStory.light
export const SignedInDark = signedInStory.dark
export const SignedInRtl = signedInStory.rtl
export const SignedInDarkRtl = signedInStory.darkRtl

/** Whether the footer has asked for the APK link yet. */
let apkAsked = false

const noApkStory = modes<Story>({
  // The server has no APK_URL: it answers 404.
  parameters: {
    api: {
      'GET /api/v202305/apk/get': () => {
        apkAsked = true
        return fail(404)
      },
    },
  },
  beforeEach: () => {
    apkAsked = false
    signIn()
  },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const apps = within(canvasElement).getByRole('group', { name: LL.footer.getApp() })
    await expect(within(apps).getByRole('link', { name: LL.footer.googlePlay() })).toBeVisible()
    await waitFor(() => expect(apkAsked).toBe(true))
    await new Promise((r) => setTimeout(r, 50))
    await expect(within(apps).queryByRole('link', { name: LL.footer.apk() })).toBeNull()
    await expect(within(apps).getAllByRole('link')).toHaveLength(3)
  },
})
export const SignedInWithoutApk = noApkStory.light
export const SignedInWithoutApkDark = noApkStory.dark
export const SignedInWithoutApkRtl = noApkStory.rtl
export const SignedInWithoutApkDarkRtl = noApkStory.darkRtl

const apkModeStory = modes<Story>({
  parameters: { api: { 'GET /api/v202305/apk/get': ok({ url: APK_URL }) } },
  beforeEach: () => {
    signIn()
    setApk(true)
  },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const footer = within(within(canvasElement).getByRole('contentinfo'))
    // Inside the APK no store badge shows; the QR code still does.
    await expect(await footer.findByRole('img', { name: LL.footer.qr() }, { timeout: 5000 })).toBeVisible()
    await expect(footer.queryByRole('group', { name: LL.footer.getApp() })).toBeNull()
  },
})
export const SignedInApkMode = apkModeStory.light
export const SignedInApkModeDark = apkModeStory.dark
export const SignedInApkModeRtl = apkModeStory.rtl
export const SignedInApkModeDarkRtl = apkModeStory.darkRtl

import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Footer } from '@/components/layout/footer'
import { SUPPORT_EMAIL } from '@/lib/site'
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

const signedInStory = modes<Story>({
  beforeEach: () => signIn(),
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    await within(canvasElement).findByRole('img', { name: LL.footer.qr() }, { timeout: 5000 })
    const apps = within(canvasElement).getByRole('group', { name: LL.footer.getApp() })
    await expect(within(apps).getAllByRole('link')).toHaveLength(4)
    await expect(within(apps).getByRole('link', { name: LL.footer.apk() })).toHaveAttribute('href', '/api/v202305/apk/get')
  },
})
export const SignedIn = signedInStory.light
export const SignedInDark = signedInStory.dark
export const SignedInRtl = signedInStory.rtl
export const SignedInDarkRtl = signedInStory.darkRtl

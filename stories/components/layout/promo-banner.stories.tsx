import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import PromoBanner from '@/components/layout/promo-banner'
import { storage, STORAGE_KEYS } from '@/lib/storage'
import { setApk } from '@/stores/apk'
import { ok } from '../../support/api'
import { modes } from '../../support/modes'
import { signIn } from '../../support/session'
import { translations } from '../../support/i18n'
import { catalogue, myProfile } from '../../features/paywall/fixtures'

const PROFILE = 'GET /api/v6/profile/my'

/** The promotion banner: the product's own plan, for signed-in free users only. */
const meta = {
  title: 'Layout/Promotion banner',
  component: PromoBanner,
  parameters: {
    layout: 'fullscreen',
    route: '/search',
    api: { [PROFILE]: ok(myProfile(null)), 'GET /api/v6/payment/products': ok(catalogue()) },
  },
} satisfies Meta<typeof PromoBanner>
export default meta
type Story = StoryObj<typeof meta>

let asked = 0
const counted = (tier: 'tier1' | null) => () => {
  asked += 1
  return ok(myProfile(tier))
}

const freeStory = modes<Story>({
  beforeEach: () => signIn(),
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const canvas = within(canvasElement)
    const banner = await canvas.findByRole('complementary', { name: LL.money.promoRegion() })
    await expect(banner).toHaveTextContent(LL.money.promoText({ count: 300 }))
    await expect(within(banner).getByRole('link', { name: LL.money.promoLink() })).toHaveAttribute('href', '/paywall?tab=tier1')
    // Dismissed, it stays away (for a week).
    await userEvent.click(within(banner).getByRole('button', { name: LL.money.promoDismiss() }))
    await expect(canvas.queryByRole('complementary')).toBeNull()
    await expect(Number(storage.get(STORAGE_KEYS.promoDismissedAt))).toBeGreaterThan(0)
  },
})
export const FreeUser = freeStory.light
export const FreeUserDark = freeStory.dark
export const FreeUserRtl = freeStory.rtl
export const FreeUserDarkRtl = freeStory.darkRtl

const planStory = modes<Story>({
  parameters: { api: { [PROFILE]: counted('tier1') } },
  beforeEach: () => {
    asked = 0
    signIn()
  },
  play: async ({ canvasElement }) => {
    // Once the profile says Premium, there is nothing to offer.
    await waitFor(() => expect(asked).toBe(1))
    await new Promise((r) => setTimeout(r, 50))
    await expect(within(canvasElement).queryByRole('complementary')).toBeNull()
  },
})
export const Premium = planStory.light
export const PremiumDark = planStory.dark
export const PremiumRtl = planStory.rtl
export const PremiumDarkRtl = planStory.darkRtl

const apkStory = modes<Story>({
  parameters: { api: { [PROFILE]: counted(null) } },
  beforeEach: () => {
    asked = 0
    signIn()
    setApk(true)
  },
  play: async ({ canvasElement }) => {
    // A free user, but inside the APK: no banner.
    await waitFor(() => expect(asked).toBe(1))
    await new Promise((r) => setTimeout(r, 50))
    await expect(within(canvasElement).queryByRole('complementary')).toBeNull()
  },
})
export const InsideTheApk = apkStory.light
export const InsideTheApkDark = apkStory.dark
export const InsideTheApkRtl = apkStory.rtl
export const InsideTheApkDarkRtl = apkStory.darkRtl

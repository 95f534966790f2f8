import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import type { DisputeState } from '@contract/api/dispute-state'
import { DisputeBanner } from '@/features/disputes/components/dispute-banner'
import { formatDate } from '@/lib/format'
import { STORY_NOW } from '../../support/clock'
import { modes } from '../../support/modes'
import { storyLocale, translations } from '../../support/i18n'

const meta = { title: 'Disputes/Banner', component: DisputeBanner } satisfies Meta<typeof DisputeBanner>
export default meta
type Story = StoryObj<typeof meta>

const OPENED = STORY_NOW / 1000 - 3 * 86400
const DECIDED = STORY_NOW / 1000 - 3600
const open: DisputeState = {
  id: 4,
  status: 'open',
  category: 'new_owner',
  createdAtTimestamp: OPENED,
  decidedAtTimestamp: null,
  decisionNote: null,
}
const longDate = (globals: Record<string, unknown>, seconds: number) =>
  formatDate(storyLocale(globals), new Date(seconds * 1000), { dateStyle: 'long' })

const underReview = modes<Story>({
  args: { dispute: open },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const banner = within(canvasElement).getByRole('region', { name: LL.dispute.bannerOpen() })
    await expect(banner).toHaveTextContent(LL.dispute.bannerOpenText({ date: longDate(globals, OPENED) }))
    await expect(banner).toHaveAttribute('data-status', 'open')
  },
})
export const UnderReview = underReview.light
export const UnderReviewDark = underReview.dark
export const UnderReviewRtl = underReview.rtl
export const UnderReviewDarkRtl = underReview.darkRtl

const upheld = modes<Story>({
  args: { dispute: { ...open, status: 'upheld', decidedAtTimestamp: DECIDED, decisionNote: 'חוזה הספק נבדק.' } },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const banner = within(canvasElement).getByRole('region', { name: LL.dispute.bannerUpheld() })
    await expect(banner).toHaveTextContent(LL.dispute.bannerUpheldText({ date: longDate(globals, DECIDED) }))
    // The note keeps its own direction inside the sentence.
    await expect(banner).toHaveTextContent(LL.dispute.note({ note: '\u2068חוזה הספק נבדק.\u2069' }))
  },
})
export const Upheld = upheld.light
export const UpheldDark = upheld.dark
export const UpheldRtl = upheld.rtl
export const UpheldDarkRtl = upheld.darkRtl

const rejected = modes<Story>({
  args: { dispute: { ...open, status: 'rejected', category: 'not_spam', decidedAtTimestamp: DECIDED } },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const banner = within(canvasElement).getByRole('region', { name: LL.dispute.bannerRejected() })
    await expect(banner).toHaveTextContent(LL.dispute.bannerRejectedText({ date: longDate(globals, DECIDED) }))
    await expect(banner).not.toHaveTextContent(LL.dispute.note({ note: '' }).trim())
  },
})
export const Rejected = rejected.light
export const RejectedDark = rejected.dark
export const RejectedRtl = rejected.rtl
export const RejectedDarkRtl = rejected.darkRtl

const none = modes<Story>({
  args: { dispute: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('region')).toBeNull()
  },
})
export const NoDispute = none.light
export const NoDisputeDark = none.dark
export const NoDisputeRtl = none.rtl
export const NoDisputeDarkRtl = none.darkRtl

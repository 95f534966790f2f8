import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen } from 'storybook/test'
import { BusyNotice } from '@/components/layout/busy-notice'
import { showBusy } from '@/stores/busy'
import { modes } from '../../support/modes'
import { translations } from '../../support/i18n'

/** The notice the web app shows while the server sheds load (503 or 429 with Retry-After). The clock stands still in stories, so does the countdown. */
const meta = { title: 'Layout/Busy notice', component: BusyNotice, parameters: { layout: 'fullscreen' } } satisfies Meta<typeof BusyNotice>
export default meta
type Story = StoryObj<typeof meta>

const retryingStory = modes<Story>({
  beforeEach: () => showBusy(5, true),
  play: async ({ globals }) => {
    const LL = translations(globals)
    const notice = await screen.findByTestId('busy-notice')
    await expect(notice).toBeVisible()
    await expect(notice).toHaveTextContent(LL.busy.retrying({ seconds: 5 }))
    // A polite live region: a screen reader hears it without losing its place.
    await expect(notice.closest('[role="status"]')).not.toBeNull()
  },
})
export const Retrying = retryingStory.light
export const RetryingDark = retryingStory.dark
export const RetryingRtl = retryingStory.rtl
export const RetryingDarkRtl = retryingStory.darkRtl

const tryLaterStory = modes<Story>({
  beforeEach: () => showBusy(30, false),
  play: async ({ globals }) => {
    const LL = translations(globals)
    await expect(await screen.findByTestId('busy-notice')).toHaveTextContent(LL.busy.tryLater({ seconds: 30 }))
  },
})
export const TryLater = tryLaterStory.light
export const TryLaterDark = tryLaterStory.dark
export const TryLaterRtl = tryLaterStory.rtl
export const TryLaterDarkRtl = tryLaterStory.darkRtl

import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, within } from 'storybook/test'
import { GlobalOverlays } from '@/components/layout/global-overlays'
import { backdropUp } from '@/stores/backdrop'
import { notification } from '@/stores/notification'
import { modes } from '../../support/modes'
import { translations } from '../../support/i18n'

/** The app-wide overlays as the root route mounts them: the copied toast and the loading backdrop. */
const meta = {
  title: 'Layout/Overlays',
  component: GlobalOverlays,
  args: { children: null },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof GlobalOverlays>
export default meta
type Story = StoryObj<typeof meta>

const copiedStory = modes<Story>({
  beforeEach: ({ globals }) => {
    // The notice as notifyCopied() leaves it, without the timer that hides it.
    Object.assign(notification, { copied: true, text: translations(globals).notice.numberCopied() })
  },
  play: async ({ globals }) => {
    const LL = translations(globals)
    // The toast code loads the first time there is something to say.
    await expect(await screen.findByTestId('copied-toast', {}, { timeout: 5000 })).toHaveTextContent(LL.notice.numberCopied())
    // The toast region is named in the page's language, not Radix's English default.
    await expect(screen.getByRole('region', { name: LL.notice.region() })).toBeInTheDocument()
  },
})
export const CopiedNotice = copiedStory.light
export const CopiedNoticeDark = copiedStory.dark
export const CopiedNoticeRtl = copiedStory.rtl
export const CopiedNoticeDarkRtl = copiedStory.darkRtl

const backdropStory = modes<Story>({
  beforeEach: () => backdropUp(),
  play: async ({ globals }) => {
    const LL = translations(globals)
    const backdrop = await screen.findByTestId('backdrop')
    await expect(backdrop).toBeVisible()
    // The busy notice keeps its own (empty) status region on the page too.
    await expect(within(backdrop).getByRole('status')).toHaveTextContent(LL.app.loading())
  },
})
export const BackdropLoading = backdropStory.light
export const BackdropLoadingDark = backdropStory.dark
export const BackdropLoadingRtl = backdropStory.rtl
export const BackdropLoadingDarkRtl = backdropStory.darkRtl

import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen } from 'storybook/test'
import { useI18nContext } from '@i18n/i18n-react'
import { Toast, ToastProvider, ToastTitle, ToastViewport } from '@/components/ui/toast'
import { modes } from '../../support/modes'
import { translations } from '../../support/i18n'

const meta = { title: 'UI/Toast', component: Toast, parameters: { layout: 'fullscreen' } } satisfies Meta<typeof Toast>
export default meta
type Story = StoryObj<typeof meta>

function Copied() {
  const { LL } = useI18nContext()
  return (
    <ToastProvider swipeDirection="down">
      <Toast open duration={Infinity}>
        <ToastTitle>{LL.notice.numberCopied()}</ToastTitle>
      </Toast>
      <ToastViewport />
    </ToastProvider>
  )
}

const openStory = modes<Story>({
  render: () => <Copied />,
  play: async ({ globals }) => {
    const LL = translations(globals)
    // Radix renders the toast in a labelled region and announces its text.
    await expect(await screen.findByText(LL.notice.numberCopied(), { selector: 'li *' })).toBeVisible()
    await expect(screen.getByRole('region')).toBeInTheDocument()
  },
})
export const Open = openStory.light
export const OpenDark = openStory.dark
export const OpenRtl = openStory.rtl
export const OpenDarkRtl = openStory.darkRtl

import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { useI18nContext } from '@i18n/i18n-react'
import { Spinner } from '@/components/ui/spinner'
import { modes } from '../../support/modes'
import { translations } from '../../support/i18n'

const meta = { title: 'UI/Spinner', component: Spinner } satisfies Meta<typeof Spinner>
export default meta
type Story = StoryObj<typeof meta>

function Labelled() {
  const { LL } = useI18nContext()
  return <Spinner label={LL.app.loading()} />
}

const labelledStory = modes<Story>({
  render: () => <Labelled />,
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    // A labelled spinner is a live status a screen reader announces.
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(LL.app.loading())
  },
})
export const WithLabel = labelledStory.light
export const WithLabelDark = labelledStory.dark
export const WithLabelRtl = labelledStory.rtl
export const WithLabelDarkRtl = labelledStory.darkRtl

const decorativeStory = modes<Story>({
  args: {},
  play: async ({ canvasElement }) => {
    // Without a label it is decoration only: nothing for assistive technology.
    await expect(within(canvasElement).queryByRole('status')).toBeNull()
  },
})
export const Decorative = decorativeStory.light
export const DecorativeDark = decorativeStory.dark
export const DecorativeRtl = decorativeStory.rtl
export const DecorativeDarkRtl = decorativeStory.darkRtl

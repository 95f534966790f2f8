import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { useI18nContext } from '@i18n/i18n-react'
import { ltr, PhoneText } from '@/components/ui/phone-text'
import { phone } from '@/lib/phone'
import { modes } from '../../support/modes'
import { translations } from '../../support/i18n'

const meta = { title: 'UI/Phone text', component: PhoneText } satisfies Meta<typeof PhoneText>
export default meta
type Story = StoryObj<typeof meta>

const NUMBER = '+12015550166'

function InText() {
  const { LL } = useI18nContext()
  return (
    <div className="flex flex-col gap-3">
      <p className="text-2xl font-bold">
        <PhoneText value={NUMBER} />
      </p>
      {/* A number interpolated into translated text keeps its order inside right-to-left sentences. */}
      <p>{LL.number.pageTitle({ number: ltr(phone.formatInternational(NUMBER)) })}</p>
      <p>{LL.settings.account({ phone: ltr(phone.formatInternational('+4930901820')) })}</p>
    </div>
  )
}

const inTextStory = modes<Story>({
  args: { value: NUMBER },
  render: () => <InText />,
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const number = canvasElement.querySelector('[data-slot="phone-text"]')
    await expect(number).toHaveAttribute('dir', 'ltr')
    await expect(number).toHaveTextContent(phone.formatInternational(NUMBER))
    await expect(within(canvasElement).getByText(LL.number.pageTitle({ number: ltr(phone.formatInternational(NUMBER)) }))).toBeVisible()
  },
})
export const InsideText = inTextStory.light
export const InsideTextDark = inTextStory.dark
export const InsideTextRtl = inTextStory.rtl
export const InsideTextDarkRtl = inTextStory.darkRtl

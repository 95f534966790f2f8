import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { useI18nContext } from '@i18n/i18n-react'
import { Card, CardTitle } from '@/components/ui/card'
import { modes } from '../../support/modes'
import { translations } from '../../support/i18n'

const meta = { title: 'UI/Card', component: Card } satisfies Meta<typeof Card>
export default meta
type Story = StoryObj<typeof meta>

function SettingsCard() {
  const { LL } = useI18nContext()
  return (
    <Card className="flex max-w-2xl flex-col gap-3">
      <CardTitle>{LL.settings.privacy()}</CardTitle>
      <p className="text-muted">{LL.settings.privacyText()}</p>
    </Card>
  )
}

const cardStory = modes<Story>({
  render: () => <SettingsCard />,
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    await expect(within(canvasElement).getByRole('heading', { level: 2, name: LL.settings.privacy() })).toBeVisible()
  },
})
export const WithTitle = cardStory.light
export const WithTitleDark = cardStory.dark
export const WithTitleRtl = cardStory.rtl
export const WithTitleDarkRtl = cardStory.darkRtl

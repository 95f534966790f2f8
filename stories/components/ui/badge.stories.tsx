import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { useI18nContext } from '@i18n/i18n-react'
import { Badge } from '@/components/ui/badge'
import { modes } from '../../support/modes'
import { translations } from '../../support/i18n'

const meta = { title: 'UI/Badge', component: Badge } satisfies Meta<typeof Badge>
export default meta
type Story = StoryObj<typeof meta>

const tones = ['neutral', 'success', 'warning', 'danger', 'primary'] as const

function Tones() {
  const { LL } = useI18nContext()
  const labels = [LL.number.ratingNeutral(), LL.number.ratingSafe(), LL.tags.robocall(), LL.number.ratingUnwanted(), LL.number.verified()]
  return (
    <div className="flex flex-wrap gap-2">
      {tones.map((tone, i) => (
        <Badge key={tone} tone={tone}>
          {labels[i]}
        </Badge>
      ))}
    </div>
  )
}

const tonesStory = modes<Story>({
  render: () => <Tones />,
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    await expect(within(canvasElement).getByText(LL.number.ratingUnwanted())).toBeVisible()
    await expect(canvasElement.querySelectorAll('[data-slot="badge"]')).toHaveLength(tones.length)
  },
})
export const AllTones = tonesStory.light
export const AllTonesDark = tonesStory.dark
export const AllTonesRtl = tonesStory.rtl
export const AllTonesDarkRtl = tonesStory.darkRtl

import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { useI18nContext } from '@i18n/i18n-react'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { modes } from '../../support/modes'
import { translations } from '../../support/i18n'

const meta = { title: 'UI/Tabs', component: Tabs } satisfies Meta<typeof Tabs>
export default meta
type Story = StoryObj<typeof meta>

function NumberTabs() {
  const { LL } = useI18nContext()
  return (
    <Tabs defaultValue="tags" className="flex max-w-2xl flex-col gap-3">
      <TabsList aria-label={LL.number.reputation()}>
        <TabsTrigger value="tags">{LL.number.tags()}</TabsTrigger>
        <TabsTrigger value="why">{LL.number.why()}</TabsTrigger>
      </TabsList>
      <TabsContent value="tags">{LL.number.noTags()}</TabsContent>
      <TabsContent value="why">{LL.number.noEvidence()}</TabsContent>
    </Tabs>
  )
}

const tabsStory = modes<Story>({
  render: () => <NumberTabs />,
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('tablist', { name: LL.number.reputation() })).toBeVisible()
    await expect(canvas.getByRole('tab', { name: LL.number.tags() })).toHaveAttribute('aria-selected', 'true')
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent(LL.number.noTags())
    await userEvent.click(canvas.getByRole('tab', { name: LL.number.why() }))
    await expect(canvas.getByRole('tab', { name: LL.number.why() })).toHaveAttribute('aria-selected', 'true')
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent(LL.number.noEvidence())
  },
})
export const Default = tabsStory.light
export const DefaultDark = tabsStory.dark
export const DefaultRtl = tabsStory.rtl
export const DefaultDarkRtl = tabsStory.darkRtl

const keyboardStory = modes<Story>({
  render: () => <NumberTabs />,
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const canvas = within(canvasElement)
    canvas.getByRole('tab', { name: LL.number.tags() }).focus()
    // Arrow keys follow the reading direction (Radix DirectionProvider): "next" is right in LTR, left in RTL.
    await userEvent.keyboard(document.documentElement.dir === 'rtl' ? '{ArrowLeft}' : '{ArrowRight}')
    await expect(canvas.getByRole('tab', { name: LL.number.why() })).toHaveFocus()
  },
})
export const ArrowKeysFollowDirection = keyboardStory.light
export const ArrowKeysFollowDirectionDark = keyboardStory.dark
export const ArrowKeysFollowDirectionRtl = keyboardStory.rtl
export const ArrowKeysFollowDirectionDarkRtl = keyboardStory.darkRtl

import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { useI18nContext } from '@i18n/i18n-react'
import { Card, CardTitle } from '@/components/ui/card'
import { DeferredCard } from '@/components/ui/deferred-card'
import { modes } from '../../support/modes'
import { translations } from '../../support/i18n'

const meta = { title: 'UI/Deferred card', component: DeferredCard } satisfies Meta<typeof DeferredCard>
export default meta
type Story = StoryObj<typeof meta>

/** A card far below the first screen: in the document without scrolling, its layout and paint left to the browser (content-visibility). */
function FarBelow() {
  const { LL } = useI18nContext()
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <div className="h-[3000px] rounded-2xl bg-surface-2" />
      <DeferredCard title={LL.comments.title()}>
        <Card className="flex flex-col gap-3" role="region" aria-label={LL.comments.title()} data-testid="rendered">
          <CardTitle>{LL.comments.title()}</CardTitle>
          <p>{LL.comments.empty()}</p>
        </Card>
      </DeferredCard>
    </div>
  )
}

const story = modes<Story>({
  args: { title: '', children: null },
  render: () => <FarBelow />,
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const view = within(canvasElement)
    // Without any scrolling the card is built: find in page and browse mode reach its text.
    const card = await view.findByTestId('rendered')
    await expect(view.getByText(LL.comments.empty())).toBeInTheDocument()
    await expect(getComputedStyle(card.parentElement!).contentVisibility).toBe('auto')
    card.scrollIntoView()
    await expect(card).toBeVisible()
    window.scrollTo(0, 0)
  },
})
export const FarBelowTheScreen = story.light
export const FarBelowTheScreenDark = story.dark
export const FarBelowTheScreenRtl = story.rtl
export const FarBelowTheScreenDarkRtl = story.darkRtl

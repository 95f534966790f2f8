import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { useI18nContext } from '@i18n/i18n-react'
import { Card, CardTitle } from '@/components/ui/card'
import { NearScreen } from '@/components/ui/near-screen'
import { modes } from '../../support/modes'
import { translations } from '../../support/i18n'

const meta = { title: 'UI/Near screen', component: NearScreen } satisfies Meta<typeof NearScreen>
export default meta
type Story = StoryObj<typeof meta>

/** A card far below the first screen: its frame and heading until it is scrolled to, then the card. */
function FarBelow() {
  const { LL } = useI18nContext()
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <div className="h-[3000px] rounded-2xl bg-surface-2" />
      <NearScreen title={LL.comments.title()}>
        <Card className="flex flex-col gap-3" role="region" aria-label={LL.comments.title()} data-testid="rendered">
          <CardTitle>{LL.comments.title()}</CardTitle>
          <p>{LL.comments.empty()}</p>
        </Card>
      </NearScreen>
    </div>
  )
}

const story = modes<Story>({
  args: { title: '', children: null },
  render: () => <FarBelow />,
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const view = within(canvasElement)
    const frame = view.getByRole('region', { name: LL.comments.title() })
    // The heading is there for a screen reader's list of headings; the card is not built yet.
    await expect(frame).toHaveAttribute('aria-busy', 'true')
    await expect(within(frame).getByRole('heading', { level: 2, name: LL.comments.title() })).toBeInTheDocument()
    await expect(view.queryByTestId('rendered')).toBeNull()
    frame.scrollIntoView()
    await expect(await view.findByTestId('rendered')).toBeVisible()
    await expect(view.getByText(LL.comments.empty())).toBeVisible()
    window.scrollTo(0, 0)
  },
})
export const ScrolledTo = story.light
export const ScrolledToDark = story.dark
export const ScrolledToRtl = story.rtl
export const ScrolledToDarkRtl = story.darkRtl

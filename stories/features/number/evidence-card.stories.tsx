import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { EvidenceCard } from '@/features/number/components/evidence-card'
import { richNumber } from '../../support/fixtures'
import { modes } from '../../support/modes'
import { translations } from '../../support/i18n'

const meta = { title: 'Number/Why this score', component: EvidenceCard } satisfies Meta<typeof EvidenceCard>
export default meta
type Story = StoryObj<typeof meta>

/** After an upheld dispute: the imported reports no longer count; they stay listed, marked so. */
function disputed() {
  const p = richNumber()
  return {
    ...p,
    metrics: { ...p.metrics, index: 3.6 },
    evidence: p.evidence.map((e) => (e.kind === 'imported' ? { ...e, discounted: true } : e)),
  }
}

const discounted = modes<Story>({
  args: { data: disputed() },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const items = within(within(canvasElement).getByTestId('evidence')).getAllByRole('listitem')
    await expect(items).toHaveLength(4)
    const marked = items.filter((li) => li.hasAttribute('data-discounted'))
    await expect(marked).toHaveLength(2)
    for (const li of marked) await expect(li).toHaveTextContent(`(${LL.number.evidenceDiscounted()})`)
    await expect(items.find((li) => !li.hasAttribute('data-discounted'))).not.toHaveTextContent(LL.number.evidenceDiscounted())
  },
})
export const Discounted = discounted.light
export const DiscountedDark = discounted.dark
export const DiscountedRtl = discounted.rtl
export const DiscountedDarkRtl = discounted.darkRtl

import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { useI18nContext } from '@i18n/i18n-react'
import { Button } from '@/components/ui/button'
import { IconSearch } from '@/components/layout/page-icons'
import { modes } from '../../support/modes'
import { translations } from '../../support/i18n'

const meta = { title: 'UI/Button', component: Button } satisfies Meta<typeof Button>
export default meta
type Story = StoryObj<typeof meta>

const variants = ['primary', 'secondary', 'ghost', 'danger', 'link'] as const
const sizes = ['sm', 'md', 'lg'] as const

function VariantRow() {
  const { LL } = useI18nContext()
  const labels = [LL.app.retry(), LL.app.cancel(), LL.app.back(), LL.header.logout(), LL.login.termsLink()]
  return (
    <div className="flex flex-wrap items-center gap-3">
      {variants.map((variant, i) => (
        <Button key={variant} variant={variant}>
          {labels[i]}
        </Button>
      ))}
    </div>
  )
}

function SizeRow() {
  const { LL } = useI18nContext()
  return (
    <div className="flex flex-wrap items-center gap-3">
      {sizes.map((size) => (
        <Button key={size} size={size}>
          {LL.search.submit()} · {size}
        </Button>
      ))}
      <Button size="icon" aria-label={LL.search.submit()}>
        <IconSearch className="h-5 w-5" />
      </Button>
    </div>
  )
}

function DisabledRow({ disabled }: { disabled?: boolean }) {
  const { LL } = useI18nContext()
  return (
    <Button disabled={disabled} variant="primary">
      {LL.login.devConfirm()}
    </Button>
  )
}

const variantsStory = modes<Story>({
  render: () => <VariantRow />,
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const canvas = within(canvasElement)
    await expect(canvas.getAllByRole('button')).toHaveLength(variants.length)
    await expect(canvas.getByRole('button', { name: LL.header.logout() })).toHaveAttribute('type', 'button')
  },
})
export const AllVariants = variantsStory.light
export const AllVariantsDark = variantsStory.dark
export const AllVariantsRtl = variantsStory.rtl
export const AllVariantsDarkRtl = variantsStory.darkRtl

const sizesStory = modes<Story>({
  render: () => <SizeRow />,
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const canvas = within(canvasElement)
    // The icon-only button is named by its label, not by its picture.
    await expect(canvas.getByRole('button', { name: LL.search.submit() })).toBeVisible()
    await expect(canvas.getAllByRole('button')).toHaveLength(sizes.length + 1)
  },
})
export const Sizes = sizesStory.light
export const SizesDark = sizesStory.dark
export const SizesRtl = sizesStory.rtl
export const SizesDarkRtl = sizesStory.darkRtl

const disabledStory = modes<Story>({
  args: { disabled: true },
  render: (args) => <DisabledRow {...args} />,
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    await expect(within(canvasElement).getByRole('button', { name: LL.login.devConfirm() })).toBeDisabled()
  },
})
export const Disabled = disabledStory.light
export const DisabledDark = disabledStory.dark
export const DisabledRtl = disabledStory.rtl
export const DisabledDarkRtl = disabledStory.darkRtl

import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, within } from 'storybook/test'
import { useI18nContext } from '@i18n/i18n-react'
import { Switch } from '@/components/ui/switch'
import { modes } from '../../support/modes'
import { translations } from '../../support/i18n'

const meta = {
  title: 'UI/Switch',
  component: Switch,
  args: { onCheckedChange: fn() },
} satisfies Meta<typeof Switch>
export default meta
type Story = StoryObj<typeof meta>

function LabelledSwitch(props: React.ComponentProps<typeof Switch>) {
  const { LL } = useI18nContext()
  return (
    <div className="flex items-center gap-3">
      <Switch id="story-switch" {...props} />
      <label htmlFor="story-switch">{LL.settings.themeDark()}</label>
    </div>
  )
}

const toggleStory = modes<Story>({
  args: { defaultChecked: false },
  render: (args) => <LabelledSwitch {...args} />,
  play: async ({ canvasElement, globals, args, userEvent }) => {
    const LL = translations(globals)
    const toggle = within(canvasElement).getByRole('switch', { name: LL.settings.themeDark() })
    await expect(toggle).not.toBeChecked()
    await userEvent.click(toggle)
    await expect(toggle).toBeChecked()
    await expect(args.onCheckedChange).toHaveBeenCalledWith(true)
  },
})
export const Toggle = toggleStory.light
export const ToggleDark = toggleStory.dark
export const ToggleRtl = toggleStory.rtl
export const ToggleDarkRtl = toggleStory.darkRtl

const onStory = modes<Story>({
  args: { defaultChecked: true },
  render: (args) => <LabelledSwitch {...args} />,
  play: async ({ canvasElement, globals }) => {
    await expect(within(canvasElement).getByRole('switch', { name: translations(globals).settings.themeDark() })).toBeChecked()
  },
})
export const On = onStory.light
export const OnDark = onStory.dark
export const OnRtl = onStory.rtl
export const OnDarkRtl = onStory.darkRtl

const disabledStory = modes<Story>({
  args: { defaultChecked: true, disabled: true },
  render: (args) => <LabelledSwitch {...args} />,
  play: async ({ canvasElement, globals }) => {
    await expect(within(canvasElement).getByRole('switch', { name: translations(globals).settings.themeDark() })).toBeDisabled()
  },
})
export const Disabled = disabledStory.light
export const DisabledDark = disabledStory.dark
export const DisabledRtl = disabledStory.rtl
export const DisabledDarkRtl = disabledStory.darkRtl

import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { useI18nContext } from '@i18n/i18n-react'
import { Input } from '@/components/ui/input'
import { modes } from '../../support/modes'
import { translations } from '../../support/i18n'

const meta = { title: 'UI/Input', component: Input } satisfies Meta<typeof Input>
export default meta
type Story = StoryObj<typeof meta>

/** A labelled phone field as the sign-in form uses it; `invalid` adds the error it announces. */
function PhoneField({ invalid = false, value }: { invalid?: boolean; value?: string }) {
  const { LL } = useI18nContext()
  return (
    <div className="flex max-w-2xl flex-col gap-1">
      <label htmlFor="story-phone" className="text-sm font-medium">
        {LL.login.devPhone()}
      </label>
      <Input
        id="story-phone"
        type="tel"
        dir="ltr"
        placeholder={LL.login.devPhonePlaceholder()}
        defaultValue={value}
        aria-invalid={invalid}
        aria-describedby={invalid ? 'story-phone-error' : undefined}
      />
      {invalid && (
        <p id="story-phone-error" role="alert" className="text-sm text-danger">
          {LL.login.errorCode({ code: 1012 })}
        </p>
      )}
    </div>
  )
}

const emptyStory = modes<Story>({
  render: () => <PhoneField />,
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const input = within(canvasElement).getByRole('textbox', { name: LL.login.devPhone() })
    await expect(input).toHaveAttribute('placeholder', LL.login.devPhonePlaceholder())
    await userEvent.type(input, '+49 30 1234')
    await expect(input).toHaveValue('+49 30 1234')
    await expect(input).toHaveAttribute('aria-invalid', 'false')
  },
})
export const Empty = emptyStory.light
export const EmptyDark = emptyStory.dark
export const EmptyRtl = emptyStory.rtl
export const EmptyDarkRtl = emptyStory.darkRtl

const invalidStory = modes<Story>({
  render: () => <PhoneField invalid value="+49" />,
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const canvas = within(canvasElement)
    const input = canvas.getByRole('textbox', { name: LL.login.devPhone() })
    await expect(input).toBeInvalid()
    await expect(input).toHaveAccessibleDescription(LL.login.errorCode({ code: 1012 }))
    await expect(canvas.getByRole('alert')).toBeVisible()
  },
})
export const Invalid = invalidStory.light
export const InvalidDark = invalidStory.dark
export const InvalidRtl = invalidStory.rtl
export const InvalidDarkRtl = invalidStory.darkRtl

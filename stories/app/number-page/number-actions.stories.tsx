import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, waitFor, within } from 'storybook/test'
import { NumberActions } from '@/app/number-page/number-actions'
import { ok } from '../../support/api'
import { quietNumber, richNumber } from '../../support/fixtures'
import { translations } from '../../support/i18n'
import { modes } from '../../support/modes'
import { findDialog } from '../../support/queries'
import { signIn } from '../../support/session'
import { withOverlays } from '../../support/decorators'

/** Beside the number's name: "Call or message" (the phone modal) and "Suggest a name". */
const meta = {
  title: 'Number/Number actions',
  component: NumberActions,
  decorators: [withOverlays],
  beforeEach: () => signIn(),
  args: { data: richNumber() },
} satisfies Meta<typeof NumberActions>
export default meta
type Story = StoryObj<typeof meta>

const defaultStory = modes<Story>({
  parameters: { api: { 'POST /api/v6/suggest/add': ok({ firstName: 'Lottery', lastName: 'Scam' }) } },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const view = within(canvasElement)
    await expect(view.queryByTestId('my-suggestion')).toBeNull()
    // The phone modal opens and closes, giving focus back to its button.
    const call = view.getByRole('button', { name: LL.phoneModal.open() })
    await userEvent.click(call)
    const modal = await findDialog()
    await expect(within(modal).getByRole('link', { name: LL.phoneModal.call() })).toBeVisible()
    await userEvent.click(within(modal).getByRole('button', { name: LL.app.close() }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await expect(call).toHaveFocus()
    // Suggest a name: the form opens in the modal; the saved suggestion shows beside the buttons.
    await userEvent.click(view.getByRole('button', { name: LL.names.suggest() }))
    const form = within(await findDialog())
    await userEvent.type(form.getByRole('textbox', { name: LL.names.firstName() }), 'Lottery')
    await userEvent.type(form.getByRole('textbox', { name: LL.names.lastName() }), 'Scam')
    await userEvent.click(form.getByRole('button', { name: LL.names.save() }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await expect(view.getByTestId('my-suggestion')).toHaveTextContent('Lottery Scam')
  },
})
export const Default = defaultStory.light
export const DefaultDark = defaultStory.dark
export const DefaultRtl = defaultStory.rtl
export const DefaultDarkRtl = defaultStory.darkRtl

const suggestedStory = modes<Story>({
  args: { data: { ...quietNumber(), suggestedProfile: { firstName: 'Dentist', lastName: null } } },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const view = within(canvasElement)
    await expect(view.getByTestId('my-suggestion')).toHaveTextContent('Dentist')
    // Editing starts from the viewer's own suggestion.
    await userEvent.click(view.getByRole('button', { name: LL.names.suggest() }))
    const form = within(await findDialog())
    await expect(form.getByRole('textbox', { name: LL.names.firstName() })).toHaveValue('Dentist')
    await expect(form.getByRole('textbox', { name: LL.names.lastName() })).toHaveValue('')
  },
})
export const WithSuggestion = suggestedStory.light
export const WithSuggestionDark = suggestedStory.dark
export const WithSuggestionRtl = suggestedStory.rtl
export const WithSuggestionDarkRtl = suggestedStory.darkRtl

const canceledStory = modes<Story>({
  args: { data: { ...richNumber(), common: { ...richNumber().common, profileView: 'CANCELED' } } },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const view = within(canvasElement)
    await expect(view.queryByRole('button', { name: LL.phoneModal.open() })).toBeNull()
    await expect(view.getByRole('button', { name: LL.names.suggest() })).toBeVisible()
  },
})
export const Canceled = canceledStory.light
export const CanceledDark = canceledStory.dark
export const CanceledRtl = canceledStory.rtl
export const CanceledDarkRtl = canceledStory.darkRtl

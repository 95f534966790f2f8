import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, waitFor, within } from 'storybook/test'
import { SuggestNameForm } from '@/features/names/components/suggest-name-form'
import { fail, type Reply } from '../../support/api'
import { SCAM_DIGITS } from '../../support/fixtures'
import { translations } from '../../support/i18n'
import { modes } from '../../support/modes'
import { signIn } from '../../support/session'

const SUGGEST = 'POST /api/v6/suggest/add'

let sent: URLSearchParams | null = null
/** The server trims the names; an empty one becomes null. */
function suggestReply(_url: URL, init?: RequestInit): Reply {
  sent = new URLSearchParams(String(init?.body ?? ''))
  const name = (k: string) => sent?.get(k)?.trim() || null
  return { status: 200, body: { status: true, data: { firstName: name('first_name'), lastName: name('last_name') } } }
}

/** "Suggest a name": first and last name for a number; both may be empty, which withdraws the suggestion. */
const meta = {
  title: 'Names/Suggest name form',
  component: SuggestNameForm,
  beforeEach: () => {
    signIn()
    sent = null
  },
  args: { phone: `+${SCAM_DIGITS}`, initial: { firstName: null, lastName: null }, onSaved: fn() },
} satisfies Meta<typeof SuggestNameForm>
export default meta
type Story = StoryObj<typeof meta>

const newStory = modes<Story>({
  parameters: { api: { [SUGGEST]: suggestReply } },
  play: async ({ canvasElement, globals, userEvent, args }) => {
    const LL = translations(globals)
    const form = within(canvasElement)
    const first = form.getByRole('textbox', { name: LL.names.firstName() })
    await expect(first).toHaveValue('')
    await userEvent.type(first, '  Prize ')
    await userEvent.type(form.getByRole('textbox', { name: LL.names.lastName() }), 'Hotline')
    await userEvent.click(form.getByRole('button', { name: LL.names.save() }))
    await waitFor(() => expect(args.onSaved).toHaveBeenCalledWith({ firstName: 'Prize', lastName: 'Hotline' }))
    await expect(sent?.get('phone')).toBe(`+${SCAM_DIGITS}`)
  },
})
export const NewSuggestion = newStory.light
export const NewSuggestionDark = newStory.dark
export const NewSuggestionRtl = newStory.rtl
export const NewSuggestionDarkRtl = newStory.darkRtl

const withdrawStory = modes<Story>({
  args: { initial: { firstName: 'Prize', lastName: null } },
  parameters: { api: { [SUGGEST]: suggestReply } },
  play: async ({ canvasElement, globals, userEvent, args }) => {
    const LL = translations(globals)
    const form = within(canvasElement)
    const first = form.getByRole('textbox', { name: LL.names.firstName() })
    await expect(first).toHaveValue('Prize')
    await userEvent.clear(first)
    await userEvent.click(form.getByRole('button', { name: LL.names.save() }))
    // Both empty: sent as empty strings, saved as no name.
    await waitFor(() => expect(args.onSaved).toHaveBeenCalledWith({ firstName: null, lastName: null }))
    await expect(sent?.get('first_name')).toBe('')
  },
})
export const Withdraw = withdrawStory.light
export const WithdrawDark = withdrawStory.dark
export const WithdrawRtl = withdrawStory.rtl
export const WithdrawDarkRtl = withdrawStory.darkRtl

const failStory = modes<Story>({
  parameters: { api: { [SUGGEST]: fail(500) } },
  play: async ({ canvasElement, globals, userEvent, args }) => {
    const LL = translations(globals)
    const form = within(canvasElement)
    await userEvent.type(form.getByRole('textbox', { name: LL.names.firstName() }), 'Prize')
    await userEvent.click(form.getByRole('button', { name: LL.names.save() }))
    await expect(await form.findByRole('alert')).toHaveTextContent(LL.names.error())
    await expect(args.onSaved).not.toHaveBeenCalled()
    await expect(form.getByRole('textbox', { name: LL.names.firstName() })).toHaveValue('Prize')
  },
})
export const SaveFailed = failStory.light
export const SaveFailedDark = failStory.dark
export const SaveFailedRtl = failStory.rtl
export const SaveFailedDarkRtl = failStory.darkRtl

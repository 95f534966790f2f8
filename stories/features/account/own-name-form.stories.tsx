import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { ERROR_CODES } from '@contract/errors'
import type { MyProfile } from '@contract/api/account'
import { OwnNameForm } from '@/features/account/components/own-name-form'
import { fail, ok, type Reply } from '../../support/api'
import { translations } from '../../support/i18n'
import { modes } from '../../support/modes'
import { signIn } from '../../support/session'
import { myProfile } from '../paywall/fixtures'

/** The server's copy of the own profile: the name form saves into it, the profile call reads it. */
let stored: MyProfile = myProfile()
let sent: URLSearchParams[] = []
let profileReads = 0

function saveName(_url: URL, init?: RequestInit): Reply {
  const body = new URLSearchParams(String(init?.body ?? ''))
  sent.push(body)
  const part = (k: string) => body.get(k)?.trim() || null
  stored = { ...stored, firstName: part('first_name'), lastName: part('last_name') }
  return ok({ firstName: stored.firstName, lastName: stored.lastName })
}

/** Your own name on /number/my (DESIGN.md section 9). */
const meta = {
  title: 'Account/Own name form',
  component: OwnNameForm,
  beforeEach: () => {
    signIn()
    stored = { ...myProfile(), firstName: 'Dana', lastName: null }
    sent = []
    profileReads = 0
  },
  parameters: {
    api: {
      'GET /api/v6/profile/my': () => {
        profileReads++
        return ok(stored)
      },
      'POST /api/v6/profile/name': saveName,
    },
  },
} satisfies Meta<typeof OwnNameForm>
export default meta
type Story = StoryObj<typeof meta>

const saveStory = modes<Story>({
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const card = within(canvasElement)
    await expect(card.getByRole('heading', { name: LL.settings.nameTitle() })).toBeVisible()
    const first = await card.findByRole('textbox', { name: LL.settings.firstName() })
    const last = card.getByRole('textbox', { name: LL.settings.lastName() })
    // As the server has it; nothing to save yet.
    await expect(first).toHaveValue('Dana')
    await expect(last).toHaveValue('')
    const save = card.getByRole('button', { name: LL.settings.nameSave() })
    await expect(save).toBeDisabled()
    await userEvent.type(last, ' Demo ')
    await expect(save).toBeEnabled()
    await userEvent.click(save)
    await waitFor(() => expect(card.getByRole('status')).toHaveTextContent(LL.settings.nameSaved()))
    await expect(sent.map((b) => [b.get('first_name'), b.get('last_name')])).toEqual([['Dana', 'Demo']])
    // The own profile is read again after the save.
    await waitFor(() => expect(profileReads).toBe(2))
    await expect(save).toBeDisabled()
    // Emptying both clears the name.
    await userEvent.clear(first)
    await userEvent.clear(last)
    await userEvent.click(save)
    await waitFor(() => expect(stored.firstName).toBeNull())
    await expect(stored.lastName).toBeNull()
  },
})
export const Save = saveStory.light
export const SaveDark = saveStory.dark
export const SaveRtl = saveStory.rtl
export const SaveDarkRtl = saveStory.darkRtl

const refusedStory = modes<Story>({
  parameters: { api: { 'POST /api/v6/profile/name': fail(400, ERROR_CODES.VALIDATION, 'first_name: must be at most 100 characters') } },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const card = within(canvasElement)
    const first = await card.findByRole('textbox', { name: LL.settings.firstName() })
    await userEvent.type(first, 'x')
    await userEvent.click(card.getByRole('button', { name: LL.settings.nameSave() }))
    // The refusal by its code, in the reader's language (issue 33); the typed name stays for another try.
    await expect(await card.findByRole('alert')).toHaveTextContent(LL.apiError.code.VALIDATION())
    await expect(first).toHaveValue('Danax')
    await expect(card.getByRole('status')).toHaveTextContent('')
  },
})
export const Refused = refusedStory.light
export const RefusedDark = refusedStory.dark
export const RefusedRtl = refusedStory.rtl
export const RefusedDarkRtl = refusedStory.darkRtl

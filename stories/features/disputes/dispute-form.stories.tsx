import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { DisputeForm } from '@/features/disputes/components/dispute-form'
import { fail, ok, type ApiTable } from '../../support/api'
import { STORY_NOW } from '../../support/clock'
import { MY_NUMBER } from '../../support/fixtures'
import { modes } from '../../support/modes'
import { signIn } from '../../support/session'
import { translations } from '../../support/i18n'

/** What the stories' fake server was sent. */
const sent: URLSearchParams[] = []
const record =
  (reply: ReturnType<typeof ok>): ApiTable[string] =>
  (_url, init) => {
    sent.push(new URLSearchParams(String(init?.body)))
    return reply
  }

const meta = {
  title: 'Disputes/Contest form',
  component: DisputeForm,
  args: { phone: MY_NUMBER },
  beforeEach: () => {
    signIn()
    sent.length = 0
  },
} satisfies Meta<typeof DisputeForm>
export default meta
type Story = StoryObj<typeof meta>
type LL = ReturnType<typeof translations>

const formOf = (canvasElement: HTMLElement, LL: LL) => within(within(canvasElement).getByRole('region', { name: LL.dispute.formTitle() }))

const sentOk = modes<Story>({
  parameters: {
    api: {
      'POST /api/v6/dispute/add': record(
        ok({
          id: 4,
          status: 'open',
          category: 'new_owner',
          createdAtTimestamp: STORY_NOW / 1000,
          decidedAtTimestamp: null,
          decisionNote: null,
        }),
      ),
    },
  },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const form = formOf(canvasElement, LL)
    // Nothing filled in: each field says what it needs; nothing is sent.
    await userEvent.click(form.getByRole('button', { name: LL.dispute.submit() }))
    await expect(form.getByText(LL.dispute.errorCategory())).toBeVisible()
    await expect(form.getByRole('radiogroup', { name: LL.dispute.category() })).toHaveAttribute('aria-invalid', 'true')
    await expect(form.getByLabelText(LL.dispute.reasons())).toHaveAccessibleDescription(
      `${LL.dispute.reasonsHint()} ${LL.dispute.errorReasons()}`,
    )
    await expect(form.getByRole('radio', { name: LL.dispute.newOwner() })).toHaveFocus()
    await expect(sent).toHaveLength(0)
    // A new owner needs the date; a link must be a web address.
    await userEvent.click(form.getByRole('radio', { name: LL.dispute.newOwner() }))
    await userEvent.type(
      form.getByLabelText(LL.dispute.reasons()),
      'New SIM card since February; the reports are about the previous owner.',
    )
    await userEvent.type(form.getByLabelText(LL.dispute.link()), 'not a link')
    await userEvent.click(form.getByRole('button', { name: LL.dispute.submit() }))
    await expect(form.getByText(LL.dispute.errorLink())).toBeVisible()
    await expect(form.getByText(LL.dispute.errorOwnedSince())).toBeVisible()
    await expect(form.getByLabelText(LL.dispute.link())).toHaveFocus()
    await userEvent.clear(form.getByLabelText(LL.dispute.link()))
    await userEvent.type(form.getByLabelText(LL.dispute.link()), 'https://carrier.example.com/contract')
    await userEvent.type(form.getByLabelText(LL.dispute.ownedSince()), '2025-02-01')
    await userEvent.click(form.getByRole('button', { name: LL.dispute.submit() }))
    await expect(await form.findByRole('status')).toHaveTextContent(LL.dispute.sent())
    await expect(Object.fromEntries(sent[0])).toEqual({
      phone: MY_NUMBER,
      category: 'new_owner',
      reasons: 'New SIM card since February; the reports are about the previous owner.',
      link: 'https://carrier.example.com/contract',
      owned_since: '2025-02-01',
    })
  },
})
export const SendsADispute = sentOk.light
export const SendsADisputeDark = sentOk.dark
export const SendsADisputeRtl = sentOk.rtl
export const SendsADisputeDarkRtl = sentOk.darkRtl

async function refused(canvasElement: HTMLElement, LL: LL, expected: string) {
  const form = formOf(canvasElement, LL)
  await userEvent.click(form.getByRole('radio', { name: LL.dispute.business() }))
  await userEvent.type(form.getByLabelText(LL.dispute.reasons()), 'We are a registered dental practice.')
  await userEvent.click(form.getByRole('button', { name: LL.dispute.submit() }))
  await expect(await form.findByRole('alert')).toHaveTextContent(expected)
  // The form stays, with what was typed, for another try.
  await expect(form.getByLabelText(LL.dispute.reasons())).toHaveValue('We are a registered dental practice.')
  await expect(form.getByRole('button', { name: LL.dispute.submit() })).toBeEnabled()
}

const underReview = modes<Story>({
  parameters: { api: { 'POST /api/v6/dispute/add': fail(409, 409, 'This number already has a dispute under review') } },
  play: async ({ canvasElement, globals }) => refused(canvasElement, translations(globals), translations(globals).dispute.errorOpen()),
})
export const AlreadyUnderReview = underReview.light
export const AlreadyUnderReviewDark = underReview.dark
export const AlreadyUnderReviewRtl = underReview.rtl
export const AlreadyUnderReviewDarkRtl = underReview.darkRtl

const notOwner = modes<Story>({
  parameters: { api: { 'POST /api/v6/dispute/add': fail(403, 403, 'You can only contest your own number') } },
  play: async ({ canvasElement, globals }) => refused(canvasElement, translations(globals), translations(globals).dispute.errorNotOwner()),
})
export const NotTheOwner = notOwner.light
export const NotTheOwnerDark = notOwner.dark
export const NotTheOwnerRtl = notOwner.rtl
export const NotTheOwnerDarkRtl = notOwner.darkRtl

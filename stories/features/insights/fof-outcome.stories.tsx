import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { emptyNumberProfile, type FofOutgoingRequest, type NumberProfile } from '@contract/api/number-profile'
import { FofCard } from '@/features/insights/components/fof-card'
import { ok } from '../../support/api'
import { STORY_NOW } from '../../support/clock'
import { modes } from '../../support/modes'
import { signIn } from '../../support/session'
import { translations } from '../../support/i18n'

const DIGITS = '12015550188'
const meta = { title: 'Insights/Introduction outcome', component: FofCard, beforeEach: () => signIn() } satisfies Meta<typeof FofCard>
export default meta
type Story = StoryObj<typeof meta>

const request = (over: Partial<FofOutgoingRequest>): FofOutgoingRequest => ({
  id: 5,
  type: 'DIRECT',
  status: 'pending',
  countFriends: 2,
  createdAtTimestamp: STORY_NOW / 1000 - 8 * 86400,
  refunded: false,
  acceptedBy: null,
  ...over,
})

/** Two of the viewer's contacts know the number; the viewer asked, and this is how it ended. */
function asked(latest: FofOutgoingRequest): NumberProfile {
  const p = emptyNumberProfile(DIGITS)
  return {
    ...p,
    fof: {
      ...p.fof,
      hasContacts: true,
      list: [
        { id: 21, firstName: 'Lena', lastName: 'Vogel' },
        { id: 22, firstName: 'أحمد', lastName: null },
      ],
      requests: { incoming: [], outgoing: [latest] },
    },
  }
}

const cardOf = (canvasElement: HTMLElement, LL: ReturnType<typeof translations>) =>
  within(within(canvasElement).getByRole('region', { name: LL.insights.fofTitle() }))

const accepted = modes<Story>({
  args: { data: asked(request({ status: 'accepted', acceptedBy: { id: 22, firstName: 'أحمد', lastName: null } })) },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const card = cardOf(canvasElement, LL)
    // Who knows the number, in their own script, isolated inside the sentence.
    await expect(card.getByTestId('fof-request')).toHaveTextContent(LL.insights.fofAccepted({ name: '\u2068أحمد\u2069' }))
    await expect(card.queryByRole('button')).toBeNull()
  },
})
export const Accepted = accepted.light
export const AcceptedDark = accepted.dark
export const AcceptedRtl = accepted.rtl
export const AcceptedDarkRtl = accepted.darkRtl

const declined = modes<Story>({
  args: { data: asked(request({ status: 'declined', refunded: true })) },
  parameters: {
    api: {
      'POST /api/v6/fof/request': ok({
        request: request({ id: 6, status: 'pending', createdAtTimestamp: STORY_NOW / 1000 }),
        created: true,
        balance: 1,
      }),
    },
  },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const card = cardOf(canvasElement, LL)
    const outcome = card.getByTestId('fof-request')
    await expect(outcome).toHaveTextContent(LL.insights.fofDeclined())
    await expect(outcome).toHaveTextContent(LL.insights.fofRefunded({ price: 11 }).replace(/\s+/g, ' '))
    // Asking again is possible, for the price again.
    await userEvent.click(card.getByRole('button', { name: LL.insights.fofRequest({ price: 11 }) }))
    await waitFor(() => expect(card.getByTestId('fof-request')).toHaveAttribute('data-status', 'pending'))
    await expect(card.queryByRole('button')).toBeNull()
  },
})
export const DeclinedAndRefunded = declined.light
export const DeclinedAndRefundedDark = declined.dark
export const DeclinedAndRefundedRtl = declined.rtl
export const DeclinedAndRefundedDarkRtl = declined.darkRtl

const expired = modes<Story>({
  args: { data: asked(request({ status: 'expired', refunded: true })) },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const card = cardOf(canvasElement, LL)
    await expect(card.getByTestId('fof-request')).toHaveTextContent(LL.insights.fofExpired())
    await expect(card.getByTestId('fof-request')).toHaveTextContent(LL.insights.fofAskAgain())
    await expect(card.getByRole('button', { name: LL.insights.fofRequest({ price: 11 }) })).toBeEnabled()
  },
})
export const ExpiredAndRefunded = expired.light
export const ExpiredAndRefundedDark = expired.dark
export const ExpiredAndRefundedRtl = expired.rtl
export const ExpiredAndRefundedDarkRtl = expired.darkRtl

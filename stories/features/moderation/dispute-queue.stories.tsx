import { useState } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import type { MyProfile } from '@contract/api/account'
import type { DisputeQueueItem } from '@contract/api/disputes'
import { ModerationPage, type QueueView } from '@/features/moderation/components/moderation-page'
import { ltr } from '@/components/ui/phone-text'
import { phone } from '@/lib/phone'
import { fail, ok, type ApiTable, type Reply } from '../../support/api'
import { STORY_NOW } from '../../support/clock'
import { withAppShell } from '../../support/decorators'
import { MY_NUMBER, SCAM_DIGITS } from '../../support/fixtures'
import { modes } from '../../support/modes'
import { signIn } from '../../support/session'
import { translations } from '../../support/i18n'

/** The page on its Disputes queue, with its address state kept in the story. */
function Disputes() {
  const [view, setView] = useState<QueueView>({ queue: 'disputes', status: 'open', kind: 'all', page: 1 })
  return <ModerationPage {...view} onNavigate={setView} />
}

const meta = {
  title: 'Pages/Moderation disputes',
  component: Disputes,
  decorators: [withAppShell],
  parameters: { layout: 'fullscreen', route: '/moderation' },
  beforeEach: () => {
    signIn()
    calls.length = 0
    server.decided = false
  },
} satisfies Meta<typeof Disputes>
export default meta
type Story = StoryObj<typeof meta>
type LL = ReturnType<typeof translations>

/** What the stories' fake server was sent, and whether it has decided the first dispute. */
const calls: URLSearchParams[] = []
const server = { decided: false }
const minutesAgo = (m: number) => Math.floor(STORY_NOW / 1000) - m * 60
const NUMBER = `+${SCAM_DIGITS}`

const me: MyProfile = {
  profileId: 7,
  phoneNumber: MY_NUMBER,
  firstName: null,
  lastName: null,
  role: 'moderator',
  balance: 12,
  locale: 'en',
  antispy: false,
  profileGoing: true,
  overlimit: false,
  isPro: false,
  planTier: null,
  createdAtTimestamp: minutesAgo(60 * 24 * 90),
}

function newOwner(): DisputeQueueItem {
  return {
    id: 12,
    status: 'open',
    category: 'new_owner',
    createdAtTimestamp: minutesAgo(90),
    decidedAtTimestamp: null,
    decisionNote: null,
    phoneNumber: NUMBER,
    reasons: 'I got this number in February; the fraud reports are about the previous owner.',
    link: 'https://carrier.example.com/contract',
    ownedSinceTimestamp: Date.UTC(2025, 1, 1) / 1000,
    ownerProfileId: 44,
    index: 1.4,
    discount: [],
    evidence: [
      { kind: 'imported', source: 'phoneblock', label: 'fraud', votes: 1042, weight: 0.9, direction: 'negative' },
      { kind: 'bans', source: 'users', label: 'ban', votes: 21, weight: 0.4, direction: 'negative' },
    ],
  }
}

function business(): DisputeQueueItem {
  return {
    ...newOwner(),
    id: 13,
    category: 'business',
    phoneNumber: '+12015550150',
    reasons: 'Dentist office: we call patients about appointments.',
    link: null,
    ownedSinceTimestamp: null,
    index: 3.9,
    evidence: [{ kind: 'polls', source: 'users', label: 'advertising', votes: 14, weight: 0.5, direction: 'negative' }],
  }
}

const decide =
  (reply: () => Reply): ApiTable[string] =>
  (_url, init) => {
    calls.push(new URLSearchParams(String(init?.body ?? '')))
    return reply()
  }

function api(
  decideReply: () => Reply = () => ok({ ...newOwner(), status: 'upheld', decidedAtTimestamp: minutesAgo(0), index: 5 }),
): ApiTable {
  return {
    'GET /api/v6/profile/my': ok(me),
    'GET /api/v6/moderation/disputes': (url) =>
      url.searchParams.get('status') === 'decided'
        ? ok({
            items: [
              {
                ...newOwner(),
                status: 'upheld',
                decidedAtTimestamp: minutesAgo(5),
                decisionNote: 'Contract checked.',
                index: 5,
                evidence: newOwner().evidence.map((e) => ({ ...e, discounted: true })),
              },
            ],
            total: 1,
          })
        : ok({ items: server.decided ? [business()] : [newOwner(), business()], total: server.decided ? 1 : 2 }),
    'POST /api/v6/moderation/dispute/decide': decide(() => {
      const reply = decideReply()
      server.decided = reply !== 'pending' && reply.status === 200
      return reply
    }),
  }
}

const articleOf = async (canvas: HTMLElement, LL: LL, id: number) =>
  within(await within(canvas).findByRole('article', { name: LL.moderation.disputeHeading({ id }) }))

const queue = modes<Story>({
  parameters: { api: api() },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    const item = await articleOf(canvasElement, LL, 12)
    await expect(page.getByRole('button', { name: LL.moderation.queueDisputes() })).toHaveAttribute('aria-pressed', 'true')
    // What the owner says, the number now, its evidence.
    await expect(item.getByText(LL.dispute.categoryNewOwner())).toBeVisible()
    await expect(
      item.getByRole('link', { name: LL.moderation.disputeNumber({ number: ltr(phone.formatInternational(NUMBER)) }) }),
    ).toHaveAttribute('href', `/number/${SCAM_DIGITS}`)
    await expect(item.getByTestId('dispute-index')).toHaveTextContent(LL.moderation.disputeIndex({ index: '1.4' }))
    await expect(item.getByText(/the fraud reports are about the previous owner/)).toHaveAttribute('dir', 'auto')
    await expect(item.getByRole('link', { name: 'https://carrier.example.com/contract' })).toHaveAttribute(
      'rel',
      'noopener noreferrer nofollow',
    )
    await expect(item.getAllByRole('listitem')).toHaveLength(2)
    // A new owner: the date decides, no evidence to pick.
    await expect(item.getByText(LL.moderation.disputeNewOwnerRule())).toBeVisible()
    await expect(item.queryByRole('checkbox')).toBeNull()
    await userEvent.type(item.getByLabelText(LL.moderation.disputeNote()), 'Contract checked.')
    await userEvent.click(item.getByRole('button', { name: LL.moderation.uphold() }))
    await waitFor(() => expect(page.getByText(LL.moderation.disputeUpheld({ id: 12, index: '5' }))).toHaveFocus())
    await expect(Object.fromEntries(calls[0])).toEqual({ dispute_id: '12', decision: 'uphold', note: 'Contract checked.' })
    await waitFor(() => expect(page.queryByRole('article', { name: LL.moderation.disputeHeading({ id: 12 }) })).toBeNull())
  },
})
export const Queue = queue.light
export const QueueDark = queue.dark
export const QueueRtl = queue.rtl
export const QueueDarkRtl = queue.darkRtl

const discount = modes<Story>({
  parameters: { api: api(() => ok({ ...business(), status: 'upheld', decidedAtTimestamp: minutesAgo(0), index: 5 })) },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const item = await articleOf(canvasElement, LL, 13)
    // Not a new owner: upholding needs the evidence that should stop counting.
    const uphold = item.getByRole('button', { name: LL.moderation.uphold() })
    await expect(uphold).toBeDisabled()
    await expect(item.getByRole('group', { name: LL.moderation.disputeDiscount() })).toBeVisible()
    await userEvent.click(item.getByRole('checkbox', { name: LL.moderation.discountPolls() }))
    await userEvent.click(item.getByRole('checkbox', { name: LL.moderation.discountBans() }))
    await userEvent.click(uphold)
    await waitFor(() => expect(calls).toHaveLength(1))
    await expect(Object.fromEntries(calls[0])).toEqual({ dispute_id: '13', decision: 'uphold', discount: 'polls,bans' })
  },
})
export const UpholdWithDiscount = discount.light
export const UpholdWithDiscountDark = discount.dark
export const UpholdWithDiscountRtl = discount.rtl
export const UpholdWithDiscountDarkRtl = discount.darkRtl

const taken = modes<Story>({
  parameters: { api: api(() => fail(409, 409, 'This dispute was already decided')) },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const item = await articleOf(canvasElement, LL, 12)
    await userEvent.click(item.getByRole('button', { name: LL.moderation.disputeReject() }))
    await expect(await item.findByRole('alert')).toHaveTextContent(LL.moderation.disputeAlreadyDecided())
    await expect(Object.fromEntries(calls[0])).toEqual({ dispute_id: '12', decision: 'reject' })
  },
})
export const AlreadyDecided = taken.light
export const AlreadyDecidedDark = taken.dark
export const AlreadyDecidedRtl = taken.rtl
export const AlreadyDecidedDarkRtl = taken.darkRtl

const decided = modes<Story>({
  parameters: { api: api() },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await articleOf(canvasElement, LL, 12)
    await userEvent.click(page.getByRole('button', { name: LL.moderation.disputeDecided() }))
    const item = within(await page.findByRole('article', { name: LL.moderation.disputeHeading({ id: 12 }) }))
    await expect(await item.findByText(LL.moderation.disputeStatusUpheld({ date: '' }).trim(), { exact: false })).toBeVisible()
    await expect(item.getByText(LL.dispute.note({ note: '\u2068Contract checked.\u2069' }))).toBeVisible()
    await expect(item.getAllByRole('listitem')[0]).toHaveTextContent(LL.number.evidenceDiscounted())
    await expect(item.queryByRole('button', { name: LL.moderation.uphold() })).toBeNull()
  },
})
export const Decided = decided.light
export const DecidedDark = decided.dark
export const DecidedRtl = decided.rtl
export const DecidedDarkRtl = decided.darkRtl

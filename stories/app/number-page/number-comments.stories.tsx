import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, waitFor, within } from 'storybook/test'
import { NumberComments } from '@/app/number-page/number-comments'
import { fail, ok } from '../../support/api'
import { STORY_NOW } from '../../support/clock'
import { modes } from '../../support/modes'
import { findDialog } from '../../support/queries'
import { signIn } from '../../support/session'
import { storyLocale, translations } from '../../support/i18n'
import { withOverlays } from '../../support/decorators'
import { comment, day, fakeServer, otherNumber, ownNumber, reply, VIEWER_ID, balanceSettled } from '../../features/comments/support'

/**
 * The owner of a number on their own page (SPEC.md sections 2 and 4): a pinned comment
 * first, Pin / Unpin, and Hide, which offers hiding for 10 coins a month or a complaint.
 */
const meta = { title: 'Comments/Owner view', component: NumberComments, decorators: [withOverlays] } satisfies Meta<typeof NumberComments>
export default meta
type Story = StoryObj<typeof meta>
type LLType = ReturnType<typeof translations>

const PINNED = 'He is my plumber, always calls back. Trustworthy.'
const RUDE = 'This person never pays their debts!'
const items = [comment(31, RUDE, { likes: 2, firstName: 'Alex' }), comment(32, PINNED, { pinned: true, firstName: 'Mia' })]

async function openHide(canvasElement: HTMLElement, LL: LLType, userEvent: { click: (el: Element) => Promise<void> }) {
  const card = within(canvasElement)
  const rude = (await card.findAllByTestId('comment')).find((c) => c.textContent?.includes(RUDE))!
  await userEvent.click(within(rude).getByRole('button', { name: LL.commentMoney.hide() }))
  const dialog = await findDialog({ name: LL.commentMoney.hideOptionsTitle() })
  return { card, rude, dialog }
}

const view = fakeServer({ balance: 25, items })
const ownerStory = modes<Story>({
  args: { data: ownNumber() },
  parameters: { api: view.table },
  beforeEach: () => {
    view.reset()
    signIn({ coins: 25 })
  },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const card = within(canvasElement)
    const list = await card.findAllByTestId('comment')
    // The pinned comment comes first with its badge.
    await expect(list[0]).toHaveTextContent(PINNED)
    await expect(within(list[0]).getByTestId('pinned-badge')).toHaveTextContent(LL.commentMoney.pinned())
    await expect(within(list[1]).queryByTestId('pinned-badge')).toBeNull()
    const unpin = within(list[0]).getByRole('button', { name: LL.commentMoney.unpin() })
    await expect(unpin).toHaveAttribute('aria-pressed', 'true')
    await expect(within(list[1]).getByRole('button', { name: LL.commentMoney.hide() })).toBeVisible()
    // Pinning the other comment moves it to the top.
    await userEvent.click(within(list[1]).getByRole('button', { name: LL.commentMoney.pin() }))
    await waitFor(() => expect(card.getAllByTestId('comment')[0]).toHaveTextContent(RUDE))
    await expect(within(card.getAllByTestId('comment')[0]).getByTestId('pinned-badge')).toBeVisible()
    await expect(view.state.calls).toEqual(['pin 31 true'])
    await balanceSettled()
  },
})
export const OwnerView = ownerStory.light
export const OwnerViewDark = ownerStory.dark
export const OwnerViewRtl = ownerStory.rtl
export const OwnerViewDarkRtl = ownerStory.darkRtl

const options = fakeServer({ balance: 25, items })
const optionsStory = modes<Story>({
  args: { data: ownNumber() },
  parameters: { api: options.table },
  beforeEach: () => {
    options.reset()
    signIn({ coins: 25 })
  },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const { dialog } = await openHide(canvasElement, LL, userEvent)
    await expect(dialog).toHaveAccessibleDescription(LL.commentMoney.hideOptionsText({ price: 10 }))
    await expect(within(dialog).getByRole('status')).toHaveTextContent(LL.commentMoney.balance({ balance: 25 }).trim())
    await waitFor(() => expect(within(dialog).getByRole('button', { name: LL.commentMoney.hideForCoins({ price: 10 }) })).toBeEnabled())
    await expect(within(dialog).getByRole('button', { name: LL.commentMoney.complain() })).toBeEnabled()
    await expect(options.state.calls).toEqual([])
    await balanceSettled()
  },
})
export const HideOptions = optionsStory.light
export const HideOptionsDark = optionsStory.dark
export const HideOptionsRtl = optionsStory.rtl
export const HideOptionsDarkRtl = optionsStory.darkRtl

const success = fakeServer({ balance: 25, items })
const successStory = modes<Story>({
  args: { data: ownNumber() },
  parameters: { api: success.table },
  beforeEach: () => {
    success.reset()
    signIn({ coins: 25 })
  },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const { card, dialog } = await openHide(canvasElement, LL, userEvent)
    const hide = within(dialog).getByRole('button', { name: LL.commentMoney.hideForCoins({ price: 10 }) })
    await waitFor(() => expect(hide).toBeEnabled())
    await userEvent.click(hide)
    const done = await findDialog({ name: LL.commentMoney.hideSuccessTitle() })
    await expect(done).toHaveAccessibleDescription(LL.commentMoney.hideSuccessText())
    await waitFor(() => expect(within(done).getByRole('status')).toHaveTextContent(LL.commentMoney.balance({ balance: 15 }).trim()))
    await expect(success.state.calls).toEqual(['hide 31'])
    // Behind the modal the review now shows as hidden, without a Hide button.
    const until = day(storyLocale(globals), Math.floor(STORY_NOW / 1000) + 30 * 86400)
    const rude = await waitFor(() => {
      const hidden = card.getAllByTestId('comment').find((c) => within(c).queryByTestId('hidden-notice'))
      if (!hidden) throw new Error('no review shows as hidden yet')
      return hidden
    })
    await expect(rude).toHaveTextContent(RUDE)
    await expect(within(rude).getByTestId('hidden-notice')).toHaveTextContent(LL.commentMoney.hiddenUntil({ date: until }))
    // The modal's own Close comes first; the corner X has the same name.
    await userEvent.click(within(done).getAllByRole('button', { name: LL.app.close() })[0])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await expect(within(rude).queryByRole('button', { name: LL.commentMoney.hide() })).toBeNull()
    await balanceSettled()
  },
})
export const HideSuccess = successStory.light
export const HideSuccessDark = successStory.dark
export const HideSuccessRtl = successStory.rtl
export const HideSuccessDarkRtl = successStory.darkRtl

const failing = fakeServer({ balance: 25, items })
const errorStory = modes<Story>({
  args: { data: ownNumber() },
  parameters: {
    api: { ...failing.table, 'POST /api/v6/numcy/subscription/comment/add': fail(409, 3102, 'This review is already hidden') },
  },
  beforeEach: () => {
    failing.reset()
    signIn({ coins: 25 })
  },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const { dialog } = await openHide(canvasElement, LL, userEvent)
    const hide = within(dialog).getByRole('button', { name: LL.commentMoney.hideForCoins({ price: 10 }) })
    await waitFor(() => expect(hide).toBeEnabled())
    await userEvent.click(hide)
    const error = await findDialog({ name: LL.commentMoney.hideErrorTitle() })
    await expect(error).toHaveAccessibleDescription(LL.commentMoney.hideErrorText())
    await expect(within(error).getByTestId('error-code')).toHaveTextContent(LL.commentMoney.errorCode({ code: '3102' }))
    await expect(within(error).getAllByRole('button', { name: LL.app.close() })[0]).toBeVisible()
    await balanceSettled()
  },
})
export const HideError = errorStory.light
export const HideErrorDark = errorStory.dark
export const HideErrorRtl = errorStory.rtl
export const HideErrorDarkRtl = errorStory.darkRtl

const poor = fakeServer({ balance: 3, items })
const poorStory = modes<Story>({
  args: { data: ownNumber() },
  parameters: { api: poor.table },
  beforeEach: () => {
    poor.reset()
    signIn({ coins: 3 })
  },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const { dialog } = await openHide(canvasElement, LL, userEvent)
    const hide = within(dialog).getByRole('button', { name: LL.commentMoney.hideForCoins({ price: 10 }) })
    await waitFor(() => expect(hide).toBeEnabled())
    await userEvent.click(hide)
    const broke = await findDialog({ name: LL.commentMoney.notEnoughTitle() })
    await expect(broke).toHaveAccessibleDescription(LL.commentMoney.notEnoughText({ price: 10 }))
    await expect(within(broke).getByRole('status')).toHaveTextContent(LL.commentMoney.balance({ balance: 3 }).trim())
    await expect(within(broke).getByRole('link', { name: LL.commentMoney.topUp() })).toBeVisible()
    await expect(poor.state.calls).toEqual([])
    // Back returns to the options.
    await userEvent.click(within(broke).getByRole('button', { name: LL.commentMoney.back() }))
    await expect(await findDialog({ name: LL.commentMoney.hideOptionsTitle() })).toBeVisible()
    await balanceSettled()
  },
})
export const HideNotEnoughCoins = poorStory.light
export const HideNotEnoughCoinsDark = poorStory.dark
export const HideNotEnoughCoinsRtl = poorStory.rtl
export const HideNotEnoughCoinsDarkRtl = poorStory.darkRtl

const END = Math.floor(STORY_NOW / 1000) + 12 * 86400
const hiddenItems = [comment(41, RUDE, { hiddenBy: VIEWER_ID, endDateTimestamp: END })]
const hidden = fakeServer({ balance: 15, items: hiddenItems })
const hiddenStory = modes<Story>({
  args: { data: ownNumber() },
  parameters: { api: hidden.table },
  beforeEach: () => {
    hidden.reset()
    signIn({ coins: 15 })
  },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const date = day(storyLocale(globals), END)
    const [review] = await within(canvasElement).findAllByTestId('comment')
    const notice = within(review).getByTestId('hidden-notice')
    await expect(notice).toHaveTextContent(LL.commentMoney.hiddenUntil({ date }))
    await expect(within(review).queryByRole('button', { name: LL.commentMoney.hide() })).toBeNull()
    await userEvent.click(within(notice).getByRole('button', { name: LL.commentMoney.stopHiding() }))
    await expect(await within(notice).findByRole('status')).toHaveTextContent(LL.commentMoney.stopHidingDone({ date }))
    await expect(hidden.state.calls).toEqual(['cancel 41'])
    await balanceSettled()
  },
})
export const HiddenReview = hiddenStory.light
export const HiddenReviewDark = hiddenStory.dark
export const HiddenReviewRtl = hiddenStory.rtl
export const HiddenReviewDarkRtl = hiddenStory.darkRtl

/** Renewal already stopped (another visit): the notice says so and offers nothing to stop. */
const stoppedItems = [comment(41, RUDE, { hiddenBy: VIEWER_ID, endDateTimestamp: END, hideRenews: false })]
const stopped = fakeServer({ balance: 15, items: stoppedItems })
const stoppedStory = modes<Story>({
  args: { data: ownNumber() },
  parameters: { api: stopped.table },
  beforeEach: () => {
    stopped.reset()
    signIn({ coins: 15 })
  },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const date = day(storyLocale(globals), END)
    const [review] = await within(canvasElement).findAllByTestId('comment')
    const notice = within(review).getByTestId('hidden-notice')
    await expect(notice).toHaveTextContent(LL.commentMoney.stopHidingDone({ date }))
    await expect(within(notice).queryByRole('button', { name: LL.commentMoney.stopHiding() })).toBeNull()
    await balanceSettled()
  },
})
export const HidingStopped = stoppedStory.light
export const HidingStoppedDark = stoppedStory.dark
export const HidingStoppedRtl = stoppedStory.rtl
export const HidingStoppedDarkRtl = stoppedStory.darkRtl

/** On someone else's number: no Pin; Hide is there (it files a complaint), no hiding for coins. */
const visitor = fakeServer({ balance: 25, items })
const visitorStory = modes<Story>({
  args: { data: otherNumber() },
  parameters: { api: visitor.table },
  beforeEach: () => {
    visitor.reset()
    signIn({ coins: 25 })
  },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const list = await within(canvasElement).findAllByTestId('comment')
    for (const c of list) {
      await expect(within(c).queryByRole('button', { name: LL.commentMoney.pin() })).toBeNull()
      await expect(within(c).queryByRole('button', { name: LL.commentMoney.unpin() })).toBeNull()
      await expect(within(c).getByRole('button', { name: LL.commentMoney.hide() })).toBeVisible()
    }
    await expect(within(list[0]).getByTestId('pinned-badge')).toBeVisible()
    await balanceSettled()
  },
})
export const VisitorView = visitorStory.light
export const VisitorViewDark = visitorStory.dark
export const VisitorViewRtl = visitorStory.rtl
export const VisitorViewDarkRtl = visitorStory.darkRtl

/** A reply's Hide button opens the complaint about that reply (target_type=thread). */
const RUDE_REPLY = 'You deserve these calls, idiot.'
const threaded = fakeServer({
  balance: 5,
  items: [comment(51, 'They call every morning.', { thread_count: 1, thread: [reply(61, RUDE_REPLY)] })],
})
let complaint: URLSearchParams | null = null
const replyComplaintStory = modes<Story>({
  args: { data: otherNumber() },
  parameters: {
    api: {
      ...threaded.table,
      'GET /api/v13/comment/thread/list': ok({ items: [reply(61, RUDE_REPLY)], total: 1 }),
      'POST /api/v6/complaint/add': (_url: URL, init?: RequestInit) => {
        complaint = new URLSearchParams(String(init?.body ?? ''))
        return ok({ id: 3, status: 'accepted' })
      },
    },
  },
  beforeEach: () => {
    threaded.reset()
    complaint = null
    signIn({ coins: 5 })
  },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const [item] = await within(canvasElement).findAllByTestId('comment')
    await userEvent.click(within(item).getByRole('button', { name: LL.comments.showReplies({ count: 1 }) }))
    const rude = await within(item).findByTestId('reply')
    await userEvent.click(within(rude).getByRole('button', { name: LL.commentMoney.hide() }))
    const dialog = within(await findDialog({ name: LL.complaints.title() }))
    await userEvent.click(dialog.getByRole('button', { name: LL.complaints.claim_title() }))
    await userEvent.type(await dialog.findByLabelText(LL.complaints.name()), 'Jo Doe')
    await userEvent.type(dialog.getByLabelText(LL.complaints.email()), 'jo@example.com')
    await userEvent.type(dialog.getByLabelText(LL.complaints.message()), 'An insult in a reply')
    await userEvent.click(dialog.getByRole('button', { name: LL.complaints.submit() }))
    await expect(await findDialog({ name: LL.complaints.afterTitle() })).toBeVisible()
    const sent = complaint as URLSearchParams | null
    await expect(sent?.get('target_type')).toBe('thread')
    await expect(sent?.get('target_id')).toBe('61')
  },
})
export const ReplyComplaint = replyComplaintStory.light
export const ReplyComplaintDark = replyComplaintStory.dark
export const ReplyComplaintRtl = replyComplaintStory.rtl
export const ReplyComplaintDarkRtl = replyComplaintStory.darkRtl

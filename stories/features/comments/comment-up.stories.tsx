import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, waitFor, within } from 'storybook/test'
import { CommentsCard } from '@/features/comments/components/comments-card'
import { balance } from '@/stores/balance'
import { modes } from '../../support/modes'
import { findDialog } from '../../support/queries'
import { signIn } from '../../support/session'
import { translations } from '../../support/i18n'
import { comment, hideFlowSpies, fakeServer, otherNumber, balanceSettled } from './support'
import { withOverlays } from '../../support/decorators'

/**
 * Comment-up (SPEC.md section 4): someone else's comment can be moved up for coins.
 * The button shows the cost, the count and whether the viewer has upped it.
 */
const meta = {
  title: 'Comments/Comment-up',
  component: CommentsCard,
  decorators: [withOverlays],
  args: { hideFlows: hideFlowSpies() },
} satisfies Meta<typeof CommentsCard>
export default meta
type Story = StoryObj<typeof meta>

const FIRST = 'Called three times today, silent line.'
const SECOND = 'Fake parcel delivery, asks for a fee by SMS link.'
const items = [comment(21, FIRST, { likes: 4 }), comment(22, SECOND, { firstName: 'Lee', profile_id: 52 })]

const rich = fakeServer({ balance: 12, items })
const upStory = modes<Story>({
  args: { data: otherNumber() },
  parameters: { api: rich.table },
  beforeEach: () => {
    rich.reset()
    signIn({ coins: 12 })
  },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const card = within(canvasElement)
    const list = await card.findAllByTestId('comment')
    await expect(list[0]).toHaveTextContent(FIRST)
    const up = within(list[1]).getByRole('button', { name: `${LL.commentMoney.up({ count: 0 })} ${LL.commentMoney.upCost({ cost: 1 })}` })
    await expect(up).toHaveAttribute('aria-pressed', 'false')
    await userEvent.click(up)
    // The upped comment moves to the top, pressed, with its count; the coin was spent.
    await waitFor(() => expect(card.getAllByTestId('comment')[0]).toHaveTextContent(SECOND))
    const top = within(card.getAllByTestId('comment')[0]).getByTestId('comment-up')
    await expect(top).toHaveAttribute('aria-pressed', 'true')
    await expect(top).toHaveTextContent(LL.commentMoney.up({ count: 1 }))
    await expect(await screen.findByText(LL.commentMoney.upDone())).toBeVisible()
    await expect(rich.state.balance).toBe(11)
    await expect(screen.queryByRole('dialog')).toBeNull()
    // The balance is fetched again after the spend; let it land before the next story starts.
    await waitFor(() => expect(balance).toEqual({ value: 11, loading: false }), { timeout: 3000 })
    await balanceSettled()
  },
})
export const UpAComment = upStory.light
export const UpACommentDark = upStory.dark
export const UpACommentRtl = upStory.rtl
export const UpACommentDarkRtl = upStory.darkRtl

const broke = fakeServer({ balance: 0, items })
const brokeStory = modes<Story>({
  args: { data: otherNumber() },
  parameters: { api: broke.table },
  beforeEach: () => {
    broke.reset()
    signIn({ coins: 0 })
  },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const card = within(canvasElement)
    const [first] = await card.findAllByTestId('comment')
    await userEvent.click(within(first).getByTestId('comment-up'))
    const dialog = await findDialog({ name: LL.commentMoney.notEnoughTitle() }, { timeout: 5000 })
    await expect(dialog).toHaveAccessibleDescription(LL.commentMoney.notEnoughText({ price: 1 }))
    await expect(within(dialog).getByRole('status')).toHaveTextContent(LL.commentMoney.balance({ balance: 0 }).trim())
    const topUp = within(dialog).getByRole('link', { name: LL.commentMoney.topUp() })
    // Coins are bought on the web: the top-up opens the coin packs, and the text says so, not "in the app".
    await expect(topUp).toHaveAttribute('href', '/paywall/numcy')
    await expect(dialog).not.toHaveAccessibleDescription(/\bapp\b|التطبيق/i)
    // Nothing was spent, the comment did not move.
    await expect(broke.state.calls).toEqual([])
    await expect(within(first).getByTestId('comment-up')).toHaveAttribute('aria-pressed', 'false')
    await userEvent.click(within(dialog).getByRole('button', { name: LL.commentMoney.back() }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await balanceSettled()
  },
})
export const NotEnoughCoins = brokeStory.light
export const NotEnoughCoinsDark = brokeStory.dark
export const NotEnoughCoinsRtl = brokeStory.rtl
export const NotEnoughCoinsDarkRtl = brokeStory.darkRtl

/** The stored balance says 5, the server knows better: its 402 opens the same modal. */
const stale = fakeServer({ balance: 0, items })
const staleStory = modes<Story>({
  args: { data: otherNumber() },
  parameters: { api: stale.table },
  beforeEach: () => {
    stale.reset()
    signIn({ coins: 5 })
  },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const [first] = await within(canvasElement).findAllByTestId('comment')
    await userEvent.click(within(first).getByTestId('comment-up'))
    const dialog = await findDialog({ name: LL.commentMoney.notEnoughTitle() }, { timeout: 5000 })
    await expect(stale.state.calls).toEqual(['like COMMENT_UP 21'])
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent(LL.commentMoney.balance({ balance: 0 }).trim()), {
      timeout: 5000,
    })
    await balanceSettled()
  },
})
export const ServerRefuses = staleStory.light
export const ServerRefusesDark = staleStory.dark
export const ServerRefusesRtl = staleStory.rtl
export const ServerRefusesDarkRtl = staleStory.darkRtl

import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { ERROR_CODES } from '@contract/errors'
import { CommentsCard } from '@/features/comments/components/comments-card'
import { fail, ok, type ApiTable } from '../../support/api'
import { modes } from '../../support/modes'
import { findDialog } from '../../support/queries'
import { signIn } from '../../support/session'
import { translations } from '../../support/i18n'
import { comment, hideFlowSpies, otherNumber, reply, VIEWER_ID, type ReplyShape } from './support'
import { withOverlays } from '../../support/decorators'

/**
 * A comment's thread (SPEC.md sections 4 and 9): replies in pages of 4 behind "show more",
 * the viewer's own reply can be edited and deleted, and a posting ban is said plainly: as the
 * server refuses a text, and, when the number's answer says so, instead of the forms.
 */
const meta = {
  title: 'Comments/Replies',
  component: CommentsCard,
  decorators: [withOverlays],
  args: { hideFlows: hideFlowSpies() },
} satisfies Meta<typeof CommentsCard>
export default meta
type Story = StoryObj<typeof meta>

const BANNED = 'You can no longer post on this number: moderators removed your text here twice after complaints.'

/** Six replies; the second is the viewer's own. */
function thread(): ReplyShape[] {
  return [1, 2, 3, 4, 5, 6].map((n) => reply(n, `Reply number ${n}`, n === 2 ? { profile_id: VIEWER_ID, firstName: 'Sam' } : {}))
}

const state = { replies: thread(), calls: [] as string[] }
const form = (init?: RequestInit) => new URLSearchParams(String(init?.body ?? ''))
const api: ApiTable = {
  'GET /api/v7/comment/list': () =>
    ok({
      items: [comment(51, 'Robocall about car warranty.', { thread_count: state.replies.length, thread: state.replies.slice(0, 4) })],
      total: 1,
    }),
  'GET /api/v13/comment/thread/list': (url) => {
    const offset = Number(url.searchParams.get('offset'))
    const limit = Number(url.searchParams.get('limit'))
    state.calls.push(`list ${offset} ${limit}`)
    return ok({ items: state.replies.slice(offset, offset + limit), total: state.replies.length })
  },
  'POST /api/v13/comment/thread/edit': (_url, init) => {
    const b = form(init)
    const r = state.replies.find((x) => x.id === Number(b.get('thread_id')))!
    r.text = b.get('text')!
    r.updatedAtTimestamp = r.createdAtTimestamp + 60
    state.calls.push(`edit ${r.id}`)
    return ok(undefined)
  },
  'POST /api/v13/comment/thread/delete': (_url, init) => {
    const id = Number(form(init).get('thread_id'))
    state.replies = state.replies.filter((x) => x.id !== id)
    state.calls.push(`delete ${id}`)
    return ok(undefined)
  },
}
const reset = () => {
  state.replies = thread()
  state.calls = []
  signIn()
}

const pagingStory = modes<Story>({
  args: { data: otherNumber() },
  parameters: { api },
  beforeEach: reset,
  play: async ({ args, canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const [item] = await within(canvasElement).findAllByTestId('comment')
    await userEvent.click(within(item).getByRole('button', { name: LL.comments.showReplies({ count: 6 }) }))
    await waitFor(() => expect(within(item).getAllByTestId('reply')).toHaveLength(4))
    await userEvent.click(await within(item).findByRole('button', { name: LL.commentMoney.moreReplies() }))
    await waitFor(() => expect(within(item).getAllByTestId('reply')).toHaveLength(6))
    await expect(
      within(item)
        .getAllByTestId('reply-text')
        .map((p) => p.textContent),
    ).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Reply number ${n}`))
    await expect(within(item).queryByRole('button', { name: LL.commentMoney.moreReplies() })).toBeNull()
    await expect(state.calls).toEqual(['list 0 4', 'list 4 4'])
    // Only the viewer's own reply offers Edit and Delete; the others offer a report.
    const replies = within(item).getAllByTestId('reply')
    await expect(within(replies[1]).getByRole('button', { name: LL.comments.edit() })).toBeVisible()
    await expect(within(replies[0]).queryByRole('button', { name: LL.comments.edit() })).toBeNull()
    await expect(within(replies[0]).getByRole('button', { name: LL.comments.report() })).toBeVisible()
    // Anyone may complain about someone else's reply through its Hide button (the page opens the complaint).
    await expect(within(replies[1]).queryByRole('button', { name: LL.commentMoney.hide() })).toBeNull()
    await userEvent.click(within(replies[0]).getByRole('button', { name: LL.commentMoney.hide() }))
    await expect(args.hideFlows.complainReply).toHaveBeenLastCalledWith(expect.objectContaining({ id: 1, text: 'Reply number 1' }))
  },
})
export const ReplyPaging = pagingStory.light
export const ReplyPagingDark = pagingStory.dark
export const ReplyPagingRtl = pagingStory.rtl
export const ReplyPagingDarkRtl = pagingStory.darkRtl

const editStory = modes<Story>({
  args: { data: otherNumber() },
  parameters: { api },
  beforeEach: reset,
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const [item] = await within(canvasElement).findAllByTestId('comment')
    await userEvent.click(within(item).getByRole('button', { name: LL.comments.showReplies({ count: 6 }) }))
    const own = await waitFor(() => within(item).getAllByTestId('reply')[1])
    await userEvent.click(within(own).getByRole('button', { name: LL.comments.edit() }))
    const field = within(own).getByRole('textbox', { name: LL.commentMoney.editReplyLabel() })
    await expect(field).toHaveValue('Reply number 2')
    await expect(field).toHaveFocus()
    await userEvent.clear(field)
    await userEvent.type(field, 'Corrected: it was a robot')
    await userEvent.click(within(own).getByRole('button', { name: LL.comments.save() }))
    await waitFor(() => expect(within(item).getAllByTestId('reply-text')[1]).toHaveTextContent('Corrected: it was a robot'))
    await expect(within(item).getAllByTestId('reply')[1]).toHaveTextContent(LL.comments.edited())
    // Delete asks first (cancel or delete), then the reply is gone.
    await userEvent.click(within(within(item).getAllByTestId('reply')[1]).getByRole('button', { name: LL.comments.delete() }))
    const confirm = await findDialog({ name: LL.commentMoney.deleteReplyTitle() })
    await expect(confirm).toHaveTextContent(LL.commentMoney.deleteReplySubtext())
    await userEvent.click(within(confirm).getByRole('button', { name: LL.complaints.delete() }))
    await waitFor(() => expect(within(item).getAllByTestId('reply')).toHaveLength(4))
    await waitFor(() => expect(within(item).queryByText('Corrected: it was a robot')).toBeNull())
    await expect(state.calls.filter((c) => !c.startsWith('list'))).toEqual(['edit 2', 'delete 2'])
  },
})
export const ReplyEditDelete = editStory.light
export const ReplyEditDeleteDark = editStory.dark
export const ReplyEditDeleteRtl = editStory.rtl
export const ReplyEditDeleteDarkRtl = editStory.darkRtl

const bannedStory = modes<Story>({
  args: { data: otherNumber() },
  parameters: {
    api: {
      ...api,
      'POST /api/v7/comment/add': fail(403, ERROR_CODES.POSTING_BANNED, 'server words'),
      'POST /api/v13/comment/thread/add': fail(403, ERROR_CODES.POSTING_BANNED, 'server words'),
    },
  },
  beforeEach: reset,
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const card = within(canvasElement)
    const [item] = await card.findAllByTestId('comment')
    await userEvent.type(card.getByRole('textbox', { name: LL.comments.addTitle() }), 'They called again')
    await userEvent.click(card.getByRole('button', { name: LL.comments.post() }))
    const alert = await card.findByRole('alert')
    await expect(alert).toHaveTextContent(LL.comments.postingBanned())
    if (globals.locale === 'en') await expect(alert).toHaveTextContent(BANNED)
    // A reply is refused the same way.
    await userEvent.click(within(item).getByRole('button', { name: LL.comments.reply(), expanded: false }))
    await userEvent.type(within(item).getByRole('textbox', { name: LL.comments.replyLabel() }), 'Me too')
    await userEvent.click(within(item).getByRole('button', { name: LL.comments.replySend() }))
    await expect(await within(item).findByRole('alert')).toHaveTextContent(LL.comments.postingBanned())
  },
})
export const PostingBanned = bannedStory.light
export const PostingBannedDark = bannedStory.dark
export const PostingBannedRtl = bannedStory.rtl
export const PostingBannedDarkRtl = bannedStory.darkRtl

/** The number's answer says the viewer is banned from posting here (issue 29): no forms, the reason instead. */
const bannedHereStory = modes<Story>({
  args: {
    data: (() => {
      const n = otherNumber()
      return { ...n, common: { ...n.common, postingBanned: true } }
    })(),
  },
  parameters: { api },
  beforeEach: reset,
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const card = within(canvasElement)
    const [item] = await card.findAllByTestId('comment')
    await expect(card.getByRole('note')).toHaveTextContent(LL.comments.bannedHere())
    await expect(card.queryByRole('textbox', { name: LL.comments.addTitle() })).toBeNull()
    await expect(card.queryByRole('button', { name: LL.comments.post() })).toBeNull()
    await expect(within(item).queryByRole('button', { name: LL.comments.reply() })).toBeNull()
    // Reading, reacting and reporting stay; the viewer's own reply can be deleted, not edited.
    await expect(within(item).getByRole('button', { name: LL.comments.report() })).toBeVisible()
    await userEvent.click(within(item).getByRole('button', { name: LL.comments.showReplies({ count: 6 }) }))
    const own = await waitFor(() => within(item).getAllByTestId('reply')[1])
    await expect(within(own).queryByRole('button', { name: LL.comments.edit() })).toBeNull()
    await expect(within(own).getByRole('button', { name: LL.comments.delete() })).toBeVisible()
  },
})
export const PostingBannedHere = bannedHereStory.light
export const PostingBannedHereDark = bannedHereStory.dark
export const PostingBannedHereRtl = bannedHereStory.rtl
export const PostingBannedHereDarkRtl = bannedHereStory.darkRtl

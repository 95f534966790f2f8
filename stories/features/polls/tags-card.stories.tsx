import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { TagsCard } from '@/features/polls/components/tags-card'
import { ok } from '../../support/api'
import { modes } from '../../support/modes'
import { signIn } from '../../support/session'
import { translations } from '../../support/i18n'
import { state, tagId, taggedNumber, untaggedNumber } from './fixtures'

/** The number's top tags with counts, and the polls through which the viewer adds their own. */
const meta = { title: 'Polls/Tags card', component: TagsCard, beforeEach: () => signIn() } satisfies Meta<typeof TagsCard>
export default meta
type Story = StoryObj<typeof meta>

const withData = modes<Story>({
  args: { data: taggedNumber() },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const card = within(canvasElement)
    const items = card.getAllByRole('listitem')
    await expect(items.map((li) => li.firstChild?.textContent)).toEqual([
      LL.tags.robot(),
      LL.tags.fraud(),
      LL.tags.spam(),
      LL.tags.imposter(),
      LL.tags.bank(),
      LL.tags.scared(),
    ])
    await expect(items[0]).toHaveTextContent(LL.polls.votes({ count: 12 }))
    // The viewer's own tag is marked for everyone, not only by colour.
    await expect(items[1]).toHaveTextContent(LL.polls.myTags())
    await expect(items[0]).not.toHaveTextContent(LL.polls.myTags())
    // The server offers no poll on the page: the picker is one click away, with the viewer's answer checked.
    const change = card.getByRole('button', { name: LL.polls.changeTags() })
    await expect(change).toHaveAttribute('aria-expanded', 'false')
    await userEvent.click(change)
    await expect(change).toHaveAttribute('aria-expanded', 'true')
    await expect(card.getByRole('checkbox', { name: LL.tags.fraud() })).toBeChecked()
    await expect(card.getByRole('checkbox', { name: LL.tags.spam() })).not.toBeChecked()
  },
})
export const WithData = withData.light
export const WithDataDark = withData.dark
export const WithDataRtl = withData.rtl
export const WithDataDarkRtl = withData.darkRtl

let posted: URLSearchParams[] = []
const pagePoll = modes<Story>({
  args: { data: untaggedNumber() },
  beforeEach: () => {
    posted = []
  },
  parameters: {
    api: {
      'POST /api/v6/poll/answer': (_url: URL, init?: RequestInit) => {
        posted.push(new URLSearchParams(String(init?.body)))
        return ok(state({ index: 3.1, pollAnswers: [tagId('robot'), tagId('spam')] }))
      },
    },
  },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const card = within(canvasElement)
    await expect(card.getByText(LL.number.noTags())).toBeVisible()
    // The page poll is open: tags grouped by kind, each a checkbox.
    const form = card.getByRole('form', { name: LL.polls.pagePoll() })
    const who = within(form).getByRole('group', { name: LL.polls.kindCallerType() })
    await userEvent.click(within(who).getByRole('checkbox', { name: LL.tags.robot() }))
    await userEvent.click(within(form).getByRole('checkbox', { name: LL.tags.spam() }))
    await expect(within(form).getByRole('checkbox', { name: LL.tags.robot() })).toBeChecked()
    await userEvent.click(within(form).getByRole('button', { name: LL.polls.save() }))
    await waitFor(() => expect(card.getByRole('status')).toHaveTextContent(LL.polls.saved()))
    await expect(posted).toHaveLength(1)
    await expect(posted[0].get('poll')).toBe('onPage')
    await expect(posted[0].get('phone')).toBe('+12015550177')
    await expect(posted[0].get('answers')).toBe(`${tagId('robot')},${tagId('spam')}`)
  },
})
export const PagePoll = pagePoll.light
export const PagePollDark = pagePoll.dark
export const PagePollRtl = pagePoll.rtl
export const PagePollDarkRtl = pagePoll.darkRtl

const commentPoll = modes<Story>({
  args: (() => {
    const data = untaggedNumber()
    const mine = {
      id: 5,
      profile_id: 7,
      text: 'Robot voice about my bank',
      createdAtTimestamp: 1_700_000_000,
      updatedAtTimestamp: null,
      firstName: null,
      lastName: null,
      avatar: null,
      likes: 0,
      dislikes: 0,
      commentUps: 0,
      hasLike: false,
      hasDislike: false,
      hasCommentUp: false,
      hiddenBy: null,
      endDateTimestamp: null,
      thread_count: 0,
      thread: [],
    }
    return { data: { ...data, myComment: mine, polls: { ...data.polls, show: { ...data.polls.show, onPage: false } } } }
  })(),
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const card = within(canvasElement)
    // After the viewer's comment the card asks what kind of call it was; "not now" folds it away.
    const form = card.getByRole('form', { name: LL.polls.commentPoll() })
    await userEvent.click(within(form).getByRole('button', { name: LL.polls.later() }))
    await expect(card.queryByRole('form')).toBeNull()
    await expect(card.getByRole('button', { name: LL.polls.addTags() })).toBeVisible()
  },
})
export const CommentPoll = commentPoll.light
export const CommentPollDark = commentPoll.dark
export const CommentPollRtl = commentPoll.rtl
export const CommentPollDarkRtl = commentPoll.darkRtl

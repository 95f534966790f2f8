import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { CommentsCard } from '@/features/comments/components/comments-card'
import { auth } from '@/stores/auth'
import { ok } from '../../support/api'
import { withOverlays } from '../../support/decorators'
import { modes } from '../../support/modes'
import { signIn } from '../../support/session'
import { translations } from '../../support/i18n'
import { hideFlowSpies, otherNumber } from './support'

/** The first-comment flag of SPEC.md section 4: set once the user's first comment is posted, kept in local storage. */
const meta = {
  title: 'Comments/First comment',
  component: CommentsCard,
  decorators: [withOverlays],
  args: { hideFlows: hideFlowSpies() },
} satisfies Meta<typeof CommentsCard>
export default meta
type Story = StoryObj<typeof meta>

let posted = 0
const firstStory = modes<Story>({
  args: { data: otherNumber() },
  parameters: {
    api: {
      'GET /api/v7/comment/list': ok({ items: [], total: 0 }),
      'POST /api/v7/comment/add': () => {
        posted++
        return ok({ id: 70, created: true })
      },
    },
  },
  beforeEach: () => {
    posted = 0
    signIn()
  },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const card = within(canvasElement)
    await expect(await card.findByText(LL.comments.empty())).toBeVisible()
    // Nothing posted yet: the flag is off.
    await expect(auth.firstComment).toBe(false)
    await expect(window.localStorage.getItem('firstComment')).toBeNull()
    await userEvent.type(card.getByRole('textbox', { name: LL.comments.addTitle() }), 'Robocall about a parcel.')
    await userEvent.click(card.getByRole('button', { name: LL.comments.post() }))
    await waitFor(() => expect(posted).toBe(1))
    await waitFor(() => expect(auth.firstComment).toBe(true))
    await expect(window.localStorage.getItem('firstComment')).toBe('1')
  },
})
export const FirstComment = firstStory.light
export const FirstCommentDark = firstStory.dark
export const FirstCommentRtl = firstStory.rtl
export const FirstCommentDarkRtl = firstStory.darkRtl

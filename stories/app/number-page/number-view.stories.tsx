import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { NumberView } from '@/app/number-page/number-view'
import { phone } from '@/lib/phone'
import { ok } from '../../support/api'
import { comments, quietNumber, richNumber } from '../../support/fixtures'
import { modes } from '../../support/modes'
import { signIn } from '../../support/session'
import { translations } from '../../support/i18n'

const COMMENTS = 'GET /api/v7/comment/list'

/** What a signed-in user sees of a number: summary, tags, evidence, comments and a private note. */
const meta = { title: 'Number/Number view', component: NumberView, beforeEach: () => signIn() } satisfies Meta<typeof NumberView>
export default meta
type Story = StoryObj<typeof meta>

const richStory = modes<Story>({
  args: { data: richNumber() },
  parameters: { api: { [COMMENTS]: ok({ items: comments(), total: 2 }), 'GET /api/v6/contacts/by-phone': ok({ contacts: [] }) } },
  play: async ({ canvasElement, globals, args }) => {
    const LL = translations(globals)
    const view = within(canvasElement)
    await expect(view.getByTestId('number-international')).toHaveTextContent(phone.formatInternational(args.data.phone.number))
    await expect(view.getByTestId('number-name')).toHaveTextContent('Prize Department')
    const meter = view.getByRole('meter', { name: LL.number.reputation() })
    await expect(meter).toHaveAttribute('aria-valuenow', '1.4')
    await expect(view.getByText(LL.number.ratingUnwanted())).toBeVisible()
    const tags = within(view.getByRole('heading', { name: LL.number.tags() }).parentElement!)
    await expect(tags.getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual([
      LL.tags.robot(),
      LL.tags.fraud(),
      LL.tags.advertising(),
      LL.tags.imposter(),
      LL.tags.bank(),
    ])
    // Evidence is listed strongest first.
    const evidence = within(view.getByTestId('evidence')).getAllByRole('listitem')
    await expect(evidence).toHaveLength(4)
    await expect(evidence[0]).toHaveTextContent('PhoneBlock')
    // Comments load on their own; replies stay folded behind a button.
    const list = within(await view.findByTestId('comments'))
    await expect(await list.findByText(comments()[0].text)).toBeVisible()
    await expect(list.getAllByTestId('comment')).toHaveLength(2)
    // Dates use the same Latin digits as every count on the page, in Arabic too.
    for (const time of canvasElement.querySelectorAll('time')) await expect(time.textContent).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/)
    // An author's name leads to their profile.
    await expect(list.getByRole('link', { name: 'Dana K.' })).toHaveAttribute('href', '/profile/30')
    await expect(list.getByRole('button', { name: LL.comments.showReplies({ count: 1 }) })).toHaveAttribute('aria-expanded', 'false')
  },
})
export const RichData = richStory.light
export const RichDataDark = richStory.dark
export const RichDataRtl = richStory.rtl
export const RichDataDarkRtl = richStory.darkRtl

const quietStory = modes<Story>({
  args: { data: quietNumber() },
  parameters: { api: { [COMMENTS]: ok({ items: [], total: 0 }), 'GET /api/v6/contacts/by-phone': ok({ contacts: [] }) } },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const view = within(canvasElement)
    await expect(view.getByTestId('number-name')).toHaveTextContent(LL.number.unknownName())
    await expect(view.getByText(LL.number.noTags())).toBeVisible()
    await expect(view.getByText(LL.number.noEvidence())).toBeVisible()
    await expect(view.getByText(LL.number.ratingNeutral())).toBeVisible()
    await expect(view.getAllByText(LL.number.unknown())).toHaveLength(2)
    // The comments render as they come near the screen (ADR 0041): scrolled to, as a reader would.
    view.getByRole('region', { name: LL.comments.title() }).scrollIntoView()
    await expect(await within(await view.findByTestId('comments')).findByText(LL.comments.empty())).toBeVisible()
  },
})
export const NoEvidence = quietStory.light
export const NoEvidenceDark = quietStory.dark
export const NoEvidenceRtl = quietStory.rtl
export const NoEvidenceDarkRtl = quietStory.darkRtl

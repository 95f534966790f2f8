import { useState } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import type { ModerationQueueItem } from '@contract/api/community'
import type { MyProfile } from '@contract/api/account'
import { ModerationPage, type QueueView } from '@/features/moderation/components/moderation-page'
import { ltr } from '@/components/ui/phone-text'
import { phone } from '@/lib/phone'
import { fail, ok, PENDING, type ApiTable, type Reply } from '../../support/api'
import { STORY_NOW } from '../../support/clock'
import { withAppShell } from '../../support/decorators'
import { MY_NUMBER, SCAM_DIGITS } from '../../support/fixtures'
import { modes } from '../../support/modes'
import { signIn } from '../../support/session'
import { translations } from '../../support/i18n'

/** The page with its address state kept in the story, as the route keeps it in the URL. */
function Moderation(props: Partial<QueueView>) {
  const [view, setView] = useState<QueueView>({
    queue: props.queue ?? 'cases',
    status: props.status ?? 'open',
    kind: props.kind ?? 'all',
    page: props.page ?? 1,
  })
  return <ModerationPage {...view} onNavigate={setView} />
}

const meta = {
  title: 'Pages/Moderation',
  component: Moderation,
  decorators: [withAppShell],
  parameters: { layout: 'fullscreen', route: '/moderation' },
  beforeEach: () => {
    signIn()
    calls.length = 0
    removed = false
  },
} satisfies Meta<typeof Moderation>
export default meta
type Story = StoryObj<typeof meta>
type LL = ReturnType<typeof translations>

// What the stories' fake server was asked, and whether the story's text was removed.
const calls: Array<{ path: string; body: URLSearchParams }> = []
let removed = false

const minutesAgo = (m: number) => Math.floor(STORY_NOW / 1000) - m * 60
const NUMBER = `+${SCAM_DIGITS}`
const shownNumber = ltr(phone.formatInternational(NUMBER))

function me(role: MyProfile['role']): MyProfile {
  return {
    profileId: 7,
    phoneNumber: MY_NUMBER,
    firstName: null,
    lastName: null,
    role,
    balance: 12,
    locale: 'en',
    antispy: false,
    profileGoing: true,
    overlimit: false,
    isPro: false,
    planTier: null,
    createdAtTimestamp: minutesAgo(60 * 24 * 90),
  }
}

const REPORTED = 'Call me back on +1 201 555 0199 <b>now</b> or else.'
const COMPLAINED = 'They are scammers, all of them. Do not pick up!'
const EARLIER = 'מתקשרים כל יום, נוכלים.'
const COMPLAINT_MESSAGE = 'Name: Jo Doe\nEmail: jo@example.com\nMessage: This comment names my company and is false.'

function reportItem(): ModerationQueueItem {
  return {
    kind: 'report',
    id: 41,
    targetType: 'comment',
    targetId: 11,
    text: 'Threatening and spam',
    createdAtTimestamp: minutesAgo(95),
    reporter: { profileId: 31, name: null, email: null },
    extra: null,
    status: 'open',
    resolvedAtTimestamp: null,
    target: {
      text: REPORTED,
      authorId: 30,
      phoneNumber: NUMBER,
      commentId: 11,
      removed: false,
      authorName: 'Dana K.',
      removalsAfterComplaint: 0,
      postingBanned: false,
    },
    log: [],
  }
}

function complaintItem(): ModerationQueueItem {
  return {
    kind: 'complaint',
    id: 17,
    targetType: 'comment',
    targetId: 12,
    text: COMPLAINT_MESSAGE,
    createdAtTimestamp: minutesAgo(40),
    reporter: { profileId: null, name: 'Jo Doe', email: 'jo@example.com' },
    extra: null,
    status: 'open',
    resolvedAtTimestamp: null,
    target: {
      text: COMPLAINED,
      authorId: 29,
      phoneNumber: NUMBER,
      commentId: 12,
      removed: false,
      authorName: null,
      removalsAfterComplaint: 1,
      postingBanned: false,
    },
    log: [
      { id: 3, action: 'remove', moderatorId: 5, createdAtTimestamp: minutesAgo(60 * 26), status: null, reason: 'insult', before: EARLIER },
    ],
  }
}

function resolvedItem(): ModerationQueueItem {
  const item = complaintItem()
  return {
    ...item,
    status: 'resolved',
    resolvedAtTimestamp: minutesAgo(10),
    target: { ...item.target!, removed: true, removalsAfterComplaint: 2, postingBanned: true },
    log: [
      ...item.log,
      { id: 9, action: 'remove', moderatorId: 7, createdAtTimestamp: minutesAgo(10), status: null, reason: null, before: COMPLAINED },
    ],
  }
}

/** Answers `reply`, noting the call and its form body. */
const recorded = (path: string, reply: () => Reply) => (_url: URL, init?: RequestInit) => {
  calls.push({ path, body: new URLSearchParams(String(init?.body ?? '')) })
  return reply()
}

/** A moderator's API: the queue, and the actions with what they answer. */
function moderatorApi(queue: ApiTable[string], extra: ApiTable = {}): ApiTable {
  return { 'GET /api/v6/profile/my': ok(me('moderator')), 'GET /api/v6/moderation/queue': queue, ...extra }
}

const openQueue = () => ok({ items: [reportItem(), complaintItem()], total: 2 })

async function expectItems(canvas: HTMLElement, LL: LL) {
  const page = within(canvas)
  const report = await page.findByRole('article', { name: LL.moderation.itemHeading({ kind: LL.moderation.report(), id: 41 }) })
  const complaint = page.getByRole('article', { name: LL.moderation.itemHeading({ kind: LL.moderation.complaint(), id: 17 }) })
  return { page, report: within(report), complaint: within(complaint) }
}

const queueStory = modes<Story>({
  parameters: { api: moderatorApi(openQueue()) },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const { page, report, complaint } = await expectItems(canvasElement, LL)
    await expect(page.getByRole('heading', { level: 1, name: LL.moderation.title() })).toBeVisible()
    await expect(page.getByRole('button', { name: LL.moderation.open() })).toHaveAttribute('aria-pressed', 'true')
    // The reported text is shown as text, markup and all, in its own direction.
    const text = report.getByText(REPORTED)
    await expect(text).toHaveAttribute('dir', 'auto')
    await expect(report.getByText(LL.moderation.onNumber({ number: shownNumber }))).toBeVisible()
    await expect(report.getByText(LL.moderation.author({ name: 'Dana K.' }))).toBeVisible()
    await expect(report.getByText('Threatening and spam')).toBeVisible()
    await expect(report.getByText(LL.moderation.from({ who: LL.moderation.userNumber({ id: 31 }) }))).toBeVisible()
    for (const name of [LL.moderation.remove(), LL.moderation.edit(), LL.moderation.resolve(), LL.moderation.reject()]) {
      await expect(report.getByRole('button', { name })).toBeVisible()
    }
    // The complaint form's combined message keeps its lines; the author has one removal already.
    await expect(complaint.getByText(/Message: This comment names my company/).textContent).toBe(COMPLAINT_MESSAGE)
    await expect(complaint.getByText(COMPLAINED)).toBeVisible()
    await expect(complaint.getByText(LL.moderation.author({ name: LL.moderation.userNumber({ id: 29 }) }))).toBeVisible()
    await expect(complaint.getByText(LL.moderation.standing({ count: 1 }))).toBeVisible()
    await expect(complaint.getByText(LL.moderation.logRemoveReason({ id: 5, reason: 'insult' }))).toBeVisible()
    // What the removed text said, in its own direction (here right to left).
    await expect(complaint.getByText(EARLIER)).toHaveAttribute('dir', 'auto')
    await expect(
      complaint.getByText(LL.moderation.fromAnonymous({ name: 'Jo Doe', email: 'jo@example.com' }), { exact: false }),
    ).toBeVisible()
    await expect(page.getByText(LL.moderation.range({ from: 1, to: 2, total: 2 }))).toBeVisible()
    await expect(page.getByRole('button', { name: LL.moderation.next() })).toBeDisabled()
  },
})
export const Queue = queueStory.light
export const QueueDark = queueStory.dark
export const QueueRtl = queueStory.rtl
export const QueueDarkRtl = queueStory.darkRtl

/** Only complaints: the filter asks the server for that kind and says which one is on. */
const kindStory = modes<Story>({
  parameters: {
    api: moderatorApi((url) => {
      const kind = url.searchParams.get('kind')
      const items = kind === 'complaint' ? [complaintItem()] : kind === 'report' ? [reportItem()] : [reportItem(), complaintItem()]
      return ok({ items, total: items.length })
    }),
  },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    const kinds = await page.findByRole('group', { name: LL.moderation.kindFilter() })
    await expect(within(kinds).getByRole('button', { name: LL.moderation.kindAll() })).toHaveAttribute('aria-pressed', 'true')
    await expect(await page.findAllByRole('article')).toHaveLength(2)
    await userEvent.click(within(kinds).getByRole('button', { name: LL.moderation.kindComplaints() }))
    await expect(within(kinds).getByRole('button', { name: LL.moderation.kindComplaints() })).toHaveAttribute('aria-pressed', 'true')
    await waitFor(async () => expect(page.getAllByRole('article')).toHaveLength(1))
    await expect(page.getByText(COMPLAINED)).toBeVisible()
    expect(page.queryByText(REPORTED)).toBeNull()
  },
})
export const OnlyComplaints = kindStory.light
export const OnlyComplaintsDark = kindStory.dark
export const OnlyComplaintsRtl = kindStory.rtl
export const OnlyComplaintsDarkRtl = kindStory.darkRtl

const pagedStory = modes<Story>({
  parameters: {
    api: moderatorApi((url) => {
      const offset = Number(url.searchParams.get('offset'))
      return ok({ items: offset === 0 ? [reportItem()] : [complaintItem()], total: 25 })
    }),
  },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(await page.findByText(LL.moderation.range({ from: 1, to: 1, total: 25 }))).toBeVisible()
    await expect(page.getByRole('button', { name: LL.moderation.previous() })).toBeDisabled()
    await userEvent.click(page.getByRole('button', { name: LL.moderation.next() }))
    await expect(await page.findByText(LL.moderation.range({ from: 21, to: 21, total: 25 }))).toBeVisible()
    await expect(page.getByRole('article', { name: LL.moderation.itemHeading({ kind: LL.moderation.complaint(), id: 17 }) })).toBeVisible()
    await expect(page.getByRole('button', { name: LL.moderation.next() })).toBeDisabled()
  },
})
export const Paged = pagedStory.light
export const PagedDark = pagedStory.dark
export const PagedRtl = pagedStory.rtl
export const PagedDarkRtl = pagedStory.darkRtl

const pastEndStory = modes<Story>({
  args: { page: 3 },
  parameters: {
    api: moderatorApi((url) => ok({ items: url.searchParams.get('offset') === '20' ? [complaintItem()] : [], total: 21 })),
  },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    // An address past the end (its items were closed meanwhile) shows the last page instead.
    await expect(
      await page.findByRole('article', { name: LL.moderation.itemHeading({ kind: LL.moderation.complaint(), id: 17 }) }),
    ).toBeVisible()
    await expect(page.getByText(LL.moderation.range({ from: 21, to: 21, total: 21 }))).toBeVisible()
    await expect(page.queryByText(LL.moderation.emptyOpen())).toBeNull()
  },
})
export const PastTheEnd = pastEndStory.light
export const PastTheEndDark = pastEndStory.dark
export const PastTheEndRtl = pastEndStory.rtl
export const PastTheEndDarkRtl = pastEndStory.darkRtl

const emptyStory = modes<Story>({
  parameters: { api: moderatorApi(ok({ items: [], total: 0 })) },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(await page.findByText(LL.moderation.emptyOpen())).toBeVisible()
    await expect(page.queryByRole('article')).toBeNull()
    await expect(page.queryByRole('navigation', { name: LL.moderation.pages() })).toBeNull()
  },
})
export const Empty = emptyStory.light
export const EmptyDark = emptyStory.dark
export const EmptyRtl = emptyStory.rtl
export const EmptyDarkRtl = emptyStory.darkRtl

const loadingStory = modes<Story>({
  parameters: { api: moderatorApi(PENDING) },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    // The role is known (the filter shows); the queue is still on its way.
    await expect(await page.findByRole('group', { name: LL.moderation.filter() })).toBeVisible()
    await expect(page.getByText(LL.app.loading())).toBeInTheDocument()
    await expect(page.queryByRole('article')).toBeNull()
  },
})
export const Loading = loadingStory.light
export const LoadingDark = loadingStory.dark
export const LoadingRtl = loadingStory.rtl
export const LoadingDarkRtl = loadingStory.darkRtl

const errorStory = modes<Story>({
  parameters: { api: moderatorApi(fail(500)) },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    const alert = await page.findByRole('alert')
    await expect(alert).toHaveTextContent(LL.moderation.loadError())
    await expect(within(alert).getByRole('button', { name: LL.app.retry() })).toBeVisible()
  },
})
export const LoadError = errorStory.light
export const LoadErrorDark = errorStory.dark
export const LoadErrorRtl = errorStory.rtl
export const LoadErrorDarkRtl = errorStory.darkRtl

const editingStory = modes<Story>({
  parameters: { api: moderatorApi(openQueue()) },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const { report } = await expectItems(canvasElement, LL)
    await userEvent.click(report.getByRole('button', { name: LL.moderation.edit() }))
    const field = report.getByRole('textbox', { name: LL.moderation.editLabel() })
    await expect(field).toHaveValue(REPORTED)
    await expect(field).toHaveFocus()
    await expect(report.getByRole('button', { name: LL.moderation.save() })).toBeEnabled()
    await expect(report.getByRole('button', { name: LL.moderation.cancel() })).toBeVisible()
    // While editing, the other actions wait.
    await expect(report.queryByRole('button', { name: LL.moderation.remove() })).toBeNull()
  },
})
export const Editing = editingStory.light
export const EditingDark = editingStory.dark
export const EditingRtl = editingStory.rtl
export const EditingDarkRtl = editingStory.darkRtl

const editedStory = modes<Story>({
  parameters: {
    api: moderatorApi(openQueue(), {
      'POST /api/v6/moderation/edit': recorded('edit', () => ok(undefined)),
    }),
  },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const { page, report } = await expectItems(canvasElement, LL)
    await userEvent.click(report.getByRole('button', { name: LL.moderation.edit() }))
    const field = report.getByRole('textbox', { name: LL.moderation.editLabel() })
    await userEvent.clear(field)
    await userEvent.type(field, 'Call me back.')
    await userEvent.click(report.getByRole('button', { name: LL.moderation.save() }))
    await waitFor(() => expect(page.getByText(LL.moderation.edited())).toBeVisible())
    await expect(calls.map((c) => [c.path, c.body.get('target_type'), c.body.get('target_id'), c.body.get('text')])).toEqual([
      ['edit', 'comment', '11', 'Call me back.'],
    ])
    await expect(report.queryByRole('textbox')).toBeNull()
  },
})
export const EditSaved = editedStory.light
export const EditSavedDark = editedStory.dark
export const EditSavedRtl = editedStory.rtl
export const EditSavedDarkRtl = editedStory.darkRtl

const removedStory = modes<Story>({
  parameters: {
    api: moderatorApi(() => ok(removed ? { items: [reportItem()], total: 1 } : { items: [reportItem(), complaintItem()], total: 2 }), {
      'POST /api/v6/moderation/remove': recorded('remove', () => {
        removed = true
        return ok({ removed: true, removalsAfterComplaint: 2, postingBanned: true })
      }),
    }),
  },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const { page, complaint } = await expectItems(canvasElement, LL)
    await userEvent.click(complaint.getByRole('button', { name: LL.moderation.remove() }))
    await expect(complaint.getByText(LL.moderation.removeConfirm())).toBeVisible()
    // The reason goes with the removal, into the item's log.
    await userEvent.type(complaint.getByLabelText(LL.moderation.reasonLabel()), 'Names a private person')
    await userEvent.click(complaint.getByRole('button', { name: LL.moderation.removeYes() }))
    const outcome = LL.moderation.removedBanned({ number: shownNumber, count: 2 })
    await waitFor(() => expect(page.getByText(outcome)).toBeVisible())
    // The outcome is announced and takes focus, as the item leaves the open list.
    await expect(page.getByText(outcome)).toHaveAttribute('role', 'status')
    await expect(page.getByText(outcome)).toHaveFocus()
    await waitFor(() =>
      expect(page.queryByRole('article', { name: LL.moderation.itemHeading({ kind: LL.moderation.complaint(), id: 17 }) })).toBeNull(),
    )
    await expect(
      calls.map((c) => [c.path, c.body.get('target_type'), c.body.get('target_id'), c.body.get('complaint_id'), c.body.get('reason')]),
    ).toEqual([['remove', 'comment', '12', '17', 'Names a private person']])
  },
})
export const AfterRemovalBanned = removedStory.light
export const AfterRemovalBannedDark = removedStory.dark
export const AfterRemovalBannedRtl = removedStory.rtl
export const AfterRemovalBannedDarkRtl = removedStory.darkRtl

const refusedActionStory = modes<Story>({
  parameters: { api: moderatorApi(openQueue(), { 'POST /api/v6/moderation/resolve': fail(409, 3102, 'This report is already resolved') }) },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const { report } = await expectItems(canvasElement, LL)
    await userEvent.click(report.getByRole('button', { name: LL.moderation.resolve() }))
    await expect(await report.findByRole('alert')).toHaveTextContent(LL.apiError.code.CONFLICT())
  },
})
export const ActionRefused = refusedActionStory.light
export const ActionRefusedDark = refusedActionStory.dark
export const ActionRefusedRtl = refusedActionStory.rtl
export const ActionRefusedDarkRtl = refusedActionStory.darkRtl

const resolvedStory = modes<Story>({
  args: { status: 'closed' },
  parameters: {
    api: moderatorApi((url) =>
      ok(url.searchParams.get('status') === 'closed' ? { items: [resolvedItem()], total: 1 } : { items: [], total: 0 }),
    ),
  },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    const item = within(await page.findByRole('article', { name: LL.moderation.itemHeading({ kind: LL.moderation.complaint(), id: 17 }) }))
    await expect(page.getByRole('button', { name: LL.moderation.closed() })).toHaveAttribute('aria-pressed', 'true')
    await expect(item.getByText(LL.moderation.banned())).toBeVisible()
    // Exactly as rendered: an untranslated plural can leave doubled spaces that text matching would fold.
    const standing = LL.moderation.standing({ count: 2 })
    await expect(item.getByText((_, el) => el?.tagName === 'SPAN' && el.textContent === standing)).toBeVisible()
    await expect(item.getByText(LL.moderation.textRemoved())).toBeVisible()
    await expect(item.getByText(LL.moderation.logRemove({ id: 7 }))).toBeVisible()
    await expect(item.getAllByText(LL.moderation.logBefore())).toHaveLength(2)
    // A closed item offers no actions.
    await expect(item.queryByRole('button')).toBeNull()
  },
})
export const Resolved = resolvedStory.light
export const ResolvedDark = resolvedStory.dark
export const ResolvedRtl = resolvedStory.rtl
export const ResolvedDarkRtl = resolvedStory.darkRtl

const notAllowedStory = modes<Story>({
  parameters: {
    api: {
      'GET /api/v6/profile/my': ok(me('user')),
      'GET /api/v6/moderation/queue': recorded('queue', () => fail(403, 1403, 'Only moderators')),
    },
  },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    const alert = await page.findByRole('alert')
    await expect(within(alert).getByRole('heading', { name: LL.moderation.notAllowedTitle() })).toBeVisible()
    await expect(page.queryByRole('group', { name: LL.moderation.filter() })).toBeNull()
    // The queue is never asked for.
    await expect(calls).toEqual([])
  },
})
export const NotAllowed = notAllowedStory.light
export const NotAllowedDark = notAllowedStory.dark
export const NotAllowedRtl = notAllowedStory.rtl
export const NotAllowedDarkRtl = notAllowedStory.darkRtl

const NAME = 'Lying Scammer'
const NAME_HASH = 'c0ffee00c0ffee00c0ffee00c0ffee00'

/** A report about a contact name (issue 33): the name the number shows, no single author. */
function nameItem(): ModerationQueueItem {
  return {
    kind: 'report',
    id: 52,
    targetType: 'contact',
    targetId: null,
    text: 'An insult, not a name',
    createdAtTimestamp: minutesAgo(30),
    reporter: { profileId: 31, name: null, email: null },
    extra: { name_hash: NAME_HASH, first_name: 'Lying', last_name: 'Scammer' },
    status: 'open',
    resolvedAtTimestamp: null,
    target: {
      text: NAME,
      authorId: null,
      phoneNumber: NUMBER,
      commentId: null,
      removed: false,
      authorName: null,
      removalsAfterComplaint: 0,
      postingBanned: false,
    },
    log: [],
  }
}

/** A reported contact name is removed like a comment: the number and the name's hash go to the server with the report. */
const nameStory = modes<Story>({
  parameters: {
    api: moderatorApi(() => ok({ items: removed ? [] : [nameItem()], total: removed ? 0 : 1 }), {
      'POST /api/v6/moderation/remove': recorded('remove', () => {
        removed = true
        return ok({ removed: true, removalsAfterComplaint: 0, postingBanned: false })
      }),
    }),
  },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    const item = within(await page.findByRole('article', { name: LL.moderation.itemHeading({ kind: LL.moderation.report(), id: 52 }) }))
    await expect(item.getByRole('heading', { name: LL.moderation.reportedName() })).toBeVisible()
    await expect(item.getByText(LL.moderation.onNumber({ number: shownNumber }))).toBeVisible()
    expect(item.queryByText(LL.moderation.noText())).toBeNull()
    await userEvent.click(item.getByRole('button', { name: LL.moderation.remove() }))
    await expect(item.getByText(LL.moderation.removeNameConfirm())).toBeVisible()
    await userEvent.click(item.getByRole('button', { name: LL.moderation.removeYes() }))
    await expect(await page.findByText(LL.moderation.nameRemoved({ number: shownNumber }))).toBeVisible()
    const call = calls.find((c) => c.path === 'remove')!
    expect(Object.fromEntries(call.body)).toMatchObject({ target_type: 'contact', phone: NUMBER, name_hash: NAME_HASH, report_id: '52' })
  },
})
export const ContactName = nameStory.light
export const ContactNameDark = nameStory.dark
export const ContactNameRtl = nameStory.rtl
export const ContactNameDarkRtl = nameStory.darkRtl

import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, waitFor, within } from 'storybook/test'
import type { ContactName } from '@contract/api/numbers'
import { ContactsCard } from '@/features/contacts/components/contacts-card'
import { PENDING, fail, ok, type Reply } from '../../support/api'
import { richNumber } from '../../support/fixtures'
import { storyLocale, translations } from '../../support/i18n'
import { modes } from '../../support/modes'
import { findDialog } from '../../support/queries'
import { withOverlays } from '../../support/decorators'
import { signIn } from '../../support/session'
import { contactNames, UPLOAD_WITH_SKIPS } from './fixtures'

const LIST = 'GET /api/v6/contacts/by-phone'
const LIKE = 'POST /api/v6/contacts/like'
const REPORT = 'POST /api/v6/report/contact'
const BY_PROFILE = {
  list: 'GET /api/v6/contacts/by-profile',
  like: 'POST /api/v6/contacts/like-by-profile',
  report: 'POST /api/v6/report/contact-by-profile',
}
const UPLOAD = 'POST /api/v6/contacts/upload'

/** "Saved in contacts as": names of the number in users' contact books, votes, reports, and the viewer's own upload. */
const meta = {
  title: 'Contacts/Contacts card',
  component: ContactsCard,
  decorators: [withOverlays],
  beforeEach: () => signIn(),
  args: { of: { phone: richNumber().phone.number }, onComplain: fn() },
} satisfies Meta<typeof ContactsCard>
export default meta
type Story = StoryObj<typeof meta>

/** A score as the card formats it in the story's language. */
const score = (globals: Record<string, unknown>, n: number) =>
  new Intl.NumberFormat(storyLocale(globals), { signDisplay: 'exceptZero', numberingSystem: 'latn' }).format(n)

const card = (canvasElement: HTMLElement, LL: ReturnType<typeof translations>) =>
  within(within(canvasElement).getByRole('region', { name: LL.contacts.title() }))

const listStory = modes<Story>({
  parameters: { api: { [LIST]: ok({ contacts: contactNames() }) } },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const view = card(canvasElement, LL)
    const items = await view.findAllByTestId('contact-name')
    await expect(items).toHaveLength(3)
    const first = within(items[0])
    await expect(first.getByTestId('contact-name-text')).toHaveTextContent('Prize Department')
    await expect(first.getByText(LL.contacts.savedBy({ count: 4 }))).toBeVisible()
    await expect(first.getByText(LL.contacts.score({ score: score(globals, 2) }))).toBeVisible()
    await expect(first.getByRole('button', { name: LL.contacts.like({ count: 3 }) })).toHaveAttribute('aria-pressed', 'false')
    await expect(first.getByRole('button', { name: LL.contacts.report() })).toBeVisible()
    await expect(within(items[1]).getByText(LL.contacts.savedBy({ count: 1 }))).toBeVisible()
    // A name in another script keeps its own direction.
    await expect(within(items[2]).getByTestId('contact-name-text')).toHaveAttribute('dir', 'auto')
    await expect(within(items[2]).getByText(LL.contacts.score({ score: score(globals, -1) }))).toBeVisible()
    // The upload is the viewer's own book, explained and labelled with its accepted types.
    const file = view.getByLabelText(LL.contacts.uploadLabel())
    await expect(file).toHaveAttribute('accept', expect.stringContaining('.vcf'))
    await expect(file).toHaveAccessibleDescription(LL.contacts.uploadHint())
    await expect(view.getByText(LL.contacts.uploadIntro())).toBeVisible()
  },
})
export const WithNames = listStory.light
export const WithNamesDark = listStory.dark
export const WithNamesRtl = listStory.rtl
export const WithNamesDarkRtl = listStory.darkRtl

const emptyStory = modes<Story>({
  parameters: { api: { [LIST]: ok({ contacts: [] }) } },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const view = card(canvasElement, LL)
    await expect(await view.findByText(LL.contacts.empty())).toBeVisible()
    await expect(view.queryAllByTestId('contact-name')).toHaveLength(0)
  },
})
export const Empty = emptyStory.light
export const EmptyDark = emptyStory.dark
export const EmptyRtl = emptyStory.rtl
export const EmptyDarkRtl = emptyStory.darkRtl

const loadingStory = modes<Story>({
  parameters: { api: { [LIST]: PENDING } },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    // The spinner's status names what is loading.
    await expect(card(canvasElement, LL).getByText(LL.contacts.loading()).parentElement).toHaveAttribute('role', 'status')
  },
})
export const Loading = loadingStory.light
export const LoadingDark = loadingStory.dark
export const LoadingRtl = loadingStory.rtl
export const LoadingDarkRtl = loadingStory.darkRtl

const errorStory = modes<Story>({
  parameters: { api: { [LIST]: fail(500) } },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const view = card(canvasElement, LL)
    await expect(await view.findByRole('alert')).toHaveTextContent(LL.contacts.error())
    await expect(view.getByRole('button', { name: LL.app.retry() })).toBeVisible()
  },
})
export const LoadError = errorStory.light
export const LoadErrorDark = errorStory.dark
export const LoadErrorRtl = errorStory.rtl
export const LoadErrorDarkRtl = errorStory.darkRtl

/** The server answers a vote with the name's new counts. */
function likeReply(url: URL, init?: RequestInit): Reply {
  const body = new URLSearchParams(String(init?.body ?? ''))
  const base = contactNames().find((c) => c.name_hash === body.get('name_hash'))!
  const add = body.get('action_type') === 'ADD'
  const next: ContactName =
    body.get('like_type') === 'LIKE'
      ? { ...base, likes: base.likes + (add ? 1 : 0), hasLike: add, hasDislike: false }
      : { ...base, dislikes: base.dislikes + (add ? 1 : 0), hasDislike: add, hasLike: false }
  void url
  return ok({ ...next, reviewResult: next.likes - next.dislikes })
}

const likedStory = modes<Story>({
  parameters: { api: { [LIST]: ok({ contacts: contactNames() }), [LIKE]: likeReply } },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const first = within((await card(canvasElement, LL).findAllByTestId('contact-name'))[0])
    await userEvent.click(first.getByRole('button', { name: LL.contacts.like({ count: 3 }) }))
    const liked = await first.findByRole('button', { name: LL.contacts.like({ count: 4 }) })
    await expect(liked).toHaveAttribute('aria-pressed', 'true')
    await expect(first.getByText(LL.contacts.score({ score: score(globals, 3) }))).toBeVisible()
    await expect(first.getByRole('button', { name: LL.contacts.dislike({ count: 1 }) })).toHaveAttribute('aria-pressed', 'false')
  },
})
export const Liked = likedStory.light
export const LikedDark = likedStory.dark
export const LikedRtl = likedStory.rtl
export const LikedDarkRtl = likedStory.darkRtl

const seen: { report: URLSearchParams | null; file: FormDataEntryValue | null } = { report: null, file: null }
const reportStory = modes<Story>({
  parameters: {
    api: {
      [LIST]: ok({ contacts: contactNames() }),
      [REPORT]: (_url: URL, init?: RequestInit) => {
        seen.report = new URLSearchParams(String(init?.body ?? ''))
        return ok({ id: 7, status: 'open' })
      },
    },
  },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    seen.report = null
    const first = within((await card(canvasElement, LL).findAllByTestId('contact-name'))[0])
    await userEvent.click(first.getByRole('button', { name: LL.contacts.report() }))
    const dialog = within(await findDialog({ name: LL.contacts.reportTitle() }))
    // The complaint option is offered and off by default.
    await expect(dialog.getByRole('switch', { name: LL.complaints.complainToggle() })).not.toBeChecked()
    // A report is sent, not deleted: a normal confirm button named for it, no red Delete.
    await expect(dialog.queryByRole('button', { name: LL.complaints.delete() })).toBeNull()
    const send = dialog.getByRole('button', { name: LL.contacts.reportConfirm() })
    await expect(send).not.toHaveClass('bg-danger')
    await userEvent.click(send)
    const sent = await findDialog({ name: LL.contacts.reportSentTitle() })
    await expect(sent).toHaveAccessibleDescription(LL.contacts.reportSentText())
    await waitFor(() => expect(seen.report?.get('name_hash')).toBe('a'.repeat(32)))
    const body = seen.report as URLSearchParams | null
    await expect(body?.get('first_name')).toBe('Prize')
    await expect(body?.get('phone')).toBe(richNumber().phone.number)
  },
})
export const ReportConfirmation = reportStory.light
export const ReportConfirmationDark = reportStory.dark
export const ReportConfirmationRtl = reportStory.rtl
export const ReportConfirmationDarkRtl = reportStory.darkRtl

const VCARD = 'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Hotline;Prize;;;\r\nTEL:+12015550166\r\nEND:VCARD\r\n'
const uploadStory = modes<Story>({
  parameters: {
    api: {
      [LIST]: ok({ contacts: [] }),
      [UPLOAD]: (_url: URL, init?: RequestInit) => {
        seen.file = init?.body instanceof FormData ? init.body.get('file') : null
        return ok(UPLOAD_WITH_SKIPS, 300)
      },
    },
  },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    seen.file = null
    const view = card(canvasElement, LL)
    // Without a file the form says what is missing.
    await userEvent.click(view.getByRole('button', { name: LL.contacts.upload() }))
    await expect(view.getByRole('alert')).toHaveTextContent(LL.contacts.chooseFile())
    await userEvent.upload(view.getByLabelText(LL.contacts.uploadLabel()), new File([VCARD], 'contacts.vcf', { type: 'text/vcard' }))
    await userEvent.click(view.getByRole('button', { name: LL.contacts.upload() }))
    await expect(await view.findByRole('button', { name: LL.contacts.uploading() })).toBeDisabled()
    const report = within(await view.findByTestId('upload-report'))
    await expect(report.getByText(LL.contacts.read({ count: 7 }))).toBeVisible()
    await expect(report.getByText(LL.contacts.saved({ count: 3 }))).toBeVisible()
    const skipped = within(report.getByTestId('upload-skipped'))
      .getAllByRole('listitem')
      .map((li) => li.textContent)
    await expect(skipped).toEqual([
      LL.contacts.skipped({ count: 2, reason: LL.contacts.skipInvalidPhone() }),
      LL.contacts.skipped({ count: 1, reason: LL.contacts.skipNoName() }),
      LL.contacts.skipped({ count: 1, reason: LL.contacts.skipDuplicate() }),
    ])
    const file = seen.file as unknown
    await expect(file).toBeInstanceOf(File)
    await expect((file as File).name).toBe('contacts.vcf')
  },
})
export const UploadWithSkips = uploadStory.light
export const UploadWithSkipsDark = uploadStory.dark
export const UploadWithSkipsRtl = uploadStory.rtl
export const UploadWithSkipsDarkRtl = uploadStory.darkRtl

const uploadErrorStory = modes<Story>({
  parameters: { api: { [LIST]: ok({ contacts: [] }), [UPLOAD]: fail(400) } },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const view = card(canvasElement, LL)
    await userEvent.upload(
      view.getByLabelText(LL.contacts.uploadLabel()),
      new File(['not a contact book'], 'notes.csv', { type: 'text/csv' }),
    )
    await userEvent.click(view.getByRole('button', { name: LL.contacts.upload() }))
    await expect(await view.findByRole('alert')).toHaveTextContent(LL.contacts.uploadError())
    await expect(view.queryByTestId('upload-report')).toBeNull()
  },
})
export const UploadRefused = uploadErrorStory.light
export const UploadRefusedDark = uploadErrorStory.dark
export const UploadRefusedRtl = uploadErrorStory.rtl
export const UploadRefusedDarkRtl = uploadErrorStory.darkRtl

/** What the by-profile calls were asked. */
const byProfile: { list: URL | null; like: URLSearchParams | null; report: URLSearchParams | null } = {
  list: null,
  like: null,
  report: null,
}
const byProfileStory = modes<Story>({
  args: { of: { profileId: 12 } },
  parameters: {
    api: {
      // The by-phone calls are not there: a page opened by profile never asks by phone.
      [BY_PROFILE.list]: (url: URL) => {
        byProfile.list = url
        return ok({ contacts: contactNames() })
      },
      [BY_PROFILE.like]: (url: URL, init?: RequestInit) => {
        byProfile.like = new URLSearchParams(String(init?.body ?? ''))
        return likeReply(url, init)
      },
      [BY_PROFILE.report]: (_url: URL, init?: RequestInit) => {
        byProfile.report = new URLSearchParams(String(init?.body ?? ''))
        return ok({ id: 8, status: 'open' })
      },
    },
  },
  beforeEach: () => {
    Object.assign(byProfile, { list: null, like: null, report: null })
  },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const first = within((await card(canvasElement, LL).findAllByTestId('contact-name'))[0])
    await expect(byProfile.list?.searchParams.get('profile_id')).toBe('12')
    await expect(byProfile.list?.searchParams.has('phone')).toBe(false)
    await userEvent.click(first.getByRole('button', { name: LL.contacts.like({ count: 3 }) }))
    await expect(await first.findByRole('button', { name: LL.contacts.like({ count: 4 }) })).toHaveAttribute('aria-pressed', 'true')
    const like = byProfile.like as URLSearchParams | null
    await expect(Object.fromEntries(like ?? [])).toEqual({
      profile_id: '12',
      name_hash: 'a'.repeat(32),
      like_type: 'LIKE',
      action_type: 'ADD',
    })
    await userEvent.click(first.getByRole('button', { name: LL.contacts.report() }))
    const dialog = within(await findDialog({ name: LL.contacts.reportTitle() }))
    await userEvent.click(dialog.getByRole('button', { name: LL.contacts.reportConfirm() }))
    await expect(await findDialog({ name: LL.contacts.reportSentTitle() })).toBeVisible()
    const report = byProfile.report as URLSearchParams | null
    await expect(report?.get('profile_id')).toBe('12')
    await expect(report?.has('phone')).toBe(false)
    await expect(report?.get('name_hash')).toBe('a'.repeat(32))
  },
})
export const ByProfile = byProfileStory.light
export const ByProfileDark = byProfileStory.dark
export const ByProfileRtl = byProfileStory.rtl
export const ByProfileDarkRtl = byProfileStory.darkRtl

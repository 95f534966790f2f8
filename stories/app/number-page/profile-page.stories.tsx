import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { useLinkNotice } from '@/features/profile/link-notice'
import { ProfilePage } from '@/app/number-page/profile-page'
import { ltr } from '@/components/ui/phone-text'
import { phone } from '@/lib/phone'
import { fail, ok, PENDING } from '../../support/api'
import { withAppShell } from '../../support/decorators'
import { richNumber, SCAM_DIGITS } from '../../support/fixtures'
import { modes } from '../../support/modes'
import { signIn } from '../../support/session'
import { translations } from '../../support/i18n'
import { statusSaying, findDialog } from '../../support/queries'

const PROFILE = 'GET /api/v202505/profile/*'
// A page opened by profile asks for the number's names by profile (DESIGN.md section 3); by phone is not answered here.
const AROUND = { 'GET /api/v7/comment/list': ok({ items: [], total: 0 }), 'GET /api/v6/contacts/by-profile': ok({ contacts: [] }) }

/** A user's number page by profile id, as a comment author's name opens it. */
const meta = {
  title: 'Pages/Profile',
  component: ProfilePage,
  decorators: [withAppShell],
  args: { profileId: '12' },
  parameters: { layout: 'fullscreen', route: '/profile/12' },
  beforeEach: () => signIn(),
} satisfies Meta<typeof ProfilePage>
export default meta
type Story = StoryObj<typeof meta>

let asked: URL[] = []
const loaded = modes<Story>({
  beforeEach: () => {
    asked = []
  },
  parameters: {
    api: {
      ...AROUND,
      [PROFILE]: (url: URL) => {
        asked.push(url)
        return ok(richNumber())
      },
    },
  },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    const title = LL.profilePage.title({ number: ltr(phone.formatInternational(richNumber().phone.number)) })
    await expect(await page.findByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.getByTestId('number-name')).toHaveTextContent('Prize Department')
    await expect(page.getByRole('meter', { name: LL.number.reputation() })).toHaveAttribute('aria-valuenow', '1.4')
    await expect(asked[0].pathname).toBe('/api/v202505/profile/12')
    await expect(asked[0].searchParams.get('source')).toBe('FROM_COMMENTS')
    // The names come by profile id, and the profile (a registered owner's) can be complained about.
    // The names render as they come near the screen (ADR 0041): scrolled to, as a reader would.
    page.getByRole('region', { name: LL.contacts.title() }).scrollIntoView()
    await expect(await page.findByText(LL.contacts.empty())).toBeVisible()
    await expect(page.getByRole('button', { name: LL.complaints.complainProfile() })).toBeVisible()
  },
})
export const Loaded = loaded.light
export const LoadedDark = loaded.dark
export const LoadedRtl = loaded.rtl
export const LoadedDarkRtl = loaded.darkRtl

let complaint: URLSearchParams | null = null
const complainStory = modes<Story>({
  beforeEach: () => {
    complaint = null
  },
  parameters: {
    api: {
      ...AROUND,
      [PROFILE]: ok(richNumber()),
      'POST /api/v6/complaint/add': (_url: URL, init?: RequestInit) => {
        complaint = new URLSearchParams(String(init?.body ?? ''))
        return ok({ id: 4, status: 'accepted' })
      },
    },
  },
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await userEvent.click(await page.findByRole('button', { name: LL.complaints.complainProfile() }))
    const dialog = await findDialog({ name: LL.complaints.complainProfile() })
    await expect(dialog).toHaveAccessibleDescription(LL.complaints.profileDescription())
    const body = within(dialog)
    await userEvent.click(body.getByRole('button', { name: LL.complaints.claim_title() }))
    await userEvent.type(await body.findByLabelText(LL.complaints.name()), 'Jo Doe')
    await userEvent.type(body.getByLabelText(LL.complaints.email()), 'jo@example.com')
    await userEvent.type(body.getByLabelText(LL.complaints.profileMessage()), 'The name is an insult')
    await userEvent.click(body.getByRole('button', { name: LL.complaints.submit() }))
    await expect(await findDialog({ name: LL.complaints.afterTitle() })).toBeVisible()
    const sent = complaint as URLSearchParams | null
    await expect(sent?.get('target_type')).toBe('profile')
    await expect(sent?.get('profile_id')).toBe('12')
  },
})
export const ComplainAboutProfile = complainStory.light
export const ComplainAboutProfileDark = complainStory.dark
export const ComplainAboutProfileRtl = complainStory.rtl
export const ComplainAboutProfileDarkRtl = complainStory.darkRtl

const loading = modes<Story>({
  parameters: { api: { [PROFILE]: PENDING } },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(page.getByRole('heading', { level: 1, name: LL.profilePage.titleLoading() })).toBeVisible()
    await expect(statusSaying(page, LL.app.loading())).toHaveTextContent(LL.app.loading())
  },
})
export const Loading = loading.light
export const LoadingDark = loading.dark
export const LoadingRtl = loading.rtl
export const LoadingDarkRtl = loading.darkRtl

const failed = modes<Story>({
  parameters: { api: { [PROFILE]: fail(500) } },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(await page.findByRole('alert')).toHaveTextContent(LL.app.genericError())
    await expect(page.getByRole('button', { name: LL.app.retry() })).toBeVisible()
  },
})
export const LoadFailed = failed.light
export const LoadFailedDark = failed.dark
export const LoadFailedRtl = failed.rtl
export const LoadFailedDarkRtl = failed.darkRtl

const notFound = modes<Story>({
  parameters: { api: { [PROFILE]: fail(404, 404, 'No such profile') } },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(await page.findByText(LL.profilePage.notFound())).toBeVisible()
    await expect(page.getByText(LL.profilePage.notFoundText())).toBeVisible()
    await expect(page.getByRole('link', { name: LL.number.searchAgain() })).toHaveAttribute('href', '/search')
  },
})
export const NotFound = notFound.light
export const NotFoundDark = notFound.dark
export const NotFoundRtl = notFound.rtl
export const NotFoundDarkRtl = notFound.darkRtl

function LinkNoticeDemo() {
  useLinkNotice(SCAM_DIGITS)
  return null
}

const linkNotice = modes<Story>({
  parameters: { route: `/profile-no-check/${SCAM_DIGITS}` },
  render: () => <LinkNoticeDemo />,
  play: async ({ globals, userEvent }) => {
    const LL = translations(globals)
    // The number page opened from a link says so in a modal, once.
    const dialog = await findDialog({ name: LL.profilePage.linkTitle() })
    await expect(dialog).toHaveTextContent(phone.formatInternational(`+${SCAM_DIGITS}`))
    await userEvent.click(within(dialog).getByRole('button', { name: LL.profilePage.linkOk() }))
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull())
  },
})
export const OpenedFromLink = linkNotice.light
export const OpenedFromLinkDark = linkNotice.dark
export const OpenedFromLinkRtl = linkNotice.rtl
export const OpenedFromLinkDarkRtl = linkNotice.darkRtl

import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, waitFor, within } from 'storybook/test'
import { ERROR_CODES } from '@contract/errors'
import ModalContainer from '@/components/layout/modal-container'
import { openComplaint, openComplaintAfter } from '@/features/complaints'
import { legalPageHref } from '@/lib/site'
import type { TranslationFunctions } from '@i18n/i18n-types'
import type { Reply } from '../../support/api'
import { storyLocale, translations } from '../../support/i18n'
import { modes } from '../../support/modes'
import { findDialog } from '../../support/queries'

const ADD = 'POST /api/v6/complaint/add'

/**
 * The complaint (terms breach) modal of SPEC.md section 2: the terms link, the folded legal
 * text, and the form behind "File a complaint" with its gate (section 5).
 */
const meta = {
  title: 'Complaints/Complaint modal',
  component: ModalContainer,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ModalContainer>
export default meta
type Story = StoryObj<typeof meta>

type Globals = Record<string, unknown>
const openOnComment = ({ globals }: { globals: Globals }) =>
  openComplaint(translations(globals), {
    type: 'comment',
    id: 42,
    phone: '+491637875622',
  })

async function dialogOf(LL: TranslationFunctions) {
  return within(await findDialog({ name: LL.complaints.title() }))
}

/** Opens the form; returns its fields. */
async function showForm(LL: TranslationFunctions, userEvent: { click: (el: Element) => Promise<void> }) {
  const dialog = await dialogOf(LL)
  await userEvent.click(dialog.getByRole('button', { name: LL.complaints.claim_title() }))
  // The form loads when asked for (its checks bring zod).
  const form = await dialog.findByRole('form', { name: LL.complaints.formLabel() })
  const f = within(form)
  return {
    form,
    name: f.getByLabelText(LL.complaints.name()),
    email: f.getByLabelText(LL.complaints.email()),
    message: f.getByLabelText(LL.complaints.message()),
    submit: f.getByRole('button', { name: LL.complaints.submit() }),
  }
}

const collapsed = modes<Story>({
  beforeEach: openOnComment,
  play: async ({ globals }) => {
    const LL = translations(globals)
    const dialog = await dialogOf(LL)
    await expect(screen.getByRole('dialog')).toHaveAccessibleDescription(LL.complaints.description())
    // The terms open on the app's own page (no MAIN_SITE_URL), in a new tab that the link's name announces.
    const terms = dialog.getByRole('link', {
      name: `${LL.complaints.termsLink()} ${LL.complaints.newTab()}`,
    })
    await expect(terms).toHaveAttribute('href', legalPageHref('terms', storyLocale(globals)))
    await expect(terms.getAttribute('href')).toBe('/legal/terms')
    await expect(terms).toHaveAttribute('target', '_blank')
    await expect(dialog.getByRole('button', { name: LL.complaints.showMore() })).toHaveAttribute('aria-expanded', 'false')
    await expect(dialog.getByText(LL.complaints.legalDays())).not.toBeVisible()
    // The form is not in the page until asked for.
    await expect(dialog.queryByRole('form')).toBeNull()
    await expect(dialog.queryByLabelText(LL.complaints.email())).toBeNull()
    await expect(dialog.getByRole('button', { name: LL.complaints.claim_title() })).toBeVisible()
  },
})
export const Collapsed = collapsed.light
export const CollapsedDark = collapsed.dark
export const CollapsedRtl = collapsed.rtl
export const CollapsedDarkRtl = collapsed.darkRtl

const legal = modes<Story>({
  beforeEach: openOnComment,
  play: async ({ globals, userEvent }) => {
    const LL = translations(globals)
    const dialog = await dialogOf(LL)
    await userEvent.click(dialog.getByRole('button', { name: LL.complaints.showMore() }))
    await expect(dialog.getByRole('button', { name: LL.complaints.showLess() })).toHaveAttribute('aria-expanded', 'true')
    for (const text of [
      LL.complaints.legalDays(),
      LL.complaints.legalAuthorities(),
      LL.complaints.legalModerators(),
      LL.complaints.legalRepeat(),
    ]) {
      await expect(dialog.getByText(text)).toBeVisible()
    }
    await expect(dialog.getByRole('link', { name: 'support@callerid.example' })).toHaveAttribute('href', 'mailto:support@callerid.example')
  },
})
export const LegalExpanded = legal.light
export const LegalExpandedDark = legal.dark
export const LegalExpandedRtl = legal.rtl
export const LegalExpandedDarkRtl = legal.darkRtl

const empty = modes<Story>({
  beforeEach: openOnComment,
  play: async ({ globals, userEvent }) => {
    const LL = translations(globals)
    const { form, name, email, message, submit } = await showForm(LL, userEvent)
    await expect(name).toHaveFocus()
    for (const field of [name, email, message]) await expect(field).toBeRequired()
    await expect(email).toHaveAttribute('placeholder', LL.complaints.emailPlaceholder())
    await expect(submit).toBeDisabled()
    await expect(submit).toHaveAccessibleDescription(LL.complaints.gateHint())
    // Dimmed until it can be sent.
    await expect(Number(getComputedStyle(within(form).getByTestId('complaint-fields')).opacity)).toBeLessThan(1)
    await expect(screen.queryByRole('button', { name: LL.complaints.claim_title() })).toBeNull()
  },
})
export const FormEmpty = empty.light
export const FormEmptyDark = empty.dark
export const FormEmptyRtl = empty.rtl
export const FormEmptyDarkRtl = empty.darkRtl

const invalid = modes<Story>({
  beforeEach: openOnComment,
  play: async ({ globals, userEvent }) => {
    const LL = translations(globals)
    const { name, email, message, submit } = await showForm(LL, userEvent)
    await userEvent.type(name, 'Jo Doe')
    await userEvent.type(message, 'Insults my family')
    await expect(email).not.toHaveAttribute('aria-invalid')
    const plain = getComputedStyle(email).backgroundColor
    await userEvent.type(email, 'jo@example')
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(email).toHaveAccessibleDescription(LL.complaints.emailInvalid())
    // Marked by colour too: a light red (dark red in the dark theme) background.
    await expect(getComputedStyle(email).backgroundColor).not.toBe(plain)
    const probe = document.body.appendChild(
      Object.assign(document.createElement('div'), {
        className: 'bg-danger-bg',
      }),
    )
    await expect(getComputedStyle(email).backgroundColor).toBe(getComputedStyle(probe).backgroundColor)
    probe.remove()
    await expect(submit).toBeDisabled()
  },
})
export const InvalidEmail = invalid.light
export const InvalidEmailDark = invalid.dark
export const InvalidEmailRtl = invalid.rtl
export const InvalidEmailDarkRtl = invalid.darkRtl

async function fillValid(LL: TranslationFunctions, userEvent: Parameters<NonNullable<Story['play']>>[0]['userEvent']) {
  const fields = await showForm(LL, userEvent)
  await userEvent.type(fields.name, 'Jo Doe')
  await userEvent.type(fields.email, 'jo@example.com')
  await userEvent.type(fields.message, 'Insults my family')
  return fields
}

const valid = modes<Story>({
  beforeEach: openOnComment,
  play: async ({ globals, userEvent }) => {
    const LL = translations(globals)
    const { form, email, submit } = await fillValid(LL, userEvent)
    await expect(email).not.toHaveAttribute('aria-invalid')
    await expect(submit).toBeEnabled()
    await expect(submit).not.toHaveAccessibleDescription(LL.complaints.gateHint())
    await waitFor(() => expect(getComputedStyle(within(form).getByTestId('complaint-fields')).opacity).toBe('1'))
  },
})
export const ValidFilled = valid.light
export const ValidFilledDark = valid.dark
export const ValidFilledRtl = valid.rtl
export const ValidFilledDarkRtl = valid.darkRtl

const refused: Reply = {
  status: 429,
  body: {
    status: false,
    status_code: ERROR_CODES.RATE_LIMITED,
    message: 'Too many requests; slow down and try again in a minute',
  },
  delayMs: 400,
}
const serverError = modes<Story>({
  beforeEach: openOnComment,
  parameters: { api: { [ADD]: refused } },
  play: async ({ globals, userEvent }) => {
    const LL = translations(globals)
    const { name, submit } = await fillValid(LL, userEvent)
    await userEvent.click(submit)
    // Pending while the server answers.
    const pending = await screen.findByRole('button', {
      name: LL.complaints.sending(),
    })
    await expect(pending).toBeDisabled()
    await expect(pending).toHaveAttribute('aria-busy', 'true')
    // The refusal's code in the story's language, not the server's English (issue 33).
    await expect(await screen.findByRole('alert')).toHaveTextContent(LL.apiError.code.RATE_LIMITED())
    // The form stays, with what was typed.
    await expect(name).toHaveValue('Jo Doe')
    await expect(screen.getByRole('button', { name: LL.complaints.submit() })).toBeEnabled()
  },
})
export const ServerError = serverError.light
export const ServerErrorDark = serverError.dark
export const ServerErrorRtl = serverError.rtl
export const ServerErrorDarkRtl = serverError.darkRtl

const accepted: (url: URL, init?: RequestInit) => Reply = (_url, init) => {
  const body = new URLSearchParams(String(init?.body))
  const sent = body.get('message') === 'Name: Jo Doe\nEmail: jo@example.com\nMessage: Insults my family' && body.get('target_id') === '42'
  return sent
    ? {
        status: 200,
        body: { status: true, data: { id: 9, status: 'accepted' } },
        delayMs: 200,
      }
    : {
        status: 400,
        body: {
          status: false,
          status_code: 1000,
          message: `unexpected body ${body}`,
        },
      }
}
const sent = modes<Story>({
  beforeEach: openOnComment,
  parameters: { api: { [ADD]: accepted } },
  play: async ({ globals, userEvent }) => {
    const LL = translations(globals)
    const { submit } = await fillValid(LL, userEvent)
    await userEvent.click(submit)
    await expect(await screen.findByRole('button', { name: LL.complaints.sending() })).toBeDisabled()
    // The complaint modal gives way to the complaint-after one.
    const after = await findDialog({
      name: LL.complaints.afterTitle(),
    })
    await expect(after).toHaveAccessibleDescription(LL.complaints.afterText())
    await expect(screen.queryByRole('form')).toBeNull()
  },
})
export const Sent = sent.light
export const SentDark = sent.dark
export const SentRtl = sent.rtl
export const SentDarkRtl = sent.darkRtl

const after = modes<Story>({
  beforeEach: ({ globals }) => openComplaintAfter(translations(globals)),
  play: async ({ globals, userEvent }) => {
    const LL = translations(globals)
    const dialog = await findDialog({
      name: LL.complaints.afterTitle(),
    })
    await expect(dialog).toHaveAccessibleDescription(LL.complaints.afterText())
    // Two ways to close: the corner button and the footer button.
    const closers = within(dialog).getAllByRole('button', {
      name: LL.app.close(),
    })
    await expect(closers).toHaveLength(2)
    await userEvent.click(closers[1])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  },
})
export const ComplaintAfter = after.light
export const ComplaintAfterDark = after.dark
export const ComplaintAfterRtl = after.rtl
export const ComplaintAfterDarkRtl = after.darkRtl

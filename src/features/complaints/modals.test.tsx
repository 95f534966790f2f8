// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://app.example.com/number/491637875622" }
import '@testing-library/jest-dom/vitest'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import TypesafeI18n from '@i18n/i18n-react'
import type { Locales, TranslationFunctions } from '@i18n/i18n-types'
import { i18nObject } from '@i18n/i18n-util'
import { loadLocale } from '@i18n/i18n-util.sync'
import ModalContainer from '@/components/layout/modal-container'
import { i18nState } from '@/lib/locale-switch'
import { closeModal } from '@/stores/modal'
import { openComplaint } from '.'

loadLocale('en')
const LL = i18nObject('en')

/** The modals in `locale`, made current as the app makes it (lib/locale-switch.ts). */
function app(locale: Locales = 'en') {
  loadLocale(locale)
  i18nState.active = locale
  return render(
    <TypesafeI18n locale={locale}>
      <ModalContainer />
    </TypesafeI18n>,
  )
}

/** A fake API: POST /api/v6/complaint/add answers with `reply`; the bodies sent are kept. */
function fakeApi(reply: { status: number; body: unknown }) {
  const sent: URLSearchParams[] = []
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    expect(url).toBe('/api/v6/complaint/add')
    sent.push(new URLSearchParams(String(init.body)))
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    })
  })
  return sent
}

async function openForm(user: ReturnType<typeof userEvent.setup>, LL: TranslationFunctions = i18nObject('en')) {
  act(() => openComplaint(LL, { type: 'comment', id: 42 }))
  const dialog = await screen.findByRole('dialog', {
    name: LL.complaints.title(),
  })
  await user.click(within(dialog).getByRole('button', { name: LL.complaints.claim_title() }))
  // The form loads when asked for (its checks bring zod): a spinner until then.
  await within(dialog).findByRole('form', { name: LL.complaints.formLabel() })
  return within(dialog)
}

afterEach(() => {
  act(() => closeModal())
  cleanup()
  vi.unstubAllGlobals()
  i18nState.active = 'en'
})

describe('complaint modal (SPEC.md sections 2, 4, 5)', () => {
  it("links the app's terms page and keeps the legal text folded and the form out of the page until asked", async () => {
    const user = userEvent.setup()
    app()
    act(() => openComplaint(LL, { type: 'comment', id: 42 }))
    const dialog = within(await screen.findByRole('dialog', { name: LL.complaints.title() }))
    const terms = dialog.getByRole('link', {
      name: `${LL.complaints.termsLink()} ${LL.complaints.newTab()}`,
    })
    // The app's own page (issue 33): no main site is configured (MAIN_SITE_URL).
    expect(terms).toHaveAttribute('href', '/legal/terms')
    expect(terms).toHaveAttribute('target', '_blank')
    const more = dialog.getByRole('button', { name: LL.complaints.showMore() })
    expect(more).toHaveAttribute('aria-expanded', 'false')
    expect(dialog.getByText(LL.complaints.legalDays())).not.toBeVisible()
    await user.click(more)
    expect(dialog.getByRole('button', { name: LL.complaints.showLess() })).toHaveAttribute('aria-expanded', 'true')
    expect(dialog.getByText(LL.complaints.legalDays())).toBeVisible()
    expect(dialog.queryByRole('form')).toBeNull()
    expect(dialog.queryByLabelText(LL.complaints.name())).toBeNull()
    await user.click(dialog.getByRole('button', { name: LL.complaints.claim_title() }))
    expect(await dialog.findByRole('form', { name: LL.complaints.formLabel() })).toBeInTheDocument()
  })

  it('keeps submit disabled until each of the three conditions holds', async () => {
    const user = userEvent.setup()
    app()
    const form = await openForm(user)
    const submit = form.getByRole('button', { name: LL.complaints.submit() })
    const name = form.getByLabelText(LL.complaints.name())
    const email = form.getByLabelText(LL.complaints.email())
    const message = form.getByLabelText(LL.complaints.message())
    expect(email).toHaveAttribute('placeholder', 'name@example.com')
    expect(submit).toBeDisabled()
    // All three fine but one: still disabled, for each of the three.
    await user.type(name, 'Jo')
    await user.type(email, 'jo@example.com')
    await user.type(message, '12345')
    expect(submit).toBeDisabled()
    await user.type(message, '6')
    expect(submit).toBeEnabled()
    await user.clear(name)
    await user.type(name, 'J')
    expect(submit).toBeDisabled()
    await user.type(name, 'o')
    expect(submit).toBeEnabled()
    await user.clear(email)
    await user.type(email, 'jo@')
    expect(submit).toBeDisabled()
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(email).toHaveAccessibleDescription(LL.complaints.emailInvalid())
    await user.type(email, 'example.com')
    expect(email).not.toHaveAttribute('aria-invalid')
    expect(submit).toBeEnabled()
  })

  it('sends one combined message, then replaces the modal with the complaint-after one; a reopened form is empty', async () => {
    const user = userEvent.setup()
    const sent = fakeApi({
      status: 200,
      body: { status: true, data: { id: 1, status: 'accepted' } },
    })
    app()
    const form = await openForm(user)
    await user.type(form.getByLabelText(LL.complaints.name()), 'Jo Doe')
    await user.type(form.getByLabelText(LL.complaints.email()), 'jo@example.com')
    await user.type(form.getByLabelText(LL.complaints.message()), 'This is an insult')
    await user.click(form.getByRole('button', { name: LL.complaints.submit() }))
    const after = await screen.findByRole('dialog', {
      name: LL.complaints.afterTitle(),
    })
    expect(after).toHaveAccessibleDescription(LL.complaints.afterText())
    expect(screen.queryByRole('form')).toBeNull()
    expect(sent).toHaveLength(1)
    expect(Object.fromEntries(sent[0])).toEqual({
      target_type: 'comment',
      target_id: '42',
      name: 'Jo Doe',
      email: 'jo@example.com',
      message: 'Name: Jo Doe\nEmail: jo@example.com\nMessage: This is an insult',
    })
    await user.click(within(after).getAllByRole('button', { name: LL.app.close() })[0])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const again = await openForm(user)
    expect(again.getByLabelText(LL.complaints.name())).toHaveValue('')
    expect(again.getByLabelText(LL.complaints.email())).toHaveValue('')
    expect(again.getByLabelText(LL.complaints.message())).toHaveValue('')
  })

  // The server's message is English, for API clients; the reader sees its code in their language (issue 33).
  it.each<Locales>(['en', 'ru', 'ar-sa'])("shows the server's refusal in %s in an alert and keeps what was typed", async (locale) => {
    const user = userEvent.setup()
    fakeApi({
      status: 404,
      body: { status: false, status_code: 1004, message: 'No such comment' },
    })
    app(locale)
    const LL = i18nObject(locale)
    const form = await openForm(user, LL)
    await user.type(form.getByLabelText(LL.complaints.name()), 'Jo')
    await user.type(form.getByLabelText(LL.complaints.email()), 'jo@example.com')
    await user.type(form.getByLabelText(LL.complaints.message()), 'This is an insult')
    await user.click(form.getByRole('button', { name: LL.complaints.submit() }))
    const alert = await form.findByRole('alert')
    expect(alert).toHaveTextContent(LL.apiError.code.NOT_FOUND())
    expect(alert).not.toHaveTextContent('No such comment')
    expect(form.getByLabelText(LL.complaints.name())).toHaveValue('Jo')
    expect(form.getByRole('button', { name: LL.complaints.submit() })).toBeEnabled()
  })
})

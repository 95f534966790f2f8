// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import TypesafeI18n from '@i18n/i18n-react'
import { i18nObject } from '@i18n/i18n-util'
import { loadLocale } from '@i18n/i18n-util.sync'
import ModalContainer from '@/components/layout/modal-container'
import { closeModal } from '@/stores/modal'
import { confirmDeleteWithSubtext, confirmDeleteWithToggle, confirmKeepOrDelete } from './delete-confirmations'

loadLocale('en')
const LL = i18nObject('en')

function app() {
  return render(
    <TypesafeI18n locale="en">
      <ModalContainer />
    </TypesafeI18n>,
  )
}

afterEach(() => {
  act(() => closeModal())
  cleanup()
})

describe('delete confirmations (SPEC.md sections 2 and 4)', () => {
  it('(b) passes the toggle: off by default', async () => {
    const user = userEvent.setup()
    const onDelete = vi.fn()
    app()
    act(() =>
      confirmDeleteWithToggle(LL, {
        title: 'Delete the name?',
        text: 'It goes for good.',
        onDelete,
      }),
    )
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete the name?' }))
    expect(dialog.getByRole('switch', { name: LL.complaints.complainToggle() })).not.toBeChecked()
    await user.click(dialog.getByRole('button', { name: LL.complaints.delete() }))
    expect(onDelete).toHaveBeenCalledWith(false)
  })

  it('(b) passes the toggle: on when switched', async () => {
    const user = userEvent.setup()
    const onDelete = vi.fn()
    app()
    act(() => confirmDeleteWithToggle(LL, { title: 'Delete the name?', onDelete }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete the name?' }))
    await user.click(dialog.getByRole('switch', { name: LL.complaints.complainToggle() }))
    await user.click(dialog.getByRole('button', { name: LL.complaints.delete() }))
    expect(onDelete).toHaveBeenCalledWith(true)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('(b) confirms a report with a primary button named for it, not a red Delete', async () => {
    const user = userEvent.setup()
    const onDelete = vi.fn()
    app()
    act(() => confirmDeleteWithToggle(LL, { title: 'Report this name?', action: LL.contacts.reportConfirm(), onDelete }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Report this name?' }))
    expect(dialog.queryByRole('button', { name: LL.complaints.delete() })).toBeNull()
    const send = dialog.getByRole('button', { name: 'Send report' })
    expect(send).toHaveClass('bg-primary')
    expect(send).not.toHaveClass('bg-danger')
    await user.click(send)
    expect(onDelete).toHaveBeenCalledWith(false)
  })

  it('(a) keep closes without deleting; (c) cancel does too, delete runs', async () => {
    const user = userEvent.setup()
    const onDelete = vi.fn()
    app()
    act(() => confirmKeepOrDelete(LL, { title: 'Delete your comment?', onDelete }))
    await user.click(await screen.findByRole('button', { name: LL.complaints.keep() }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    act(() =>
      confirmDeleteWithSubtext(LL, {
        title: 'Delete the reply?',
        subtext: 'Replies to it stay.',
        onDelete,
      }),
    )
    expect(await screen.findByRole('dialog', { name: 'Delete the reply?' })).toHaveAccessibleDescription('Replies to it stay.')
    await user.click(screen.getByRole('button', { name: LL.app.cancel() }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(onDelete).not.toHaveBeenCalled()
    act(() => confirmDeleteWithSubtext(LL, { title: 'Delete the reply?', onDelete }))
    await user.click(await screen.findByRole('button', { name: LL.complaints.delete() }))
    expect(onDelete).toHaveBeenCalledTimes(1)
  })
})

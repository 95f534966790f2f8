import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, screen, waitFor, within } from 'storybook/test'
import ModalContainer from '@/components/layout/modal-container'
import { confirmDeleteWithSubtext, confirmDeleteWithToggle, confirmKeepOrDelete } from '@/components/modals/delete-confirmations'
import { translations } from '../../support/i18n'
import { modes } from '../../support/modes'
import { findDialog } from '../../support/queries'

/** The three delete confirmations of SPEC.md section 2, in the app's one modal. */
const meta = {
  title: 'Complaints/Delete confirmations',
  component: ModalContainer,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ModalContainer>
export default meta
type Story = StoryObj<typeof meta>

// One spy per story file run; each story clears it in beforeEach.
const onDelete = fn()

const keepOrDelete = modes<Story>({
  beforeEach: ({ globals }) => {
    onDelete.mockClear()
    const LL = translations(globals)
    confirmKeepOrDelete(LL, {
      title: LL.comments.deleteTitle(),
      text: LL.comments.deleteText(),
      onDelete,
    })
  },
  play: async ({ globals, userEvent }) => {
    const LL = translations(globals)
    const dialog = await findDialog({
      name: LL.comments.deleteTitle(),
    })
    await expect(dialog).toHaveAccessibleDescription(LL.comments.deleteText())
    await userEvent.click(within(dialog).getByRole('button', { name: LL.complaints.keep() }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await expect(onDelete).not.toHaveBeenCalled()
  },
})
export const KeepOrDelete = keepOrDelete.light
export const KeepOrDeleteDark = keepOrDelete.dark
export const KeepOrDeleteRtl = keepOrDelete.rtl
export const KeepOrDeleteDarkRtl = keepOrDelete.darkRtl

const withToggle = modes<Story>({
  beforeEach: ({ globals }) => {
    onDelete.mockClear()
    const LL = translations(globals)
    confirmDeleteWithToggle(LL, {
      title: LL.comments.deleteTitle(),
      text: LL.comments.deleteText(),
      onDelete,
    })
  },
  play: async ({ globals, userEvent }) => {
    const LL = translations(globals)
    const dialog = within(await findDialog({ name: LL.comments.deleteTitle() }))
    const toggle = dialog.getByRole('switch', {
      name: LL.complaints.complainToggle(),
    })
    await expect(toggle).not.toBeChecked()
    await expect(dialog.getByRole('button', { name: LL.app.cancel() })).toBeVisible()
    await userEvent.click(toggle)
    await expect(toggle).toBeChecked()
    await userEvent.click(dialog.getByRole('button', { name: LL.complaints.delete() }))
    await expect(onDelete).toHaveBeenCalledWith(true)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  },
})
export const WithToggle = withToggle.light
export const WithToggleDark = withToggle.dark
export const WithToggleRtl = withToggle.rtl
export const WithToggleDarkRtl = withToggle.darkRtl

const toggleOff = modes<Story>({
  beforeEach: withToggle.light.beforeEach,
  play: async ({ globals, userEvent }) => {
    const LL = translations(globals)
    const dialog = within(await findDialog({ name: LL.comments.deleteTitle() }))
    await userEvent.click(dialog.getByRole('button', { name: LL.complaints.delete() }))
    await expect(onDelete).toHaveBeenCalledWith(false)
  },
})
export const WithToggleOff = toggleOff.light
export const WithToggleOffDark = toggleOff.dark
export const WithToggleOffRtl = toggleOff.rtl
export const WithToggleOffDarkRtl = toggleOff.darkRtl

const withSubtext = modes<Story>({
  beforeEach: ({ globals }) => {
    onDelete.mockClear()
    const LL = translations(globals)
    confirmDeleteWithSubtext(LL, {
      title: LL.comments.deleteTitle(),
      subtext: LL.comments.deleteText(),
      onDelete,
    })
  },
  play: async ({ globals, userEvent }) => {
    const LL = translations(globals)
    const dialog = await findDialog({
      name: LL.comments.deleteTitle(),
    })
    await expect(dialog).toHaveAccessibleDescription(LL.comments.deleteText())
    await expect(within(dialog).getByRole('button', { name: LL.app.cancel() })).toBeVisible()
    await userEvent.click(within(dialog).getByRole('button', { name: LL.complaints.delete() }))
    await expect(onDelete).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  },
})
export const WithSubtext = withSubtext.light
export const WithSubtextDark = withSubtext.dark
export const WithSubtextRtl = withSubtext.rtl
export const WithSubtextDarkRtl = withSubtext.darkRtl

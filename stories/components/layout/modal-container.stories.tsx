import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, waitFor, within } from 'storybook/test'
import ModalContainer from '@/components/layout/modal-container'
import { Button } from '@/components/ui/button'
import { DialogFooter } from '@/components/ui/dialog'
import { closeModal, openModal, setDotLoader } from '@/stores/modal'
import { modes } from '../../support/modes'
import { findDialog } from '../../support/queries'
import { translations } from '../../support/i18n'

/**
 * The one modal of the app, driven by the modal store (`openModal`). Each story opens
 * it in `beforeEach`, as a flow in the app would.
 */
const meta = { title: 'Layout/Modal container', component: ModalContainer, parameters: { layout: 'fullscreen' } } satisfies Meta<
  typeof ModalContainer
>
export default meta
type Story = StoryObj<typeof meta>

const plainStory = modes<Story>({
  beforeEach: ({ globals }) => {
    const LL = translations(globals)
    openModal({
      modalId: 'sign-out',
      title: LL.settings.signOutTitle(),
      description: LL.settings.signOutText(),
      body: (
        <DialogFooter>
          <Button variant="secondary" onClick={closeModal}>
            {LL.app.cancel()}
          </Button>
          <Button variant="danger">{LL.header.logout()}</Button>
        </DialogFooter>
      ),
    })
  },
  play: async ({ globals, userEvent }) => {
    const LL = translations(globals)
    const dialog = await findDialog({ name: LL.settings.signOutTitle() })
    await expect(dialog).toHaveAttribute('data-modal-id', 'sign-out')
    await expect(dialog).toHaveAccessibleDescription(LL.settings.signOutText())
    // The close button is named; using it empties the store and removes the dialog.
    await userEvent.click(within(dialog).getByRole('button', { name: LL.app.close() }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  },
})
export const Plain = plainStory.light
export const PlainDark = plainStory.dark
export const PlainRtl = plainStory.rtl
export const PlainDarkRtl = plainStory.darkRtl

const attentionStory = modes<Story>({
  beforeEach: ({ globals }) => {
    const LL = translations(globals)
    openModal({ modalId: 'limit', title: LL.number.limitTitle(), description: LL.number.limitText({ price: 2 }), attention: true })
  },
  play: async ({ globals }) => {
    const LL = translations(globals)
    const dialog = await findDialog({ name: LL.number.limitTitle() })
    // The warning mark is decoration: the title alone names the dialog.
    await expect(within(dialog).getByRole('heading', { name: LL.number.limitTitle() }).querySelector('svg')).toHaveAttribute(
      'aria-hidden',
      'true',
    )
  },
})
export const Attention = attentionStory.light
export const AttentionDark = attentionStory.dark
export const AttentionRtl = attentionStory.rtl
export const AttentionDarkRtl = attentionStory.darkRtl

const dotLoaderStory = modes<Story>({
  beforeEach: ({ globals }) => {
    const LL = translations(globals)
    openModal({ modalId: 'paid-search', title: LL.paywall.numcyTitle(), description: LL.paywall.numcyIntro() })
    setDotLoader(true)
  },
  play: async ({ globals }) => {
    const LL = translations(globals)
    const dialog = await findDialog({ name: LL.paywall.numcyTitle() })
    await expect(within(dialog).getByRole('status')).toHaveTextContent(LL.app.loading())
  },
})
export const DotLoader = dotLoaderStory.light
export const DotLoaderDark = dotLoaderStory.dark
export const DotLoaderRtl = dotLoaderStory.rtl
export const DotLoaderDarkRtl = dotLoaderStory.darkRtl

const ebolaStory = modes<Story>({
  beforeEach: ({ globals }) => {
    const LL = translations(globals)
    openModal({ modalId: 'blocked', title: LL.notAuthorized.title(), description: LL.notAuthorized.text(), ebola: true })
  },
  play: async ({ globals, userEvent }) => {
    const LL = translations(globals)
    const dialog = await findDialog({ name: LL.notAuthorized.title() })
    // Ebola mode covers the screen and cannot be dismissed: no close button, Escape does nothing.
    await expect(within(dialog).queryByRole('button', { name: LL.app.close() })).toBeNull()
    await userEvent.keyboard('{Escape}')
    await expect(screen.getByRole('dialog', { name: LL.notAuthorized.title() })).toBeVisible()
  },
})
export const Ebola = ebolaStory.light
export const EbolaDark = ebolaStory.dark
export const EbolaRtl = ebolaStory.rtl
export const EbolaDarkRtl = ebolaStory.darkRtl

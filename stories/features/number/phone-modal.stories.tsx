import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, waitFor, within } from 'storybook/test'
import { PhoneModal, openPhoneModal } from '@/features/number/components/phone-modal'
import { phone } from '@/lib/phone'
import { SCAM_DIGITS } from '../../support/fixtures'
import { translations } from '../../support/i18n'
import { modes } from '../../support/modes'
import { findDialog } from '../../support/queries'
import { withOverlays } from '../../support/decorators'

/** The phone modal: the number in international format and links to call, message or copy it. */
const meta = {
  title: 'Number/Phone modal',
  component: PhoneModal,
  decorators: [withOverlays],
  parameters: { layout: 'fullscreen' },
  args: { number: `+${SCAM_DIGITS}` },
  render: () => <></>,
} satisfies Meta<typeof PhoneModal>
export default meta
type Story = StoryObj<typeof meta>

const openStory = modes<Story>({
  beforeEach: ({ globals }) => openPhoneModal(translations(globals), SCAM_DIGITS),
  play: async ({ globals, userEvent }) => {
    const LL = translations(globals)
    const intl = phone.formatInternational(`+${SCAM_DIGITS}`)
    const dialog = within(await findDialog())
    await expect(screen.getByRole('dialog')).toHaveAccessibleDescription(LL.phoneModal.intro())
    const number = dialog.getByText(intl)
    await expect(number).toHaveAttribute('dir', 'ltr')
    const hrefs = {
      [LL.phoneModal.call()]: `tel:+${SCAM_DIGITS}`,
      [LL.phoneModal.sms()]: `sms:+${SCAM_DIGITS}`,
      [LL.phoneModal.whatsapp()]: `whatsapp://send?phone=${SCAM_DIGITS}`,
      [`${LL.phoneModal.whatsappWeb()} ${LL.phoneModal.newTab()}`]: `https://web.whatsapp.com/send?phone=${SCAM_DIGITS}`,
      [LL.phoneModal.viber()]: `viber://chat?number=%2B${SCAM_DIGITS}`,
    }
    for (const [name, href] of Object.entries(hrefs)) await expect(dialog.getByRole('link', { name })).toHaveAttribute('href', href)
    await expect(dialog.getByRole('link', { name: new RegExp(LL.phoneModal.whatsappWeb()) })).toHaveAttribute('target', '_blank')
    // Copy puts the number on the clipboard and says so.
    let copied = ''
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (t: string) => void (copied = t) } })
    await userEvent.click(dialog.getByRole('button', { name: LL.phoneModal.copy() }))
    await waitFor(() => expect(copied).toBe(intl))
    await expect(await screen.findByTestId('copied-toast')).toHaveTextContent(LL.notice.numberCopied())
  },
})
export const Open = openStory.light
export const OpenDark = openStory.dark
export const OpenRtl = openStory.rtl
export const OpenDarkRtl = openStory.darkRtl

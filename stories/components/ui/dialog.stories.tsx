import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, within } from 'storybook/test'
import { useI18nContext } from '@i18n/i18n-react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogTitle, DialogTrigger } from '@/components/ui/dialog'
import { modes } from '../../support/modes'
import { findDialog } from '../../support/queries'
import { translations } from '../../support/i18n'

const meta = { title: 'UI/Dialog', component: Dialog, parameters: { layout: 'fullscreen' } } satisfies Meta<typeof Dialog>
export default meta
type Story = StoryObj<typeof meta>

/** The sign-out confirmation: title, description, a footer of actions and a labelled close button. */
function SignOutDialog({ defaultOpen }: { defaultOpen: boolean }) {
  const { LL } = useI18nContext()
  return (
    <div className="p-4">
      <Dialog defaultOpen={defaultOpen}>
        <DialogTrigger asChild>
          <Button variant="secondary">{LL.header.logout()}</Button>
        </DialogTrigger>
        <DialogContent closeLabel={LL.app.close()}>
          <DialogTitle>{LL.settings.signOutTitle()}</DialogTitle>
          <DialogDescription>{LL.settings.signOutText()}</DialogDescription>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">{LL.app.cancel()}</Button>
            </DialogClose>
            <Button variant="danger">{LL.header.logout()}</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  )
}

const openStory = modes<Story>({
  render: () => <SignOutDialog defaultOpen />,
  play: async ({ globals }) => {
    const LL = translations(globals)
    // The dialog is portalled to <body>: query the whole screen.
    const dialog = await findDialog({ name: LL.settings.signOutTitle() })
    await expect(dialog).toHaveAccessibleDescription(LL.settings.signOutText())
    await expect(within(dialog).getByRole('button', { name: LL.app.close() })).toBeVisible()
    await expect(within(dialog).getByRole('button', { name: LL.header.logout() })).toBeVisible()
  },
})
export const Open = openStory.light
export const OpenDark = openStory.dark
export const OpenRtl = openStory.rtl
export const OpenDarkRtl = openStory.darkRtl

const closedStory = modes<Story>({
  render: () => <SignOutDialog defaultOpen={false} />,
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    await userEvent.click(within(canvasElement).getByRole('button', { name: LL.header.logout() }))
    const dialog = await findDialog({ name: LL.settings.signOutTitle() })
    // Focus moves into the dialog; Escape closes it and returns focus to the trigger.
    await expect(dialog).toContainElement(document.activeElement as HTMLElement)
    await userEvent.keyboard('{Escape}')
    await expect(screen.queryByRole('dialog')).toBeNull()
  },
})
export const OpensFromTrigger = closedStory.light
export const OpensFromTriggerDark = closedStory.dark
export const OpensFromTriggerRtl = closedStory.rtl
export const OpensFromTriggerDarkRtl = closedStory.darkRtl

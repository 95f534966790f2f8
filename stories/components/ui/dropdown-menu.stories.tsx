import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, within } from 'storybook/test'
import { useI18nContext } from '@i18n/i18n-react'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { iconButton } from '@/components/layout/icon-button'
import { IconMore, IconSettings } from '@/components/layout/icons'
import { IconCopy, IconShare } from '@/components/layout/page-icons'
import { modes } from '../../support/modes'
import { translations } from '../../support/i18n'

const meta = { title: 'UI/Dropdown menu', component: DropdownMenu, parameters: { layout: 'fullscreen' } } satisfies Meta<
  typeof DropdownMenu
>
export default meta
type Story = StoryObj<typeof meta>

function Menu({ defaultOpen }: { defaultOpen: boolean }) {
  const { LL } = useI18nContext()
  return (
    <div className="flex justify-end p-4">
      <DropdownMenu defaultOpen={defaultOpen} modal={false}>
        <DropdownMenuTrigger className={iconButton} aria-label={LL.header.more()}>
          <IconMore className="h-5 w-5" />
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem>
            <IconShare className="h-4 w-4" />
            {LL.header.share()}
          </DropdownMenuItem>
          <DropdownMenuItem disabled>
            <IconCopy className="h-4 w-4" />
            {LL.header.copyNumber()}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem>
            <IconSettings className="h-4 w-4" />
            {LL.header.settings()}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  )
}

const openStory = modes<Story>({
  render: () => <Menu defaultOpen />,
  play: async ({ globals }) => {
    const LL = translations(globals)
    const menu = await screen.findByRole('menu')
    const items = within(menu).getAllByRole('menuitem')
    await expect(items.map((i) => i.textContent)).toEqual([LL.header.share(), LL.header.copyNumber(), LL.header.settings()])
    await expect(within(menu).getByRole('menuitem', { name: LL.header.copyNumber() })).toHaveAttribute('aria-disabled', 'true')
  },
})
export const Open = openStory.light
export const OpenDark = openStory.dark
export const OpenRtl = openStory.rtl
export const OpenDarkRtl = openStory.darkRtl

const keyboardStory = modes<Story>({
  render: () => <Menu defaultOpen={false} />,
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const trigger = within(canvasElement).getByRole('button', { name: LL.header.more() })
    trigger.focus()
    await userEvent.keyboard('{Enter}')
    await expect(await screen.findByRole('menu')).toBeVisible()
    await userEvent.keyboard('{Escape}')
    await expect(screen.queryByRole('menu')).toBeNull()
    await expect(trigger).toHaveFocus()
  },
})
export const KeyboardOpenAndClose = keyboardStory.light
export const KeyboardOpenAndCloseDark = keyboardStory.dark
export const KeyboardOpenAndCloseRtl = keyboardStory.rtl
export const KeyboardOpenAndCloseDarkRtl = keyboardStory.darkRtl

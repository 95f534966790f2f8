import { useEffect, useRef, useState, type FocusEvent } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useI18nContext } from '@i18n/i18n-react'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { phone } from '@/lib/phone'
import { copyText, notifyCopied } from '@/stores/notification'
import { useIsModerator } from '@/lib/use-is-moderator'
import { iconButton } from './icon-button'
import { IconMore, IconSettings } from './icons'
import { IconCopy, IconShare, IconUserPlus, IconWarning } from './page-icons'

/** The header dropdown of SPEC.md section 2: add to contacts, share, copy the number, settings; moderation for moderators. */
export default function HeaderMenu({
  digits,
  defaultOpen = false,
  focusFirstItem = false,
}: {
  digits: string | null
  defaultOpen?: boolean
  /** The menu was opened from the keyboard before this code loaded: focus its first item, as Radix does on later opens. */
  focusFirstItem?: boolean
}) {
  const { LL } = useI18nContext()
  const navigate = useNavigate()
  const { isModerator } = useIsModerator()
  const [open, setOpen] = useState(defaultOpen)
  const trigger = useRef<HTMLButtonElement>(null)
  const pendingKeyboardEntry = useRef(focusFirstItem)
  // Radix focuses the menu itself when it opens without a key press it saw; move on to the first item.
  function onMenuFocus(e: FocusEvent<HTMLDivElement>) {
    if (!pendingKeyboardEntry.current || e.target !== e.currentTarget) return
    pendingKeyboardEntry.current = false
    e.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
  }
  useEffect(() => {
    if (defaultOpen) trigger.current?.focus()
  }, [defaultOpen])

  async function share() {
    if (!(await copyText(window.location.href, LL.notice.linkCopied()))) notifyCopied(LL.notice.copyFailed())
  }
  async function copyNumber() {
    if (!digits) return
    if (!(await copyText(phone.formatInternational(digits), LL.notice.numberCopied()))) notifyCopied(LL.notice.copyFailed())
  }

  // Not modal: a modal menu hides the page with aria-hidden while its links stay focusable (axe
  // aria-hidden-focus); a menu button's menu needs no trap, Escape and outside clicks close it.
  return (
    <DropdownMenu open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenuTrigger ref={trigger} className={iconButton} aria-label={LL.header.more()}>
        <IconMore className="h-5 w-5" />
      </DropdownMenuTrigger>
      <DropdownMenuContent onFocus={onMenuFocus}>
        {digits && (
          <DropdownMenuItem asChild>
            <a href={`tel:+${digits}`}>
              <IconUserPlus className="h-4 w-4" />
              {LL.header.addToContacts()}
            </a>
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => void share()}>
          <IconShare className="h-4 w-4" />
          {LL.header.share()}
        </DropdownMenuItem>
        {digits && (
          <DropdownMenuItem onSelect={() => void copyNumber()}>
            <IconCopy className="h-4 w-4" />
            {LL.header.copyNumber()}
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void navigate({ to: '/settings' })}>
          <IconSettings className="h-4 w-4" />
          {LL.header.settings()}
        </DropdownMenuItem>
        {isModerator && (
          <DropdownMenuItem onSelect={() => void navigate({ to: '/moderation' })}>
            <IconWarning className="h-4 w-4" />
            {LL.moderation.menu()}
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

import { useState } from 'react'
import { useSWRConfig } from 'swr'
import { useSnapshot } from 'valtio'
import { useI18nContext } from '@i18n/i18n-react'
import type { NumberProfile } from '@contract/api/number-profile'
import { Button } from '@/components/ui/button'
import { isPostingBanned } from '@/features/comments/posting-banned'
import { fullName } from '@/features/names/full-name'
import { isNumberPageKey } from '@/lib/page-keys'
import { isNumberOwner } from '@/lib/number-owner'
import { auth } from '@/stores/auth'
import { notifyAttention } from '@/stores/notification'

type Name = { firstName: string | null; lastName: string | null }

/**
 * The dialogs these buttons open, loaded at the first press: the number's first screen shows
 * the buttons, not the dialogs (issue 13). The button keeps the focus meanwhile, so the dialog
 * gives it back there when it closes.
 */
const dialogs = {
  phone: () => import('@/features/number/components/phone-modal'),
  suggestName: () => import('@/features/names/components/suggest-name-form'),
  complaint: () => import('@/features/complaints'),
}

/**
 * Beside the number's name: call or message it (not for a cancelled profile), suggest a
 * name for it, and complain about its registered owner's profile (not one's own).
 * `profileId` is set on a page opened by profile id.
 */
export function NumberActions({ data, profileId }: { data: NumberProfile; profileId?: number }) {
  const { LL } = useI18nContext()
  const viewer = useSnapshot(auth)
  const ownerId = profileId ?? data.profile.id
  // A profile to complain about: the number has a registered owner, and it is not the viewer.
  const complainAbout = ownerId !== null && ownerId !== viewer.profileId && !isNumberOwner(data, viewer) ? ownerId : null
  const { mutate: revalidate } = useSWRConfig()
  // The viewer's suggestion as last saved here, until the page data catches up.
  const [saved, setSaved] = useState<{ for: NumberProfile; name: Name } | null>(null)
  const suggestion = saved && saved.for === data ? saved.name : data.suggestedProfile
  const mine = fullName(suggestion)
  // A dialog whose code could not load (offline): said, instead of a button that does nothing.
  const failed = () => notifyAttention(LL.app.genericError())

  function suggest() {
    dialogs.suggestName().then(
      ({ openSuggestName }) =>
        openSuggestName(LL, {
          phone: data.phone.number,
          initial: suggestion,
          onSaved: (name) => {
            setSaved({ for: data, name })
            void revalidate(isNumberPageKey)
          },
          // Banned while the page was open: read again, the button gives way to the comments card's reason (issue 33).
          onRefused: (error) => {
            if (isPostingBanned(error)) void revalidate(isNumberPageKey)
          },
        }),
      failed,
    )
  }

  return (
    <>
      {data.common.profileView !== 'CANCELED' && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void dialogs.phone().then(({ openPhoneModal }) => openPhoneModal(LL, data.phone.number), failed)}
        >
          {LL.phoneModal.open()}
        </Button>
      )}
      {/* Not offered to a user banned from posting on the number: the comments card says why (issue 29). */}
      {!data.common.postingBanned && (
        <Button variant="secondary" size="sm" onClick={suggest}>
          {LL.names.suggest()}
        </Button>
      )}
      {complainAbout !== null && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() =>
            void dialogs.complaint().then(
              ({ openComplaint }) =>
                openComplaint(LL, {
                  type: 'profile',
                  id: complainAbout,
                  profileId: complainAbout,
                  firstName: data.profile.firstName,
                  lastName: data.profile.lastName,
                  phone: data.phone.number,
                }),
              failed,
            )
          }
        >
          {LL.complaints.complainProfile()}
        </Button>
      )}
      {mine && (
        <p className="text-sm text-muted" data-testid="my-suggestion">
          {/* First-strong isolate: a name in another script keeps its own direction inside the sentence. */}
          {LL.names.yours({ name: `\u2068${mine}\u2069` })}
        </p>
      )}
    </>
  )
}

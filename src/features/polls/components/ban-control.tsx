import { useEffect, useState } from 'react'
import { useSWRConfig } from 'swr'
import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import type { NumberProfile } from '@contract/api/number-profile'
import { Button } from '@/components/ui/button'
import { closeModal, openModal } from '@/stores/modal'
import { addBan } from '../api/add-ban'
import { removeBan } from '../api/remove-ban'
import { refreshNumber } from '../refresh-number'
import { TagPicker } from './tag-picker'

type LLType = ReturnType<typeof useI18nContext>['LL']

/** The onBan poll, offered right after the viewer blocks the number. */
function openBanPoll(LL: LLType, data: NumberProfile) {
  openModal({
    modalId: 'poll-on-ban',
    title: LL.polls.blocked(),
    body: (
      <TagPicker
        data={data}
        poll="onBan"
        title={LL.polls.banPoll()}
        onSaved={closeModal}
        onCancel={closeModal}
        cancelLabel={LL.polls.later()}
      />
    ),
  })
}

/**
 * Block or unblock the number: one toggle button (aria-pressed) with a fixed name, as
 * toggle buttons should have; a block moves the index and counts in metrics.bans.
 */
export function BanControl({ data }: { data: NumberProfile }) {
  const { LL } = useI18nContext()
  const { mutate } = useSWRConfig()
  // The server's answer shows at once, before the page data reloads.
  const [answer, setAnswer] = useState<boolean | null>(null)
  const [done, setDone] = useState<'blocked' | 'unblocked' | null>(null)
  useEffect(() => setAnswer(null), [data])
  const toggle = useSWRMutation(
    ['ban', data.phone.number],
    async ([, phone]: [string, string], { arg: banned }: { arg: boolean }) => {
      const state = banned ? await removeBan(phone) : await addBan(phone)
      setAnswer(state.isBanned)
      setDone(state.isBanned ? 'blocked' : 'unblocked')
      await refreshNumber(mutate, phone, state)
      if (state.isBanned && data.polls.show.onBan) openBanPoll(LL, { ...data, polls: { ...data.polls, pollAnswers: state.pollAnswers } })
    },
    { throwOnError: false },
  )
  const pending = toggle.isMutating
  if (data.common.profileView === 'OWNER') return null
  const banned = answer ?? data.common.isBanned

  function start() {
    setDone(null)
    void toggle.trigger(banned)
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant={banned ? 'danger' : 'secondary'}
        size="sm"
        aria-pressed={banned}
        disabled={pending}
        aria-busy={pending || undefined}
        onClick={start}
        data-testid="ban-control"
      >
        {banned && (
          <svg
            aria-hidden
            viewBox="0 0 24 24"
            className="h-4 w-4"
            fill="none"
            stroke="currentColor"
            strokeWidth={2.5}
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M5 12l5 5L20 7" />
          </svg>
        )}
        {LL.polls.block()}
      </Button>
      <span role="status" className="text-sm text-muted empty:hidden">
        {done === 'blocked' ? LL.polls.blocked() : done === 'unblocked' ? LL.polls.unblocked() : ''}
      </span>
      {toggle.error && !pending && (
        <span role="alert" className="text-sm text-danger">
          {LL.polls.blockError()}
        </span>
      )}
    </div>
  )
}

import { useSWRConfig } from 'swr'
import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import type { NumberProfile } from '@contract/api/number-profile'
import { openNotEnoughCoins } from '@/components/modals/not-enough-coins'
import type { PaidSearchOffer } from '@/features/number/components/limit-alert'
import { failureText } from '@/lib/failure-text'
import { isInsufficientCoins } from '@/lib/insufficient-coins'
import { setOverlimit } from '@/lib/set-overlimit'
import { refreshBalance } from '@/lib/use-balance'
import { isMyProfileKey, useMyProfile } from '@/lib/use-my-profile'
import { isMainDataKey } from '@/lib/page-keys'
import { auth, setPaidSearch } from '@/stores/auth'
import { balance } from '@/stores/balance'

/** Thrown when the server still answers the limited page: the coins did not cover the search. */
class StillLimited extends Error {}

/**
 * "Search for N coins" on a limited answer, in one click (DESIGN.md section 8): paid
 * search on for this one search (paid searches allowed in the settings first, if they
 * were off), the page fetched again, the balance refreshed. Short of coins, before or
 * after asking, the not-enough-coins modal opens instead.
 */
export function usePaidSearch(
  pageKey: readonly unknown[],
  fetchPage: () => Promise<NumberProfile>,
  data: NumberProfile | undefined,
): PaidSearchOffer | undefined {
  const { LL } = useI18nContext()
  const { mutate } = useSWRConfig()
  const me = useMyProfile()
  const price = data?.paidAlert.paidSearchPrice ?? 0
  const search = useSWRMutation(
    ['paid-search', ...pageKey],
    async () => {
      if (me.data?.overlimit !== true) {
        await setOverlimit(true)
        void mutate(isMyProfileKey)
      }
      const before = auth.paidSearch
      setPaidSearch(true)
      try {
        const page = await fetchPage()
        if (page.paidAlert.show) throw new StillLimited()
        return page
      } finally {
        setPaidSearch(before)
      }
    },
    {
      throwOnError: false,
      onSuccess: (page) => {
        void mutate(pageKey, page, { revalidate: false })
        void mutate(isMainDataKey)
        void refreshBalance()
      },
      onError: (error) => {
        if (error instanceof StillLimited || isInsufficientCoins(error)) {
          void refreshBalance()
          openNotEnoughCoins(LL, price)
        }
      },
    },
  )
  if (!data?.paidAlert.show) return undefined
  const shownError =
    search.error && !(search.error instanceof StillLimited) && !isInsufficientCoins(search.error)
      ? failureText(search.error, LL.money.searchFailed())
      : null
  return {
    run: () => {
      // Short of the price by both the answer's balance and the stored one: nothing to ask the server.
      if (Math.max(data.common.balance, balance.value) < price) return openNotEnoughCoins(LL, price)
      void search.trigger()
    },
    pending: search.isMutating,
    turnsOnOverlimit: me.data ? !me.data.overlimit : false,
    error: search.isMutating ? null : shownError,
  }
}

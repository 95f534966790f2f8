import { useSWRConfig } from 'swr'
import { isNumberPageKey } from '@/lib/page-keys'
import { isPostingBanned } from './posting-banned'

/**
 * Sends a text; when the server refuses it for a posting ban the page did not know of (the ban came
 * while the page was open), the number's page is read again, so that its forms give way to the
 * reason (issue 33). The refusal still reaches the form.
 */
export function useSendOrLearnBan(): (send: () => Promise<unknown>) => Promise<void> {
  const { mutate } = useSWRConfig()
  return async (send) => {
    try {
      await send()
    } catch (error) {
      if (isPostingBanned(error)) void mutate(isNumberPageKey)
      throw error
    }
  }
}

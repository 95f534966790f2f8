import useSWRMutation from 'swr/mutation'
import { switchLocale } from './locale-switch'

/** Switches the language of the whole app; `pending` while the translations load. */
export function useChangeLocale() {
  const { trigger, isMutating } = useSWRMutation('change-locale', (_key, { arg }: { arg: string }) => switchLocale(arg))
  return { pending: isMutating, change: trigger }
}

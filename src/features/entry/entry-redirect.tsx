import { digitsOnly } from '@contract/digits'
import { useEffect } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useI18nContext } from '@i18n/i18n-react'
import { Spinner } from '@/components/ui/spinner'
import { storage, STORAGE_KEYS as K } from '@/lib/storage'
import { setTheme } from '@/stores/theme'
import { auth } from '@/stores/auth'
import { acceptKey } from './key'

/**
 * The entry redirect screen of SPEC.md section 2: keeps the number as a backup,
 * takes the key as the access token, then goes where the parameters say.
 */
export interface EntryParams {
  number?: string
  theme?: 'light' | 'dark'
  banner?: '0' | '1'
  to?: string
  settings?: string
}

export function EntryRedirect({ routeKey, search }: { routeKey: string; search: EntryParams }) {
  const { LL, locale } = useI18nContext()
  const navigate = useNavigate()
  const { number, theme, banner } = search
  useEffect(() => {
    let left = false
    if (number) storage.set(K.numberBackup, number)
    const go = () => {
      if (search.settings !== undefined) return navigate({ to: '/settings', replace: true })
      if (!number) return navigate({ to: '/number/my', replace: true })
      return navigate({ to: '/number/$phoneNumber', params: { phoneNumber: digitsOnly(number) }, replace: true })
    }
    void acceptKey(routeKey, locale).then(() => {
      if (left) return
      if (banner === '1' && search.to) {
        const target = new URL(search.to, window.location.origin)
        if (target.protocol === 'https:' || target.protocol === 'http:') (window.top ?? window).location.href = target.toString()
        return
      }
      setTheme(theme ?? 'light')
      // A key that did not work changes nothing: whoever was signed in carries on.
      if (auth.isAuthenticated) void go()
      else void navigate({ to: '/login', replace: true })
    })
    return () => {
      left = true
    }
  }, [routeKey, search.to, search.settings, number, theme, banner, navigate, locale])
  return <Spinner label={LL.entry.title()} />
}

import { digitsOnly } from '@contract/digits'
import { useEffect, useState, type ReactNode } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useI18nContext } from '@i18n/i18n-react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog'
import { PhoneText } from '@/components/ui/phone-text'
import { Spinner } from '@/components/ui/spinner'
import { config } from '@/lib/config'
import { storage, STORAGE_KEYS as K } from '@/lib/storage'
import { setTheme } from '@/stores/theme'
import { auth } from '@/stores/auth'
import { enterWithKey, type Account } from './key'
import { redirectTarget } from './redirect-target'

/**
 * The entry redirect screen of SPEC.md section 2: keeps the number as a backup,
 * takes the key as the access token, then goes where the parameters say. A key of another
 * account than the one signed in is taken only when the person says so (issue 29).
 */
export interface EntryParams {
  number?: string
  theme?: 'light' | 'dark'
  banner?: '0' | '1'
  to?: string
  settings?: string
}

interface Question {
  current: Account
  other: Account
  answer: (switchAccount: boolean) => void
}

export function EntryRedirect({ routeKey, search }: { routeKey: string; search: EntryParams }) {
  const { LL, locale } = useI18nContext()
  const navigate = useNavigate()
  const { number, theme, banner } = search
  const [question, setQuestion] = useState<Question | null>(null)
  useEffect(() => {
    let left = false
    if (number) storage.set(K.numberBackup, number)
    const go = () => {
      if (search.settings !== undefined) return navigate({ to: '/settings', replace: true })
      if (!number) return navigate({ to: '/number/my', replace: true })
      return navigate({ to: '/number/$phoneNumber', params: { phoneNumber: digitsOnly(number) }, replace: true })
    }
    const ask = (current: Account, other: Account) =>
      new Promise<boolean>((resolve) => {
        if (left) return resolve(false)
        setQuestion({
          current,
          other,
          answer: (switchAccount) => {
            setQuestion(null)
            resolve(switchAccount)
          },
        })
      })
    void enterWithKey(routeKey, locale, ask).then(() => {
      if (left) return
      // Only addresses of this app, or of the origins the server allows (KEY_REDIRECT_HOSTS); any other `to` is ignored.
      const target = banner === '1' && search.to ? redirectTarget(search.to, window.location.origin, config.keyRedirectOrigins) : null
      if (target) {
        ;(window.top ?? window).location.href = target
        return
      }
      setTheme(theme ?? 'light')
      // A key that did not work, or was declined, changes nothing: whoever was signed in carries on.
      if (auth.isAuthenticated) void go()
      else void navigate({ to: '/login', replace: true })
    })
    return () => {
      left = true
    }
  }, [routeKey, search.to, search.settings, number, theme, banner, navigate, locale])
  return (
    <>
      <Spinner label={LL.entry.title()} />
      {question && <SwitchAccountDialog {...question} />}
    </>
  )
}

/** "Continue as +…? You are signed in as +…": staying is the default (first, and what closing the dialog does). */
function SwitchAccountDialog({ current, other, answer }: Question) {
  const { LL } = useI18nContext()
  return (
    <Dialog open onOpenChange={(open) => !open && answer(false)}>
      <DialogContent data-testid="switch-account">
        <DialogTitle>{withPhones(LL.entry.switchTitle, { number: other.phoneNumber })}</DialogTitle>
        <DialogDescription>
          {withPhones(LL.entry.switchText, { current: current.phoneNumber, number: other.phoneNumber })}
        </DialogDescription>
        <DialogFooter>
          <Button variant="secondary" onClick={() => answer(false)}>
            {withPhones(LL.entry.stayAs, { current: current.phoneNumber })}
          </Button>
          <Button onClick={() => answer(true)}>{withPhones(LL.entry.continueAs, { number: other.phoneNumber })}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/** A translated text with its phone numbers as elements: formatted, and read left to right (`<bdi dir="ltr">`) in any direction. */
function withPhones<P extends Record<string, string>>(text: (args: P) => string, phones: P): ReactNode[] {
  const names = Object.keys(phones)
  const marked = text(Object.fromEntries(names.map((name, i) => [name, `\uE000${i}\uE001`])) as P)
  return marked.split(/\uE000(\d+)\uE001/).map((part, i) => (i % 2 ? <PhoneText key={i} value={phones[names[Number(part)]]} /> : part))
}

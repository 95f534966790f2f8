import { useSnapshot } from 'valtio'
import { useI18nContext } from '@i18n/i18n-react'
import { SUPPORTED_LOCALES } from '@contract/constants'
import { Card } from '@/components/ui/card'
import { useChangeLocale } from '@/lib/use-change-locale'
import { theme } from '@/stores/theme'
import { nativeName } from '../native-name'
import { flagSrc } from './flags'

/** The 22 languages (SPEC.md section 3's language table): flag, own-language name, code; the current one pressed. */
export function LanguageList() {
  const { LL } = useI18nContext()
  const { locale } = useSnapshot(theme)
  const { change, pending } = useChangeLocale()
  return (
    <Card className="p-2">
      <ul className="grid gap-1 wide:grid-cols-2" aria-label={LL.settings.language()}>
        {SUPPORTED_LOCALES.map((code) => (
          <li key={code}>
            <button
              type="button"
              lang={code}
              aria-pressed={locale === code}
              disabled={pending}
              onClick={() => void change(code)}
              className="flex w-full items-center gap-3 rounded-xl px-4 py-3 text-start hover:bg-surface-2 aria-pressed:bg-primary aria-pressed:text-primary-fg"
            >
              {/* The name says it all: the flag is decoration. */}
              <img
                src={flagSrc(code)}
                alt=""
                width={24}
                height={16}
                className="h-4 w-6 shrink-0 rounded-sm shadow-sm"
                data-testid="language-flag"
              />
              <span>
                {nativeName(code)} <span className="text-xs opacity-80">({code})</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </Card>
  )
}

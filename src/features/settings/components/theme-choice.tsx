import { useId } from 'react'
import { useSnapshot } from 'valtio'
import { useI18nContext } from '@i18n/i18n-react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { setTheme, theme, type ThemePreference } from '@/stores/theme'

/** Light, dark, or the device's own setting (followed live). */
export function ThemeChoice() {
  const { LL } = useI18nContext()
  const id = useId()
  const { preference } = useSnapshot(theme)
  const names: Record<ThemePreference, string> = {
    light: LL.settings.themeLight(),
    dark: LL.settings.themeDark(),
    system: LL.settings.themeSystem(),
  }
  return (
    <Card className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2" role="group" aria-label={LL.settings.theme()} aria-describedby={`${id}-system`}>
        {(['light', 'dark', 'system'] as const).map((name) => (
          <Button
            key={name}
            variant={preference === name ? 'primary' : 'secondary'}
            aria-pressed={preference === name}
            onClick={() => setTheme(name)}
          >
            {names[name]}
          </Button>
        ))}
      </div>
      <p id={`${id}-system`} className="text-sm text-muted">
        {LL.settings.themeSystemText()}
      </p>
    </Card>
  )
}

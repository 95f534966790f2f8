import { useId } from 'react'
import { Switch } from '@/components/ui/switch'

interface SettingSwitchProps {
  label: string
  /** One sentence saying what the switch does; the switch's accessible description. */
  text: string
  checked: boolean
  disabled?: boolean
  onChange: (on: boolean) => void
  /** What went wrong saving this switch, shown under it (role alert). */
  error?: string | null
}

/** One server-saved on/off setting: its name, what it does, the switch, and a failure line. */
export function SettingSwitch({ label, text, checked, disabled, onChange, error }: SettingSwitchProps) {
  const id = useId()
  return (
    <div className="flex flex-col gap-2 rounded-xl bg-surface-2 p-4">
      <div className="flex items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={id} className="font-medium">
            {label}
          </label>
          <p id={`${id}-text`} className="text-sm text-muted">
            {text}
          </p>
        </div>
        <Switch id={id} aria-describedby={`${id}-text`} checked={checked} disabled={disabled} onCheckedChange={onChange} />
      </div>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  )
}

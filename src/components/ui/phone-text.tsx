import { useInternational } from '@/lib/phone-display'
import { cn } from '@/lib/cn'

/**
 * A phone number in international format that reads left to right inside
 * right-to-left text, while its container keeps the page's direction.
 */
export function PhoneText({ value, className }: { value: string; className?: string }) {
  return <PhoneShown shown={useInternational(value)} className={className} />
}

/** A number already in international format, as PhoneText shows it (the server's first paint knows it so: app/server-frame). */
export function PhoneShown({ shown, className }: { shown: string; className?: string }) {
  return (
    <bdi dir="ltr" data-slot="phone-text" className={cn('phone', className)}>
      {shown}
    </bdi>
  )
}

/** Isolates a left-to-right value (a phone number) interpolated into translated text. */
export function ltr(text: string): string {
  return `\u2066${text}\u2069`
}

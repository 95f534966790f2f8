import { clsx } from 'clsx'

/** A loading indicator; `label` is what a screen reader hears. Without a label it is decoration only. */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  if (!label)
    return (
      <span
        aria-hidden
        className={clsx('inline-block h-5 w-5 animate-spin rounded-full border-2 border-border border-t-primary', className)}
      />
    )
  return (
    <span role="status" className={clsx('inline-flex items-center gap-2 text-muted', className)}>
      <span aria-hidden className="h-5 w-5 animate-spin rounded-full border-2 border-border border-t-primary" />
      <span className="sr-only">{label}</span>
    </span>
  )
}

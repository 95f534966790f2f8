import type { ReactNode } from 'react'
import { buttonVariants } from './button-variants'

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div data-slot="empty-state" className="flex flex-col items-center gap-2 py-8 text-center">
      <p className="font-medium text-fg">{title}</p>
      {children && <div className="text-sm text-muted">{children}</div>}
    </div>
  )
}

export function ErrorState({ message, retryLabel, onRetry }: { message: string; retryLabel?: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      data-slot="error-state"
      className="flex flex-col items-center gap-3 rounded-2xl bg-danger-bg p-6 text-center text-danger"
    >
      <p>{message}</p>
      {onRetry && retryLabel && (
        <button type="button" data-slot="button" className={buttonVariants({ variant: 'secondary' })} onClick={onRetry}>
          {retryLabel}
        </button>
      )}
    </div>
  )
}

import type { ComponentProps, HTMLAttributes } from 'react'
import { cn } from '@/lib/cn'

/** A card; `ref` reaches its element (React 19 passes it as a prop). */
export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="card" className={cn('rounded-2xl border border-border bg-surface p-5 shadow-sm', className)} {...props} />
}

export function CardTitle({ className, children, ...props }: HTMLAttributes<HTMLHeadingElement>) {
  return (
    <h2 data-slot="card-title" className={cn('text-lg font-semibold text-fg', className)} {...props}>
      {children}
    </h2>
  )
}

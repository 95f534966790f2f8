import { forwardRef, type InputHTMLAttributes } from 'react'
import { cn } from '@/lib/cn'

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input({ className, ...props }, ref) {
  return (
    <input
      ref={ref}
      data-slot="input"
      className={cn(
        'h-11 w-full rounded-xl border border-input bg-surface px-3 text-base text-fg placeholder:text-muted focus-visible:outline-2 focus-visible:outline-focus aria-[invalid=true]:border-danger aria-[invalid=true]:bg-danger-bg',
        className,
      )}
      {...props}
    />
  )
})

import type { ComponentProps } from 'react'
import * as ToastPrimitive from '@radix-ui/react-toast'
import { cn } from '@/lib/cn'

export const ToastProvider = ToastPrimitive.Provider

export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      data-slot="toast-viewport"
      className={cn(
        'fixed bottom-4 start-1/2 z-[60] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2 outline-none ltr:-translate-x-1/2 rtl:translate-x-1/2',
        className,
      )}
      {...props}
    />
  )
}

export function Toast({ className, ...props }: ComponentProps<typeof ToastPrimitive.Root>) {
  return (
    <ToastPrimitive.Root
      data-slot="toast"
      className={cn('rounded-xl bg-fg px-4 py-3 text-center text-sm font-medium text-bg shadow-lg', className)}
      {...props}
    />
  )
}

export const ToastTitle = ToastPrimitive.Title

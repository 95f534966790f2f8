import { cva } from 'class-variance-authority'

/**
 * The button's classes (shadcn/ui), apart from the Button component so that links styled as
 * buttons in the first screen (header) need neither the component nor tailwind-merge.
 */
export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus whitespace-nowrap',
  {
    variants: {
      variant: {
        primary: 'bg-primary text-primary-fg hover:opacity-90',
        secondary: 'bg-surface-2 text-fg hover:bg-border',
        ghost: 'text-fg hover:bg-surface-2',
        danger: 'bg-danger text-danger-fg hover:opacity-90',
        link: 'text-primary underline-offset-4 hover:underline px-0',
      },
      size: {
        sm: 'h-9 px-3 text-sm',
        md: 'h-11 px-4 text-base',
        lg: 'h-12 px-6 text-base',
        icon: 'h-10 w-10 p-0',
      },
      // Its own variant, so that a round button needs no class merging (tailwind-merge stays out of the first load).
      shape: {
        rounded: 'rounded-xl',
        round: 'rounded-full',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md', shape: 'rounded' },
  },
)

import { buttonVariants } from '@/components/ui/button'
import { cn } from '@/lib/cn'

export const iconButton = cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'rounded-full')

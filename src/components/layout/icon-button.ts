import { buttonVariants } from '@/components/ui/button-variants'

export const iconButton = buttonVariants({ variant: 'ghost', size: 'icon', shape: 'round' })

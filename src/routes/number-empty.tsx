import { createFileRoute } from '@tanstack/react-router'
import { NumberNotFound } from '@/features/number/components/number-not-found'

export const Route = createFileRoute('/number/empty')({ component: NumberNotFound })

import { createFileRoute } from '@tanstack/react-router'
import { NumberNotFound } from '@/features/number/components/number-not-found'

export const Route = createFileRoute('/number/not-found')({ component: NumberNotFound })

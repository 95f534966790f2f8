import { createFileRoute } from '@tanstack/react-router'
import { NumberNotFound } from '@/app/number-page/number-not-found'

export const Route = createFileRoute('/number/not-found')({ component: NumberNotFound })

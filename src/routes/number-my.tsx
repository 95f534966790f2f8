import { createFileRoute, redirect } from '@tanstack/react-router'
import { MyNumberPage } from '@/app/number/number-page'
import { auth } from '@/stores/auth'

export const Route = createFileRoute('/number/my')({
  beforeLoad: () => {
    if (!auth.isAuthenticated) throw redirect({ to: '/login' })
  },
  component: MyNumberPage,
})

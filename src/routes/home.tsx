import { createFileRoute, redirect } from '@tanstack/react-router'
import { auth } from '@/stores/auth'

export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: auth.isAuthenticated ? '/search' : '/login' })
  },
})

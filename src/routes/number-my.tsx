import { createFileRoute, redirect } from '@tanstack/react-router'
import { MyNumberPage } from '@/app/number-page/number-page'
import { OwnNameForm } from '@/features/account/components/own-name-form'
import { auth } from '@/stores/auth'

export const Route = createFileRoute('/number/my')({
  beforeLoad: () => {
    if (!auth.isAuthenticated) throw redirect({ to: '/login' })
  },
  component: MyNumber,
})

/** The own number's page, and below it the form for the own name (DESIGN.md section 9). */
function MyNumber() {
  return (
    <div className="flex flex-col gap-6">
      <MyNumberPage />
      <OwnNameForm />
    </div>
  )
}

import { createFileRoute, redirect } from '@tanstack/react-router'
import { ProfilePage } from '@/app/number-page/profile-page'
import { auth } from '@/stores/auth'

export const Route = createFileRoute('/profile_no_check/$profileId')({
  beforeLoad: () => {
    if (!auth.isAuthenticated) throw redirect({ to: '/login' })
  },
  component: ProfileNoCheckRoute,
})

function ProfileNoCheckRoute() {
  return <ProfilePage profileId={Route.useParams().profileId} />
}

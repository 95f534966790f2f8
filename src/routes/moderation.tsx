import { createFileRoute, redirect } from '@tanstack/react-router'
import { param, searchSchema } from '@/app/search-params'
import { ModerationPage, type QueueView } from '@/features/moderation/components/moderation-page'
import { auth } from '@/stores/auth'

// A bad value in the address falls back to the first page of open reports and complaints.
const moderationSearch = searchSchema({
  queue: param.oneOf(['disputes']),
  status: param.oneOf(['open', 'closed']),
  kind: param.oneOf(['report', 'complaint']),
  page: param.string(5, /^[1-9]\d{0,4}$/),
})

export const Route = createFileRoute('/moderation')({
  validateSearch: moderationSearch,
  beforeLoad: () => {
    if (!auth.isAuthenticated) throw redirect({ to: '/login' })
  },
  component: Moderation,
})

function Moderation() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const view: QueueView = {
    queue: search.queue ?? 'cases',
    status: search.status ?? 'open',
    kind: search.kind ?? 'all',
    page: Number(search.page ?? 1),
  }
  return (
    <ModerationPage
      {...view}
      onNavigate={(next) =>
        void navigate({
          search: (prev) => ({
            ...prev,
            queue: next.queue === 'cases' ? undefined : next.queue,
            status: next.status === 'open' ? undefined : next.status,
            kind: next.kind === 'all' ? undefined : next.kind,
            page: next.page > 1 ? String(next.page) : undefined,
          }),
        })
      }
    />
  )
}

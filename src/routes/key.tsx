import { createFileRoute, useSearch } from '@tanstack/react-router'
import { EntryRedirect } from '@/features/entry/entry-redirect'
import { param, searchSchema } from '@/app/search-params'

const entrySearch = searchSchema({
  to: param.string(2048),
  settings: param.string(16),
})

export const Route = createFileRoute('/key/$key')({
  validateSearch: entrySearch,
  component: KeyEntry,
})

function KeyEntry() {
  const { key } = Route.useParams()
  const search = Route.useSearch()
  const root = useSearch({ from: '__root__' })
  return <EntryRedirect routeKey={key} search={{ ...root, ...search }} />
}

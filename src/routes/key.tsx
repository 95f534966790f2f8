import { createFileRoute, useSearch } from '@tanstack/react-router'
import { z } from 'zod'
import { EntryRedirect } from '@/features/entry/entry-redirect'
import { stringValues } from '@/app/search-params'

const entrySearch = z.object({
  to: z.string().max(2048).optional().catch(undefined),
  settings: z.string().max(16).optional().catch(undefined),
})

export const Route = createFileRoute('/key/$key')({
  validateSearch: (search) => entrySearch.parse(stringValues(search)),
  component: KeyEntry,
})

function KeyEntry() {
  const { key } = Route.useParams()
  const search = Route.useSearch()
  const root = useSearch({ from: '__root__' })
  return <EntryRedirect routeKey={key} search={{ ...root, ...search }} />
}

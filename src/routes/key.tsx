import { createFileRoute, useSearch } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { EntryRedirect } from '@/features/entry/entry-redirect'
import { stringValues } from '@/app/search-params'

const entrySearch = z.object({
  to: z.catch(z.optional(z.string().check(z.maxLength(2048))), undefined),
  settings: z.catch(z.optional(z.string().check(z.maxLength(16))), undefined),
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

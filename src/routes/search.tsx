import { createFileRoute } from '@tanstack/react-router'
import { preloadSearchPage } from '@/app/first-data/preload'
import { SearchPage } from '@/features/search/components/search-page'

export const Route = createFileRoute('/search')({
  // Split with the component (vite.config.ts): the page's data asked for before its first render.
  loader: ({ cause }) => {
    if (cause === 'enter') preloadSearchPage()
  },
  component: SearchPage,
})

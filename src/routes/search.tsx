import { createFileRoute } from '@tanstack/react-router'
import { preloadSearchPage } from '@/app/first-data/preload'
import { SearchPage } from '@/features/search/components/search-page'

export const Route = createFileRoute('/search')({
  // A chunk of its own (vite.config.ts): the page's data asked for before its first render, not after its code.
  loader: ({ cause }) => {
    if (cause === 'enter') preloadSearchPage()
  },
  component: SearchPage,
})

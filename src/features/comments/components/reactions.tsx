import { useEffect, useState } from 'react'
import { useI18nContext } from '@i18n/i18n-react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { likeComment } from '../api/like-comment'
import { IconThumbDown, IconThumbUp } from '@/components/ui/action-icons'

interface Counts {
  likes: number
  dislikes: number
  hasLike: boolean
  hasDislike: boolean
}

/** Like and dislike toggles of a comment or a reply; the counts come back from the server. */
export function Reactions({ target, counts, onError }: { target: { comment_id?: number; thread_id?: number }; counts: Counts; onError: () => void }) {
  const { LL } = useI18nContext()
  const [state, setState] = useState(counts)
  const [busy, setBusy] = useState(false)
  useEffect(() => setState(counts), [counts.likes, counts.dislikes, counts.hasLike, counts.hasDislike]) // eslint-disable-line react-hooks/exhaustive-deps

  async function react(kind: 'LIKE' | 'DISLIKE') {
    const on = kind === 'LIKE' ? state.hasLike : state.hasDislike
    setBusy(true)
    try {
      const r = await likeComment(target, kind, on ? 'REMOVE' : 'ADD')
      setState({ likes: r.likes, dislikes: r.dislikes, hasLike: r.hasLike, hasDislike: r.hasDislike })
    } catch {
      onError()
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="flex items-center gap-1">
      <Button
        variant="ghost"
        size="sm"
        aria-pressed={state.hasLike}
        disabled={busy}
        onClick={() => void react('LIKE')}
        className={cn(state.hasLike && 'text-success')}
        data-testid="like"
      >
        <IconThumbUp />
        {LL.comments.likeCount({ count: state.likes })}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-pressed={state.hasDislike}
        disabled={busy}
        onClick={() => void react('DISLIKE')}
        className={cn(state.hasDislike && 'text-danger')}
        data-testid="dislike"
      >
        <IconThumbDown />
        {LL.comments.dislikeCount({ count: state.dislikes })}
      </Button>
    </div>
  )
}

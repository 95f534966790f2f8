import useSWRMutation from 'swr/mutation'
import { useI18nContext } from '@i18n/i18n-react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { IconThumbDown, IconThumbUp } from '@/components/ui/action-icons'
import { likeComment } from '../api/like-comment'

interface Counts {
  likes: number
  dislikes: number
  hasLike: boolean
  hasDislike: boolean
}

/** Like and dislike toggles of a comment or a reply; the counts come back from the server. */
export function Reactions({
  target,
  counts,
  onError,
}: {
  target: { comment_id?: number; thread_id?: number }
  counts: Counts
  onError: () => void
}) {
  const { LL } = useI18nContext()
  // The server's answer stands until the list brings other counts.
  const given = `${counts.likes} ${counts.dislikes} ${counts.hasLike} ${counts.hasDislike}`
  const react = useSWRMutation(
    ['like-comment', target],
    async (_key, { arg }: { arg: { kind: 'LIKE' | 'DISLIKE'; on: boolean } }) => {
      const r = await likeComment(target, arg.kind, arg.on ? 'REMOVE' : 'ADD')
      return { for: given, counts: { likes: r.likes, dislikes: r.dislikes, hasLike: r.hasLike, hasDislike: r.hasDislike } }
    },
    { throwOnError: false, onError: () => onError() },
  )
  const state = react.data?.for === given ? react.data.counts : counts
  const busy = react.isMutating

  return (
    <div className="flex items-center gap-1">
      <Button
        variant="ghost"
        size="sm"
        aria-pressed={state.hasLike}
        disabled={busy}
        onClick={() => void react.trigger({ kind: 'LIKE', on: state.hasLike })}
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
        onClick={() => void react.trigger({ kind: 'DISLIKE', on: state.hasDislike })}
        className={cn(state.hasDislike && 'text-danger')}
        data-testid="dislike"
      >
        <IconThumbDown />
        {LL.comments.dislikeCount({ count: state.dislikes })}
      </Button>
    </div>
  )
}

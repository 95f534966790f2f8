import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { useI18nContext } from '@i18n/i18n-react'
import type { Comment } from '@contract/api/number-profile'
import { Avatar } from '@/components/ui/avatar'
import { Badge } from '@/components/ui/badge'
import { CommentDate } from './comment-date'

type Reply = Comment['thread'][number]

function authorName(p: { firstName: string | null; lastName: string | null }): string | null {
  return [p.firstName, p.lastName].filter(Boolean).join(' ') || null
}

/** Author, date and the text as plain text (React escapes it; line breaks kept). */
export function CommentBody({
  item,
  mine,
  textId = 'comment-text',
  badges,
}: {
  item: Reply
  mine: boolean
  textId?: string
  badges?: ReactNode
}) {
  const { LL } = useI18nContext()
  const name = authorName(item) ?? LL.comments.anonymous()
  return (
    <>
      <div className="flex items-center gap-3">
        <Avatar name={name} src={item.avatar} size={36} />
        <div className="flex min-w-0 flex-col">
          <span className="flex flex-wrap items-center gap-2 font-medium text-fg">
            {item.profile_id > 0 ? (
              // The author's own profile page (SPEC.md section 2, source FROM_COMMENTS).
              <Link
                to="/profile/$profileId"
                params={{ profileId: String(item.profile_id) }}
                className="truncate hover:underline"
                dir="auto"
                data-testid="comment-author"
              >
                {name}
              </Link>
            ) : (
              <span className="truncate" dir="auto" data-testid="comment-author">
                {name}
              </span>
            )}
            {mine && <Badge tone="primary">{LL.comments.you()}</Badge>}
            {badges}
          </span>
          <span className="flex flex-wrap items-center gap-2">
            <CommentDate seconds={item.createdAtTimestamp} />
            {item.updatedAtTimestamp !== null && item.updatedAtTimestamp !== item.createdAtTimestamp && (
              <span className="text-sm text-muted">· {LL.comments.edited()}</span>
            )}
          </span>
        </div>
      </div>
      <p dir="auto" className="whitespace-pre-line break-words text-start text-fg" data-testid={textId}>
        {item.text}
      </p>
    </>
  )
}

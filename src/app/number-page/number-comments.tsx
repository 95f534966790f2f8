import { useI18nContext } from '@i18n/i18n-react'
import type { CommunityComment } from '@contract/api/community'
import type { NumberProfile } from '@contract/api/number-profile'
import { cancelHide } from '@/features/coins/api/cancel-hide'
import { openHideOptions } from '@/features/coins/hide-review'
import { CommentsCard } from '@/features/comments/components/comments-card'
import { openComplaint, type ComplaintTarget } from '@/features/complaints'

/** A review as a complaint about it names it. */
function complaintAbout(comment: CommunityComment, phone: string): ComplaintTarget {
  return { type: 'comment', id: comment.id, firstName: comment.firstName, lastName: comment.lastName, profileId: comment.profile_id, phone }
}

/** A reply in a review's thread as a complaint about it names it. */
function replyComplaint(reply: CommunityComment['thread'][number], phone: string): ComplaintTarget {
  return { type: 'thread', id: reply.id, firstName: reply.firstName, lastName: reply.lastName, profileId: reply.profile_id, phone }
}

/**
 * The number's comments, their Hide button wired to the coins' hide options (the
 * owner, who may complain instead) and to the complaint modal (anyone else); a reply's
 * Hide button to the complaint modal.
 */
export function NumberComments({ data }: { data: NumberProfile }) {
  const { LL } = useI18nContext()
  const complain = (comment: CommunityComment) => openComplaint(LL, complaintAbout(comment, data.phone.number))
  return (
    <CommentsCard
      data={data}
      hideFlows={{
        hideForCoins: (comment, onHidden) => openHideOptions(LL, { commentId: comment.id, onHidden, onComplain: () => complain(comment) }),
        stopHiding: cancelHide,
        complain,
        complainReply: (reply) => openComplaint(LL, replyComplaint(reply, data.phone.number)),
      }}
    />
  )
}

import type { CommunityComment } from '@contract/api/community'

type Reply = CommunityComment['thread'][number]

/**
 * What a review's or a reply's Hide button starts, in features other than this one; the number page
 * wires them in (src/app/number-page/number-comments.tsx). The number's owner hides a review
 * for coins and may stop the renewal; anyone else files a complaint about it.
 */
export interface HideFlows {
  /** Opens the options to hide the review for coins; `onHidden` runs once it is hidden. */
  hideForCoins: (comment: CommunityComment, onHidden: () => void | Promise<void>) => void
  /** Stops renewing a hidden review; it stays hidden until the paid month ends. */
  stopHiding: (commentId: number) => Promise<unknown>
  /** Opens the complaint about the review. */
  complain: (comment: CommunityComment) => void
  /** Opens the complaint about a reply in a review's thread (a reply is never hidden for coins). */
  complainReply: (reply: Reply) => void
}

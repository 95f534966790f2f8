import { randomUUID } from 'node:crypto'
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { comments, reactions, threadReplies } from '../../db/schema'
import { notFound } from '../../errors'
import { balanceOf, notEnoughCoins, spendCoins } from '../coins/ledger-repository'

export type ReactionTarget = 'comment' | 'thread'
export type ReactionKind = 'LIKE' | 'DISLIKE' | 'COMMENT_UP'

/** Recounts likes and dislikes of a target from its reaction rows. */
function likeCounts(targetType: ReactionTarget, targetId: number) {
  const count = (kind: 'LIKE' | 'DISLIKE') =>
    sql<number>`(select count(*)::int from ${reactions} where ${reactions.targetType} = ${targetType} and ${reactions.targetId} = ${targetId} and ${reactions.kind} = ${kind})`
  return { likes: count('LIKE'), dislikes: count('DISLIKE') }
}

/**
 * A like, dislike or comment-up on a comment or reply. LIKE and DISLIKE are one per
 * user and target (switching replaces); a COMMENT_UP spends `amount` coins with the
 * conditional spend of coins/ledger, so parallel ones never take the balance below
 * zero (402 when short). Answers the target's counters, and the balance after a spend.
 */
export async function react(
  db: Db,
  args: { userId: number; targetType: ReactionTarget; targetId: number; kind: ReactionKind; action: 'ADD' | 'REMOVE'; amount: number },
) {
  const { userId, targetType, targetId, kind } = args
  const table = targetType === 'thread' ? threadReplies : comments
  const counters = { likes: table.likes, dislikes: table.dislikes, commentUps: table.commentUps }
  return db.transaction(async (tx) => {
    // Lock the target first (then the user's balance): every writer takes the locks in this order.
    const [locked] = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, targetId), isNull(table.removedAt)))
      .for('update')
    if (!locked) throw notFound(targetType === 'thread' ? 'No such reply' : 'No such comment')
    const mine = and(eq(reactions.userId, userId), eq(reactions.targetType, targetType), eq(reactions.targetId, targetId))
    let balance: number | null = null
    if (kind === 'COMMENT_UP') {
      const amount = args.amount
      balance = await spendCoins(tx, userId, amount, 'comment_up', `${targetType}:${targetId}:${randomUUID()}`)
      if (balance === null) throw notEnoughCoins(amount, await balanceOf(tx, userId))
      await tx.insert(reactions).values({ userId, targetType, targetId, kind: 'COMMENT_UP', amount })
      const [row] = await tx
        .update(table)
        .set({ commentUps: sql`${table.commentUps} + ${amount}` })
        .where(eq(table.id, targetId))
        .returning(counters)
      return { row, balance }
    }
    if (args.action === 'ADD') {
      await tx.delete(reactions).where(and(mine, inArray(reactions.kind, ['LIKE', 'DISLIKE'])))
      await tx.insert(reactions).values({ userId, targetType, targetId, kind })
    } else {
      await tx.delete(reactions).where(and(mine, eq(reactions.kind, kind)))
    }
    const [row] = await tx.update(table).set(likeCounts(targetType, targetId)).where(eq(table.id, targetId)).returning(counters)
    return { row, balance }
  })
}

/** The kinds of reaction the user has on a target. */
export async function reactionKinds(db: Db, userId: number, targetType: ReactionTarget, targetId: number): Promise<Set<ReactionKind>> {
  const rows = await db
    .select({ kind: reactions.kind })
    .from(reactions)
    .where(and(eq(reactions.userId, userId), eq(reactions.targetType, targetType), eq(reactions.targetId, targetId)))
  return new Set(rows.map((k) => k.kind))
}

/** Deletes the reactions on a comment and on its replies (reactions have no foreign key). */
export async function deleteReactionsOfComment(db: Db, commentId: number): Promise<void> {
  await db
    .delete(reactions)
    .where(
      or(
        and(eq(reactions.targetType, 'comment'), eq(reactions.targetId, commentId)),
        and(
          eq(reactions.targetType, 'thread'),
          inArray(
            reactions.targetId,
            db.select({ id: threadReplies.id }).from(threadReplies).where(eq(threadReplies.commentId, commentId)),
          ),
        ),
      ),
    )
}

/** Deletes the reactions on one reply. */
export async function deleteReactionsOfReply(db: Db, replyId: number): Promise<void> {
  await db.delete(reactions).where(and(eq(reactions.targetType, 'thread'), eq(reactions.targetId, replyId)))
}

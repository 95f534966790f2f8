import { expect, fn, waitFor } from 'storybook/test'
import type { CommunityComment } from '@contract/api/community'
import { emptyNumberProfile, type NumberProfile } from '@contract/api/number-profile'
import type { HideFlows } from '@/features/comments/hide-flows'
import { balance } from '@/stores/balance'
import { ok, type ApiTable, type Reply } from '../../support/api'
import { STORY_NOW } from '../../support/clock'
import { MY_NUMBER, richNumber } from '../../support/fixtures'

/** The Hide button's flows belong to other features; here they are only recorded (stories/app/number-page runs them). */
export function hideFlowSpies(): HideFlows {
  return { hideForCoins: fn(), stopHiding: fn(async () => undefined), complain: fn(), complainReply: fn() }
}

/** The signed-in story user (stories/support/session.ts). */
export const VIEWER_ID = 7
const now = Math.floor(STORY_NOW / 1000)
const blank = {
  updatedAtTimestamp: null,
  avatar: null,
  hasLike: false,
  hasDislike: false,
  hasCommentUp: false,
  hiddenBy: null,
  endDateTimestamp: null,
  likes: 0,
  dislikes: 0,
  commentUps: 0,
}

export type ReplyShape = CommunityComment['thread'][number]

export function reply(id: number, text: string, over: Partial<ReplyShape> = {}): ReplyShape {
  return { ...blank, id, profile_id: 40 + id, text, createdAtTimestamp: now - 3600 + id * 60, firstName: 'Ravi', lastName: null, ...over }
}

export function comment(id: number, text: string, over: Partial<CommunityComment> = {}): CommunityComment {
  return {
    ...blank,
    id,
    profile_id: 30 + id,
    text,
    createdAtTimestamp: now - 7200 + id * 60,
    firstName: 'Dana',
    lastName: 'K.',
    pinned: false,
    hideRenews: null,
    thread_count: 0,
    thread: [],
    ...over,
  }
}

/** The story user's own number: they own it, so Pin and Hide show. */
export function ownNumber(): NumberProfile {
  const p = emptyNumberProfile(MY_NUMBER.slice(1))
  return {
    ...p,
    profile: { ...p.profile, id: VIEWER_ID, firstName: 'Sam', lastName: null },
    phone: { region: 'New Jersey', carrier: null, number: MY_NUMBER },
    metrics: { ...p.metrics, commentsCount: 2 },
  }
}

/** Someone else's number. */
export const otherNumber = richNumber

/**
 * A small server for one story: the comment list, the balance and the coin calls keep
 * state, reset in `beforeEach`, so a play function sees what a real server would answer.
 */
export function fakeServer(initial: { balance: number; items: CommunityComment[] }) {
  const state = { balance: initial.balance, items: structuredClone(initial.items), calls: [] as string[] }
  const body = (init?: RequestInit) => new URLSearchParams(String(init?.body ?? ''))
  const table: ApiTable = {
    'GET /api/v6/numcy/balance': () => ok({ balance: state.balance }),
    'GET /api/v7/comment/list': () =>
      ok({
        items: [...state.items].sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.commentUps - a.commentUps),
        total: state.items.length,
      }),
    'POST /api/v11/comment/like': (_url, init): Reply => {
      const b = body(init)
      const id = Number(b.get('comment_id'))
      const cost = Number(b.get('comment_up_count') ?? 1)
      state.calls.push(`like ${b.get('like_type')} ${id}`)
      if (state.balance < cost) return { status: 402, body: { status: false, status_code: 3101, message: 'Not enough coins' } }
      const c = state.items.find((x) => x.id === id)!
      state.balance -= cost
      c.commentUps += cost
      c.hasCommentUp = true
      return ok({
        likes: c.likes,
        dislikes: c.dislikes,
        commentUps: c.commentUps,
        hasLike: c.hasLike,
        hasDislike: c.hasDislike,
        hasCommentUp: true,
        balance: state.balance,
      })
    },
    'POST /api/v6/comment/pin': (_url, init) => {
      const b = body(init)
      const id = Number(b.get('comment_id'))
      const pin = b.get('pin') === '1'
      state.calls.push(`pin ${id} ${pin}`)
      for (const c of state.items) c.pinned = pin && c.id === id
      return ok({ comment_id: id, pinned: pin })
    },
    'POST /api/v6/numcy/subscription/comment/add': (_url, init) => {
      const id = Number(body(init).get('comment_id'))
      state.calls.push(`hide ${id}`)
      const c = state.items.find((x) => x.id === id)!
      state.balance -= 10
      c.hiddenBy = VIEWER_ID
      c.endDateTimestamp = now + 30 * 86400
      return ok({
        comment_id: id,
        status: 'active',
        autoRenew: true,
        hiddenBy: VIEWER_ID,
        endDateTimestamp: c.endDateTimestamp,
        balance: state.balance,
      })
    },
    'POST /api/v6/numcy/subscription/comment/cancel': (_url, init) => {
      const id = Number(body(init).get('comment_id'))
      state.calls.push(`cancel ${id}`)
      const c = state.items.find((x) => x.id === id)!
      return ok({
        comment_id: id,
        status: 'cancelled',
        autoRenew: false,
        hiddenBy: c.hiddenBy,
        endDateTimestamp: c.endDateTimestamp,
        balance: state.balance,
      })
    },
  }
  return {
    state,
    table,
    reset() {
      state.balance = initial.balance
      state.items = structuredClone(initial.items)
      state.calls = []
    },
  }
}

/** Formats a day as the hidden notice does. */
export function day(locale: string, seconds: number): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', numberingSystem: 'latn' }).format(new Date(seconds * 1000))
}

/** Waits for a balance refresh still under way, so it cannot land in the next story. */
export async function balanceSettled() {
  await waitFor(() => expect(balance.loading).toBe(false), { timeout: 3000 })
}

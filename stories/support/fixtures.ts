import type { HistoryItem, MainData } from '@contract/api/account'
import type { AuthMethodInfo } from '@contract/api/auth'
import type { CommunityComment } from '@contract/api/community'
import { emptyNumberProfile, type NumberProfile } from '@contract/api/number-profile'
import { STORY_NOW } from './clock'

/** Fictional numbers from the 555-01xx range, as in the demo seed. */
export const MY_NUMBER = '+12015550100'
export const SCAM_DIGITS = '12015550166'
export const QUIET_DIGITS = '12015550150'

const tag = (id: number, code: string, count: number) => ({ id, code, name: code, count })

/** A number with a name, tags and evidence from several sources. */
export function richNumber(): NumberProfile {
  const p = emptyNumberProfile(SCAM_DIGITS)
  return {
    ...p,
    averageProfile: { id: 12, firstName: 'Prize', lastName: 'Department' },
    metrics: { ...p.metrics, bans: 214, commentsCount: 38, contactsCount: 5, index: 1.4, isUnwanted: true, isManyCalls: true },
    phone: { region: 'New Jersey', carrier: 'Demo Mobile', number: `+${SCAM_DIGITS}` },
    common: { ...p.common, leftRequests: 27 },
    tagsTop: {
      ...p.tagsTop,
      callerType: tag(1, 'robot', 61),
      categories: [tag(2, 'fraud', 48), tag(3, 'advertising', 17)],
      subcategories: [tag(4, 'imposter', 9)],
      callReasons: [tag(5, 'bank', 6)],
    },
    evidence: [
      { kind: 'imported', source: 'phoneblock', label: 'fraud', votes: 1042, weight: 0.9, direction: 'negative' },
      { kind: 'bans', source: 'users', label: 'ban', votes: 214, weight: 0.7, direction: 'negative' },
      { kind: 'polls', source: 'users', label: 'robocall', votes: 33, weight: 0.4, direction: 'negative' },
      { kind: 'imported', source: 'ftc', label: 'imposter', votes: 12, weight: 0.3, direction: 'negative' },
    ],
  }
}

/** A number nobody has reported: no name, no tags, no evidence. */
export function quietNumber(): NumberProfile {
  return emptyNumberProfile(QUIET_DIGITS)
}

/** The daily limit is used up: the page offers paid search. */
export function limitedNumber(): NumberProfile {
  const p = richNumber()
  return { ...p, common: { ...p.common, leftRequests: 0 }, paidAlert: { show: true, paidSearchPrice: 2 } }
}

const minutesAgo = (m: number) => Math.floor(STORY_NOW / 1000) - m * 60

export const HISTORY: HistoryItem[] = [
  { id: 3, phoneNumber: `+${SCAM_DIGITS}`, date: minutesAgo(12), name: 'Prize Department', index: 1.4 },
  { id: 2, phoneNumber: `+${QUIET_DIGITS}`, date: minutesAgo(60 * 5), name: null, index: 5 },
  { id: 1, phoneNumber: '+4930901820', date: minutesAgo(60 * 26), name: null, index: 7.2 },
]

export const MAIN_DATA: MainData = {
  featuredNumbers: [
    { phoneNumber: `+${SCAM_DIGITS}`, name: 'Prize Department', index: 1.4 },
    { phoneNumber: '+12015550177', name: null, index: 2.1 },
  ],
  overlimitSearch: false,
  searchDailyLimit: 30,
  accessToNeuroOwl: false,
  leftRequests: 4,
}

export const AUTH_CODE = '482916'

export const DEV_METHODS: AuthMethodInfo[] = [{ method: 'dev' }]

export const MESSENGER_METHODS: AuthMethodInfo[] = [
  { method: 'telegram', link: `https://t.me/callerid_demo_bot?start=${AUTH_CODE}` },
  { method: 'whatsapp', link: `https://wa.me/12015550199?text=${AUTH_CODE}` },
  { method: 'sms', number: '+12015550199', text: AUTH_CODE },
]

export function authCode(methods: AuthMethodInfo[]) {
  return { code: AUTH_CODE, expiresIn: 120, auth: methods }
}

const base = {
  updatedAtTimestamp: null,
  avatar: null,
  hasLike: false,
  hasDislike: false,
  hasCommentUp: false,
  hiddenBy: null,
  endDateTimestamp: null,
}

/** Two comments on the scam number, one with a reply. */
export function comments(): CommunityComment[] {
  const reply = {
    ...base,
    id: 12,
    profile_id: 31,
    text: 'Same here, they asked for my card number.',
    createdAtTimestamp: minutesAgo(50),
    firstName: 'Noor',
    lastName: null,
    likes: 2,
    dislikes: 0,
    commentUps: 0,
  }
  return [
    {
      ...base,
      id: 11,
      profile_id: 30,
      text: 'Said I won a prize and had to pay a fee first. Hung up.',
      createdAtTimestamp: minutesAgo(90),
      firstName: 'Dana',
      lastName: 'K.',
      likes: 14,
      dislikes: 1,
      commentUps: 0,
      pinned: false,
      hideRenews: null,
      thread_count: 1,
      thread: [reply],
    },
    {
      ...base,
      id: 10,
      profile_id: 29,
      text: 'Recorded voice, asks to press 1.',
      createdAtTimestamp: minutesAgo(60 * 30),
      firstName: null,
      lastName: null,
      likes: 3,
      dislikes: 0,
      commentUps: 0,
      pinned: false,
      hideRenews: null,
      thread_count: 0,
      thread: [],
    },
  ]
}

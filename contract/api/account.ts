import { z } from 'zod'
import { ROLES } from '../constants'
import { textField } from '../text'
import { okEnvelope } from './envelope'

export const historyItem = z.object({
  id: z.number().int(),
  phoneNumber: z.string(),
  date: z.number().int(),
  name: z.string().nullable(),
  index: z.number().nullable(),
})
export type HistoryItem = z.infer<typeof historyItem>

export const historyListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100000).default(0),
  order_by: z.enum(['new', 'old']).default('new'),
})
export const historyListResponse = okEnvelope(z.object({ items: z.array(historyItem), total: z.number().int() }))

export const historyAddBody = z.object({
  phoneNumber: textField({ max: 64, kind: 'line' }),
  date: z.coerce.number().int().positive().optional(),
})

export const myProfile = z.object({
  profileId: z.number().int(),
  phoneNumber: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(ROLES),
  balance: z.number().int(),
  locale: z.string().nullable(),
  antispy: z.boolean(),
  profileGoing: z.boolean(),
  overlimit: z.boolean(),
  isPro: z.boolean(),
  /** The plan in force (null: free). */
  planTier: z.enum(['tier1', 'tier2']).nullable(),
  createdAtTimestamp: z.number().int(),
})
export type MyProfile = z.infer<typeof myProfile>
export const myProfileResponse = okEnvelope(myProfile)

export const balanceResponse = okEnvelope(z.object({ balance: z.number().int() }))

export const mainLoadQuery = z.object({ lang: z.string().max(16).optional(), platform: z.string().max(16).optional() })
export const mainData = z.object({
  featuredNumbers: z.array(z.object({ phoneNumber: z.string(), name: z.string().nullable(), index: z.number() })),
  overlimitSearch: z.boolean(),
  searchDailyLimit: z.number().int(),
  accessToNeuroOwl: z.boolean(),
  leftRequests: z.number().int(),
})
export type MainData = z.infer<typeof mainData>
export const mainLoadResponse = okEnvelope(mainData)

export const healthResponse = okEnvelope(z.object({ db: z.literal('ok'), version: z.string() }))

import type { MyProfile } from '@contract/api/account'
import { answerSchema, checkAnswer } from '@/lib/api'
import { ApiError } from '@/lib/api-error'

/**
 * GET /api/v6/profile/my with a token that is not the session's yet: whether a key is a
 * live session, and whose. Not through the API client, whose refusal handling would sign
 * the current user out for someone else's bad token. Null when the server refuses the token.
 */
export async function getProfileWithToken(token: string, locale: string): Promise<MyProfile | null> {
  let res: Response
  try {
    res = await fetch(`/api/v6/profile/my?${new URLSearchParams({ locale })}`, {
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    })
  } catch {
    throw new ApiError(0, 0, 'network')
  }
  if (res.status === 401 || res.status === 403) return null
  if (!res.ok) throw new ApiError(res.status, 0, res.statusText)
  return (await checkAnswer(answerSchema('account', 'myProfileResponse'), await res.json())).data
}

import { describe, expect, it } from 'vitest'
import type { CommunityComment } from '@contract/api/community'
import { emptyNumberProfile } from '@contract/api/number-profile'
import { ERROR_CODES } from '@contract/errors'
import { ApiError } from '@/lib/api-error'
import { isPostingBanned } from '../posting-banned'
import { isNumberOwner } from '@/lib/number-owner'
import { withPinnedFirst } from './comments-card'

const c = (id: number, pinned = false) => ({ id, pinned }) as CommunityComment

describe('isNumberOwner', () => {
  const page = { ...emptyNumberProfile('4915171000001'), profile: { ...emptyNumberProfile('1').profile, id: 9 } }
  it('matches the profile id', () => expect(isNumberOwner(page, { profileId: 9, phoneNumber: null })).toBe(true))
  it('matches the own number when the profile is unlisted', () => {
    const unlisted = { ...page, profile: { ...page.profile, id: null } }
    expect(isNumberOwner(unlisted, { profileId: 9, phoneNumber: '+49 151 71000001' })).toBe(true)
  })
  it('is false for anyone else and for a signed-out viewer', () => {
    expect(isNumberOwner(page, { profileId: 3, phoneNumber: '+4915171000002' })).toBe(false)
    expect(isNumberOwner({ ...page, profile: { ...page.profile, id: null } }, { profileId: 0, phoneNumber: null })).toBe(false)
  })
})

describe('withPinnedFirst', () => {
  it('moves the pinned comment of the list to the top', () => {
    expect(withPinnedFirst([c(1), c(2, true), c(3)], null).map((x) => x.id)).toEqual([2, 1, 3])
  })
  it('adds the page pinned comment when the list lacks it, never twice', () => {
    const pinned = { ...c(7), pinned: undefined } as unknown as CommunityComment
    expect(withPinnedFirst([c(1)], pinned).map((x) => [x.id, x.pinned])).toEqual([
      [7, true],
      [1, false],
    ])
    // Unpinned meanwhile: the fresh list wins over a stale page.
    expect(withPinnedFirst([c(1), c(7)], pinned).map((x) => x.id)).toEqual([1, 7])
  })
})

it('recognises a posting ban by its code', () => {
  expect(isPostingBanned(new ApiError(403, ERROR_CODES.POSTING_BANNED, 'x'))).toBe(true)
  expect(isPostingBanned(new ApiError(403, ERROR_CODES.FORBIDDEN, 'x'))).toBe(false)
})

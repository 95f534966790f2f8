// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import useSWR, { SWRConfig } from 'swr'
import { beforeEach, describe, expect, it } from 'vitest'
import { auth, signedOut } from '@/stores/auth'
import { HISTORY_KEY, mainDataKey } from './page-keys'
import { STORAGE_KEYS as K } from './storage'
import { keepAnswer, storedAnswer, useStoredAnswer } from './stored-answers'

const fresh = ({ children }: { children: ReactNode }) => <SWRConfig value={{ provider: () => new Map() }}>{children}</SWRConfig>

function signIn(profileId: number) {
  Object.assign(auth, { isAuthenticated: true, accessToken: 'tok', profileId })
}

describe('the answers SPEC.md section 9 keeps in local storage (mainData, history, profile)', () => {
  beforeEach(() => {
    localStorage.clear()
    signIn(7)
  })

  it('shows the kept lists on the first render of the next visit, then keeps the server’s new answer', async () => {
    keepAnswer(K.mainData, mainDataKey('en'), { leftRequests: 12 })
    let answer: ((v: unknown) => void) | undefined
    const { result } = renderHook(
      () => useSWR(mainDataKey('en'), () => new Promise((r) => (answer = r)), useStoredAnswer(K.mainData, mainDataKey('en'))),
      { wrapper: fresh },
    )
    // Before the server answers: what was kept.
    expect(result.current.data).toEqual({ leftRequests: 12 })
    // The server is asked again all the same.
    await waitFor(() => expect(answer).toBeDefined())
    answer!({ leftRequests: 11 })
    await waitFor(() => expect(result.current.data).toEqual({ leftRequests: 11 }))
    expect(JSON.parse(localStorage.getItem('mainData')!).data).toEqual({ leftRequests: 11 })
  })

  it('keeps the history under its own key', async () => {
    const { result } = renderHook(
      () =>
        useSWR(
          HISTORY_KEY,
          async () => ({ items: [1], total: 1 }),
          useStoredAnswer<{ items: number[]; total: number }>(K.history, HISTORY_KEY),
        ),
      {
        wrapper: fresh,
      },
    )
    await waitFor(() => expect(result.current.data).toEqual({ items: [1], total: 1 }))
    expect(storedAnswer(K.history, HISTORY_KEY)).toEqual({ items: [1], total: 1 })
  })

  it('reads nothing for another language, another person or no session, and nothing after signing out', () => {
    keepAnswer(K.mainData, mainDataKey('en'), { leftRequests: 12 })
    expect(storedAnswer(K.mainData, mainDataKey('ru'))).toBeUndefined()
    signIn(8)
    expect(storedAnswer(K.mainData, mainDataKey('en'))).toBeUndefined()
    signIn(7)
    expect(storedAnswer(K.mainData, mainDataKey('en'))).toEqual({ leftRequests: 12 })
    signedOut()
    expect(localStorage.getItem('mainData')).toBeNull()
    expect(storedAnswer(K.mainData, mainDataKey('en'))).toBeUndefined()
  })

  it('survives what another version wrote there', () => {
    localStorage.setItem('profile', '{not json')
    expect(storedAnswer(K.profile, ['me', 'en'])).toBeUndefined()
  })
})

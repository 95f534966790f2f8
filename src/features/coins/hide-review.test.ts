// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18nObject } from '@i18n/i18n-util'
import { loadLocale } from '@i18n/i18n-util.sync'
import { ERROR_CODES } from '@contract/errors'
import { ApiError } from '@/lib/api'
import { balance } from '@/stores/balance'
import { closeModal, modal } from '@/stores/modal'
import { errorCode } from './hide-modals'
import { hideReview } from './hide-review'

loadLocale('en')
const LL = i18nObject('en')

type Answer = { status: number; body: unknown }
const ok = (data: unknown): Answer => ({ status: 200, body: { status: true, data } })

/** A fetch answering the balance and the hide call; records the paths called. */
function server(serverBalance: number, hide: Answer) {
  const calls: string[] = []
  vi.stubGlobal('fetch', async (url: string) => {
    const path = new URL(url, 'http://x').pathname
    calls.push(path)
    const answer = path === '/api/v6/numcy/balance' ? ok({ balance: serverBalance }) : hide
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } })
  })
  return calls
}

const hidden = (left: number) =>
  ok({ comment_id: 5, status: 'active', autoRenew: true, hiddenBy: 1, endDateTimestamp: 1_800_000_000, balance: left })
const request = (onHidden = vi.fn()) => ({ commentId: 5, onHidden, onComplain: vi.fn() })

describe('hideReview (SPEC.md section 4, hide flow)', () => {
  beforeEach(() => {
    Object.assign(balance, { value: 0, loading: false })
    closeModal()
  })
  afterEach(() => vi.unstubAllGlobals())

  it('with 10 coins or more hides, shows success with the new balance and refreshes the page', async () => {
    balance.value = 25
    const calls = server(15, hidden(15))
    const r = request()
    await hideReview(LL, r)
    expect(calls[0]).toBe('/api/v6/numcy/subscription/comment/add')
    expect(modal.modalId).toBe('hide-success')
    expect(balance.value).toBe(15)
    expect(r.onHidden).toHaveBeenCalledOnce()
  })

  it('under 10 coins opens not-enough-coins without calling hide', async () => {
    balance.value = 9
    const calls = server(9, hidden(0))
    const r = request()
    await hideReview(LL, r)
    expect(calls).not.toContain('/api/v6/numcy/subscription/comment/add')
    expect(modal.modalId).toBe('not-enough-coins')
    expect(r.onHidden).not.toHaveBeenCalled()
  })

  it('a 402 from the server (stale balance) opens not-enough-coins', async () => {
    balance.value = 12
    server(2, { status: 402, body: { status: false, status_code: ERROR_CODES.INSUFFICIENT_COINS, message: 'Not enough coins' } })
    const r = request()
    await hideReview(LL, r)
    expect(modal.modalId).toBe('not-enough-coins')
    expect(r.onHidden).not.toHaveBeenCalled()
  })

  it('another failure opens the error modal', async () => {
    balance.value = 12
    server(12, { status: 500, body: { status: false, status_code: ERROR_CODES.INTERNAL, message: 'boom' } })
    await hideReview(LL, request())
    expect(modal.modalId).toBe('hide-error')
    expect(modal.title).toBe(LL.commentMoney.hideErrorTitle())
  })
})

it('shows the server code, else the HTTP status', () => {
  expect(errorCode(new ApiError(409, 3102, 'x'))).toBe('3102')
  expect(errorCode(new ApiError(502, 0, 'x'))).toBe('502')
  expect(errorCode(new ApiError(0, 0, 'network'))).toBe('network')
})

// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import TypesafeI18n from '@i18n/i18n-react'
import { i18nObject } from '@i18n/i18n-util'
import { loadLocale } from '@i18n/i18n-util.sync'
import { resetBusy, showBusy } from '@/stores/busy'
import { BusyNotice } from './busy-notice'

loadLocale('en')
const LL = i18nObject('en')

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2025, 2, 14, 9, 30) })
  render(
    <TypesafeI18n locale="en">
      <BusyNotice />
    </TypesafeI18n>,
  )
})
afterEach(() => {
  cleanup()
  act(() => resetBusy())
  vi.useRealTimers()
})

const shown = () => screen.queryByTestId('busy-notice')

describe('the busy notice', () => {
  it('counts down the seconds to the next try in a polite status region, announced once, and goes when they are up', async () => {
    const status = screen.getByRole('status')
    expect(status).toBeEmptyDOMElement()
    await act(async () => showBusy(3, true))
    expect(shown()).toBeVisible()
    expect(shown()).toHaveTextContent(LL.busy.retrying({ seconds: 3 }))
    await act(() => vi.advanceTimersByTimeAsync(1000))
    // What the eye sees ticks; what a screen reader was told stays as it was said.
    expect(status.querySelector('[aria-hidden="true"]')).toHaveTextContent(LL.busy.retrying({ seconds: 2 }))
    expect(status.querySelector('.sr-only')).toHaveTextContent(LL.busy.retrying({ seconds: 3 }))
    await act(() => vi.advanceTimersByTimeAsync(2000))
    expect(shown()).toBeNull()
  })

  it('asks the user to try again when the call is not repeated by itself', async () => {
    await act(async () => showBusy(5, false))
    expect(shown()).toHaveTextContent(LL.busy.tryLater({ seconds: 5 }))
    await act(() => vi.advanceTimersByTimeAsync(5000))
    expect(shown()).toBeNull()
  })
})

// @vitest-environment jsdom
import { lazy } from 'react'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import TypesafeI18n from '@i18n/i18n-react'
import { loadLocale } from '@i18n/i18n-util.sync'
import { NearScreen } from './near-screen'

loadLocale('en')

const inApp = (children: React.ReactNode) => render(<TypesafeI18n locale="en">{children}</TypesafeI18n>)

describe('a card rendered near the screen (ADR 0041)', () => {
  afterEach(() => {
    cleanup()
    vi.restoreAllMocks()
  })

  it('keeps its busy frame while its code loads, then shows the card', async () => {
    // jsdom has no IntersectionObserver: the card counts as near at once.
    let arrive!: (module: { default: () => React.ReactNode }) => void
    const Card = lazy(() => new Promise<{ default: () => React.ReactNode }>((resolve) => (arrive = resolve)))
    inApp(
      <NearScreen title="Comments">
        <Card />
      </NearScreen>,
    )
    expect(screen.getByRole('region', { name: 'Comments' }).getAttribute('aria-busy')).toBe('true')
    arrive({ default: () => <p>Two comments</p> })
    expect(await screen.findByText('Two comments')).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Comments' })).toBeNull()
  })

  it('says in its own frame that a card could not load, and the rest of the page goes on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const Card = lazy(() => Promise.reject(new Error('Failed to fetch dynamically imported module')))
    inApp(
      <>
        <h1>Phone number</h1>
        <NearScreen title="Comments">
          <Card />
        </NearScreen>
      </>,
    )
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Something went wrong')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
    const frame = screen.getByRole('region', { name: 'Comments' })
    expect(frame.getAttribute('aria-busy')).toBeNull()
    expect(screen.getByRole('heading', { name: 'Phone number' })).toBeTruthy()
  })
})

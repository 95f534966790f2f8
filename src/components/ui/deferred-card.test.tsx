// @vitest-environment jsdom
import { lazy } from 'react'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import TypesafeI18n from '@i18n/i18n-react'
import { loadLocale } from '@i18n/i18n-util.sync'
import { DeferredCard } from './deferred-card'

loadLocale('en')

const inApp = (children: React.ReactNode) => render(<TypesafeI18n locale="en">{children}</TypesafeI18n>)

describe('a card of the lower part of a page, rendered right after the first render (ADR 0055)', () => {
  afterEach(() => {
    cleanup()
    vi.restoreAllMocks()
  })

  it('keeps its busy frame while its code loads, then shows the card', async () => {
    let arrive!: (module: { default: () => React.ReactNode }) => void
    const Card = lazy(() => new Promise<{ default: () => React.ReactNode }>((resolve) => (arrive = resolve)))
    inApp(
      <DeferredCard title="Comments">
        <Card />
      </DeferredCard>,
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
        <DeferredCard title="Comments">
          <Card />
        </DeferredCard>
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

// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { analyticsBody } from '@contract/api/privacy'
import { signedIn, signedOut } from '@/stores/auth'
import { setLocaleState } from '@/stores/theme'
import { track, usePageViews } from './analytics'

const NUMBER = '491637875622'

let fetchMock: ReturnType<typeof vi.fn>
beforeEach(() => {
  fetchMock = vi.fn(async () => new Response('{"status":true,"data":{}}', { status: 200 }))
  vi.stubGlobal('fetch', fetchMock)
  // The router scrolls on navigation; jsdom has no layout to scroll.
  vi.stubGlobal('scrollTo', () => undefined)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  signedOut()
  setLocaleState('en')
})

/** What each analytics call sent, as the server reads it. */
const sent = () =>
  (fetchMock.mock.calls as unknown as Array<[string, RequestInit]>).map(([url, init]) => {
    expect(url).toBe('/api/v6/analytics')
    return { init, body: Object.fromEntries(new URLSearchParams(init.body as URLSearchParams)) }
  })

describe('track (SPEC.md section 4: analytics only in ru-RU)', () => {
  it('sends nothing in English or any other language', () => {
    for (const locale of ['en', 'ru', 'uk-ua', 'fr-fr']) {
      setLocaleState(locale)
      expect(track('pageview', '/search')).toBe(false)
      expect(track('search', '/number/$phoneNumber')).toBe(false)
    }
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('in ru-RU posts the kind, the route pattern and the language, fire and forget, and nothing about who', () => {
    signedIn({ token: 'session-1', phoneNumber: '+4915123450001', profileId: 3, deviceId: 'device-1', isNewUser: false })
    setLocaleState('ru-RU')
    expect(track('search', '/number/$phoneNumber')).toBe(true)
    const [{ init, body }] = sent()
    expect(body).toEqual({ kind: 'search', route: '/number/$phoneNumber', locale: 'ru-RU' })
    expect(analyticsBody.safeParse(body).success).toBe(true)
    expect(init).toMatchObject({ method: 'POST', keepalive: true })
    expect(init.headers).not.toHaveProperty('authorization')
  })

  it('never sends a route with digits in it: a concrete path may hold a number', () => {
    setLocaleState('ru-RU')
    expect(track('pageview', `/number/${NUMBER}`)).toBe(false)
    expect(track('pageview', '/profile/12')).toBe(false)
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('keeps quiet when the server cannot be reached', async () => {
    setLocaleState('ru-RU')
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    expect(track('pageview', '/search')).toBe(true)
    await Promise.resolve()
  })
})

describe('page views', () => {
  function app(path: string) {
    const root = createRootRoute({
      component: function Root() {
        usePageViews()
        return <Outlet />
      },
    })
    const routes = [
      createRoute({ getParentRoute: () => root, path: '/search', component: () => <p>search</p> }),
      createRoute({ getParentRoute: () => root, path: '/number/$phoneNumber', component: () => <p>number</p> }),
    ]
    const router = createRouter({ routeTree: root.addChildren(routes), history: createMemoryHistory({ initialEntries: [path] }) })
    render(<RouterProvider router={router} />)
    return router
  }

  it('counts each new page by its route pattern, never the number on it', async () => {
    setLocaleState('ru-RU')
    const router = app(`/number/${NUMBER}`)
    await vi.waitFor(() => expect(sent().map((s) => s.body.route)).toEqual(['/number/$phoneNumber']))
    // Search parameters alone are no new page.
    await act(() => router.navigate({ to: '/number/$phoneNumber', params: { phoneNumber: NUMBER }, search: { tab: '1' } as never }))
    await act(() => router.navigate({ to: '/search' }))
    await act(() => router.navigate({ to: '/number/$phoneNumber', params: { phoneNumber: '12015550166' } }))
    await vi.waitFor(() => expect(sent()).toHaveLength(3))
    expect(sent().map((s) => [s.body.kind, s.body.route])).toEqual([
      ['pageview', '/number/$phoneNumber'],
      ['pageview', '/search'],
      ['pageview', '/number/$phoneNumber'],
    ])
    for (const { init } of sent()) expect(String(init.body)).not.toMatch(/\d{3}/)
  })

  it('counts nothing outside ru-RU', async () => {
    setLocaleState('en')
    const router = app('/search')
    await act(() => router.navigate({ to: '/number/$phoneNumber', params: { phoneNumber: NUMBER } }))
    await vi.waitFor(() => expect(router.state.status).toBe('idle'))
    expect(fetchMock).not.toHaveBeenCalled()
  })
})

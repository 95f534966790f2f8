// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { resetRevealed, useNearViewport } from './use-near-viewport'

/** IntersectionObserver as the browser drives it: the test says when the element comes near. */
class FakeObserver {
  static last: FakeObserver | null = null
  observed: Element[] = []
  disconnected = false
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.last = this
  }
  observe(element: Element) {
    this.observed.push(element)
  }
  disconnect() {
    this.disconnected = true
  }
  come(isIntersecting: boolean) {
    act(() =>
      this.callback(
        this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry),
        this as unknown as IntersectionObserver,
      ),
    )
  }
}

function Footer() {
  const [ref, near] = useNearViewport<HTMLDivElement>()
  return <div ref={ref}>{near ? 'QR code' : 'box'}</div>
}

/** A part the keyboard, a printout and the page's outline must reach (a number's community cards). */
function Card({ name }: { name: string }) {
  const [ref, near] = useNearViewport<HTMLDivElement>('200px', true)
  return <div ref={ref}>{near ? `${name} built` : `${name} waiting`}</div>
}

describe('what is built only near the screen', () => {
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
    resetRevealed()
  })

  it('waits until the element comes within 200 px of the screen, then stays built', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    render(<Footer />)
    const observer = FakeObserver.last!
    expect(screen.getByText('box')).toBeTruthy()
    expect(observer.options?.rootMargin).toBe('200px')
    observer.come(false)
    expect(screen.queryByText('QR code')).toBeNull()
    observer.come(true)
    expect(screen.getByText('QR code')).toBeTruthy()
    expect(observer.disconnected).toBe(true)
  })

  it('builds at once where the browser cannot tell', () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    render(<Footer />)
    expect(screen.getByText('QR code')).toBeTruthy()
  })

  it('builds every revealable part at the first Tab, and only those; other keys change nothing', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    render(
      <>
        <Card name="comments" />
        <Card name="contacts" />
        <Footer />
      </>,
    )
    act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown' })))
    expect(screen.getByText('comments waiting')).toBeTruthy()
    act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' })))
    expect(screen.getByText('comments built')).toBeTruthy()
    expect(screen.getByText('contacts built')).toBeTruthy()
    // The QR code is no part of the page's content: it still waits for the screen.
    expect(screen.getByText('box')).toBeTruthy()
  })

  it('builds every revealable part before printing', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    render(<Card name="note" />)
    expect(screen.getByText('note waiting')).toBeTruthy()
    act(() => void window.dispatchEvent(new Event('beforeprint')))
    expect(screen.getByText('note built')).toBeTruthy()
  })
})

// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useNearViewport } from './use-near-viewport'

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

describe('what is built only near the screen', () => {
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
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
})

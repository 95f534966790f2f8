// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { PhoneText } from '@/components/ui/phone-text'
import { phoneToolsNow, resetPhoneDisplay, useTypingFormat } from './phone-display'

function SearchValue({ digits }: { digits: string }) {
  return <output data-testid="typed">{useTypingFormat(digits)}</output>
}

/** The server's frame of /number/491637875622 (server/modules/web-shell). */
function frameOf(digits: string, international: string, typing = international) {
  const meta = document.createElement('meta')
  meta.name = 'page-number'
  meta.content = digits
  meta.dataset.international = international
  meta.dataset.typing = typing
  document.head.append(meta)
  resetPhoneDisplay()
}

describe('phone numbers before the phone-number metadata has loaded (issue 13)', () => {
  afterEach(() => cleanup())
  afterAll(() => document.head.querySelector('meta[name="page-number"]')?.remove())

  it('shows the page’s own number as the server’s frame wrote it, and loads no metadata for it', async () => {
    frameOf('491637875622', '+49 163 7875622', '+49 163 787 56 22')
    render(
      <>
        <PhoneText value="+491637875622" />
        <SearchValue digits="491637875622" />
      </>,
    )
    expect(screen.getByText('+49 163 7875622')).toBeTruthy()
    expect(screen.getByTestId('typed').textContent).toBe('+49 163 787 56 22')
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(phoneToolsNow()).toBeNull()
  })

  it('shows another number as its digits, loads the metadata, then shows it formatted', async () => {
    render(<PhoneText value="12025550143" />)
    expect(screen.getByText('+12025550143')).toBeTruthy()
    expect(await screen.findByText('+1 202 555 0143')).toBeTruthy()
    expect(phoneToolsNow()).not.toBeNull()
  })

  it('formats with the metadata everything once it has loaded, as one types too', () => {
    render(
      <>
        <PhoneText value="+491637875622" />
        <SearchValue digits="4917" />
      </>,
    )
    // The tools' own text now, no longer the frame's (there: a made-up typing form).
    expect(screen.getByText('+49 163 7875622')).toBeTruthy()
    expect(screen.getByTestId('typed').textContent).toBe(phoneToolsNow()!.formatTyping('4917'))
    expect(screen.getByTestId('typed').textContent).not.toBe('4917')
  })
})

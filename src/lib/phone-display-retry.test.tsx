// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PhoneText } from '@/components/ui/phone-text'
import { loadPhoneTools, phoneToolsNow } from './phone-display'

const network = vi.hoisted(() => ({ up: false, tries: 0 }))
vi.mock('./phone', async (importOriginal) => {
  network.tries++
  if (!network.up) throw new Error('Failed to fetch dynamically imported module')
  return importOriginal()
})

describe('the phone-number metadata when its download fails', () => {
  afterEach(() => cleanup())

  it('shows numbers as digits, and loads it at the next chance once the network is back', async () => {
    const rejections: unknown[] = []
    const onRejection = (reason: unknown) => rejections.push(reason)
    process.on('unhandledRejection', onRejection)
    try {
      render(<PhoneText value="+12025550143" />)
      await vi.waitFor(() => expect(network.tries).toBe(1))
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(screen.getByText('+12025550143')).toBeTruthy()
      expect(phoneToolsNow()).toBeNull()
      // No error left unhandled: a number as digits is what the user sees.
      expect(rejections).toEqual([])

      network.up = true
      act(() => loadPhoneTools())
      expect(await screen.findByText('+1 202 555 0143')).toBeTruthy()
      expect(network.tries).toBe(2)
    } finally {
      process.off('unhandledRejection', onRejection)
    }
  })
})

import { describe, expect, it } from 'vitest'
import { complaintAddBody } from '@contract/api/community'
import { combinedMessage, complaintBody, complaintReady } from './complaint-message'

const filled = { name: 'Jo', email: 'jo@example.com', message: 'Insults me' }

describe('complaint form gate (SPEC.md section 5)', () => {
  it('opens once the message is over 5 characters, the name over 1 and the e-mail valid', () => {
    expect(complaintReady(filled)).toBe(true)
  })
  it('blocks on each of the three conditions alone', () => {
    expect(complaintReady({ ...filled, message: '12345' })).toBe(false)
    expect(complaintReady({ ...filled, message: '  12345  ' })).toBe(false)
    expect(complaintReady({ ...filled, name: 'J' })).toBe(false)
    expect(complaintReady({ ...filled, name: ' J ' })).toBe(false)
    expect(complaintReady({ ...filled, email: 'jo@' })).toBe(false)
    expect(complaintReady({ ...filled, email: 'jo.example.com' })).toBe(false)
    expect(complaintReady({ ...filled, email: '' })).toBe(false)
  })
})

describe('complaint request (SPEC.md section 3)', () => {
  it('combines the form into one message with Name, Email and Message lines', () => {
    expect(
      combinedMessage({
        name: ' Jo ',
        email: 'jo@example.com',
        message: 'Line one\nline two',
      }),
    ).toBe('Name: Jo\nEmail: jo@example.com\nMessage: Line one\nline two')
  })
  it('sends a comment complaint with its id, and the server contract accepts it', () => {
    const body = complaintBody({ type: 'comment', id: 42, phone: '+491637875622' }, filled)
    expect(body).toEqual({
      target_type: 'comment',
      target_id: 42,
      name: 'Jo',
      email: 'jo@example.com',
      message: combinedMessage(filled),
    })
    expect(complaintAddBody.safeParse(body).success).toBe(true)
  })
  it('adds the contact fields for a contact complaint and leaves out empty ones', () => {
    const body = complaintBody(
      {
        type: 'contact',
        firstName: 'Ann',
        lastName: null,
        name_hash: 'h1',
        profileId: 7,
      },
      filled,
    )
    expect(body).toEqual({
      target_type: 'contact',
      name: 'Jo',
      email: 'jo@example.com',
      message: combinedMessage(filled),
      first_name: 'Ann',
      name_hash: 'h1',
      profile_id: 7,
    })
    expect(complaintAddBody.safeParse(body).success).toBe(true)
  })
})

import type { z } from 'zod'
import { complaintAddBody } from '@contract/api/community'
import type { ComplaintTarget } from './types'

/** The complaint form of SPEC.md section 3: name, e-mail and text. */
export interface ComplaintFields {
  name: string
  email: string
  message: string
}

export const EMPTY_COMPLAINT: ComplaintFields = {
  name: '',
  email: '',
  message: '',
}

/** The same e-mail rule the server applies (contract/api/community.ts). */
export function isEmail(email: string): boolean {
  return complaintAddBody.shape.email.safeParse(email).success
}

/** SPEC.md section 5: text longer than 5 characters, name longer than 1, a valid e-mail. */
export function complaintReady(f: ComplaintFields): boolean {
  return f.message.trim().length > 5 && f.name.trim().length > 1 && isEmail(f.email)
}

/** SPEC.md section 3: the form goes to the moderators as one message with a line per field. */
export function combinedMessage(f: ComplaintFields): string {
  return [`Name: ${f.name.trim()}`, `Email: ${f.email.trim()}`, `Message: ${f.message.trim()}`].join('\n')
}

type Body = z.input<typeof complaintAddBody>

/** The request body of POST /api/v6/complaint/add for a target and a filled form. */
export function complaintBody(target: ComplaintTarget, f: ComplaintFields): Body {
  const body: Body = {
    target_type: target.type,
    name: f.name.trim(),
    email: f.email.trim(),
    message: combinedMessage(f),
  }
  if (target.id != null) body.target_id = target.id
  if (target.type === 'contact' || target.type === 'profile') {
    if (target.firstName) body.first_name = target.firstName
    if (target.lastName) body.last_name = target.lastName
    if (target.name_hash) body.name_hash = target.name_hash
    if (target.profileId != null) body.profile_id = target.profileId
  }
  return body
}

import crypto from 'node:crypto'

/** Hash of a saved contact name, so that one name saved by many users counts once per spelling. */
export function contactNameHash(firstName: string | null, lastName: string | null): string {
  const name = [firstName, lastName].filter(Boolean).join(' ').trim().toLowerCase().replace(/\s+/g, ' ')
  return crypto.createHash('sha256').update(name).digest('hex').slice(0, 32)
}

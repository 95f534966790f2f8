/** A name as one line of text, or null when both parts are empty. */
export function fullName(name: { firstName: string | null; lastName: string | null }): string | null {
  return [name.firstName, name.lastName].filter(Boolean).join(' ') || null
}

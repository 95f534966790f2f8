/**
 * Whose names a contacts call is about (DESIGN.md section 3): a number, by phone, or a
 * registered user's number, by profile id. A page opened by profile id (`/profile/{id}`)
 * asks by profile, so the number never has to be read back from the page.
 */
export type ContactsOf = { phone: string } | { profileId: number }

/** The call's parameter: `phone` or `profile_id`. */
export function contactsParam(of: ContactsOf): { phone: string } | { profile_id: number } {
  return 'phone' in of ? { phone: of.phone } : { profile_id: of.profileId }
}

/** One cache entry per target, under the 'contacts' key an upload refreshes. */
export function contactsKey(of: ContactsOf): readonly [string, string] {
  return ['contacts', 'phone' in of ? of.phone : `profile:${of.profileId}`]
}

/**
 * A number as written without its extension: `+1 201 555 0166 ext. 12`, `… x12`, `… #12`,
 * `…;ext=12` (RFC 3966, in vCards), `… доб. 12`. Caller ID never shows an extension, so a
 * search or a contact is the number itself; kept, its digits would make it invalid.
 */
export function withoutExtension(input: string): string {
  return input.replace(/\s*(?:;\s*ext=|(?:ext(?:ension)?|x|#|доб)\.?\s*:?)\s*\p{Nd}{1,7}\s*$/iu, '')
}

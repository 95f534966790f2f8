import type { NumberProfile } from '@contract/api/number-profile'
import { TAGS, type TagDef, type TagKind } from '@contract/tags'

export const KINDS: readonly TagKind[] = ['callerType', 'category', 'subcategory', 'callReason', 'emotag']

export interface CatalogTag extends TagDef {
  id: number
}

/**
 * The tag catalogue with database ids. The server seeds the tags table from TAGS in
 * order at every start, so a tag's id is its position + 1; ids the number page itself
 * reports (tagsTop) win, should a database ever disagree.
 */
export function tagCatalog(data: NumberProfile): CatalogTag[] {
  const top = data.tagsTop
  const known = new Map<string, number>()
  for (const t of [top.callerType, ...top.categories, ...top.subcategories, ...top.callReasons, ...top.emotags]) if (t) known.set(t.code, t.id)
  return TAGS.map((t, i) => ({ ...t, id: known.get(t.code) ?? i + 1 }))
}

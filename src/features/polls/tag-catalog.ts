import type { TagKind } from '@contract/tags'

export const KINDS: readonly TagKind[] = ['callerType', 'category', 'subcategory', 'callReason', 'emotag']

/**
 * The tag catalogue. Tags come from polls and from imported lists; `polarity` is
 * the direction of a tag's effect on the reputation index, `weight` its strength
 * per vote. Display names are translations keyed by `code`.
 */
export type TagKind = 'callerType' | 'category' | 'subcategory' | 'callReason' | 'emotag'

export interface TagDef {
  /** The tag's id, the same in every database (poll answers carry it). Never reuse or change one; add new tags with new ids. */
  id: number
  code: string
  kind: TagKind
  polarity: -1 | 0 | 1
  weight: number
  /** English name, the base of the translations. */
  name: string
}

export const TAGS: readonly TagDef[] = [
  { id: 1, code: 'person', kind: 'callerType', polarity: 1, weight: 0.5, name: 'Private person' },
  { id: 2, code: 'company', kind: 'callerType', polarity: 0, weight: 0, name: 'Company' },
  { id: 3, code: 'robot', kind: 'callerType', polarity: -1, weight: 0.5, name: 'Robot or recording' },
  { id: 4, code: 'collector', kind: 'callerType', polarity: -1, weight: 0.5, name: 'Debt collector' },
  { id: 5, code: 'legitimate', kind: 'category', polarity: 1, weight: 1, name: 'Legitimate' },
  { id: 6, code: 'missed', kind: 'category', polarity: -1, weight: 0.3, name: 'Missed call' },
  { id: 7, code: 'ping', kind: 'category', polarity: -1, weight: 1, name: 'Ping call' },
  { id: 8, code: 'poll', kind: 'category', polarity: -1, weight: 0.8, name: 'Survey' },
  { id: 9, code: 'advertising', kind: 'category', polarity: -1, weight: 1, name: 'Advertising' },
  { id: 10, code: 'gambling', kind: 'category', polarity: -1, weight: 1, name: 'Gambling' },
  { id: 11, code: 'fraud', kind: 'category', polarity: -1, weight: 1.5, name: 'Fraud' },
  { id: 12, code: 'robocall', kind: 'category', polarity: -1, weight: 1, name: 'Robocall' },
  { id: 13, code: 'spam', kind: 'category', polarity: -1, weight: 1, name: 'Spam' },
  { id: 14, code: 'other', kind: 'category', polarity: -1, weight: 0.5, name: 'Other complaint' },
  { id: 15, code: 'debt', kind: 'subcategory', polarity: 0, weight: 0, name: 'Debt reduction' },
  { id: 16, code: 'vacation', kind: 'subcategory', polarity: 0, weight: 0, name: 'Vacations and timeshares' },
  { id: 17, code: 'warranty', kind: 'subcategory', polarity: 0, weight: 0, name: 'Warranties and protection plans' },
  { id: 18, code: 'medical', kind: 'subcategory', polarity: 0, weight: 0, name: 'Medical and prescriptions' },
  { id: 19, code: 'imposter', kind: 'subcategory', polarity: 0, weight: 0, name: 'Imposter' },
  { id: 20, code: 'energy', kind: 'subcategory', polarity: 0, weight: 0, name: 'Energy and home improvement' },
  { id: 21, code: 'tech_support', kind: 'subcategory', polarity: 0, weight: 0, name: 'Computer and tech support' },
  { id: 22, code: 'delivery', kind: 'callReason', polarity: 0, weight: 0, name: 'Delivery' },
  { id: 23, code: 'bank', kind: 'callReason', polarity: 0, weight: 0, name: 'Bank' },
  { id: 24, code: 'sales', kind: 'callReason', polarity: 0, weight: 0, name: 'Sales' },
  { id: 25, code: 'appointment', kind: 'callReason', polarity: 0, weight: 0, name: 'Appointment' },
  { id: 26, code: 'angry', kind: 'emotag', polarity: 0, weight: 0, name: 'Angry' },
  { id: 27, code: 'calm', kind: 'emotag', polarity: 0, weight: 0, name: 'Calm' },
  { id: 28, code: 'scared', kind: 'emotag', polarity: 0, weight: 0, name: 'Scared' },
]

export const TAG_BY_CODE: ReadonlyMap<string, TagDef> = new Map(TAGS.map((t) => [t.code, t]))

/** PhoneBlock ratings as tags. */
export const PHONEBLOCK_TAG: Record<string, string> = {
  A_LEGITIMATE: 'legitimate',
  B_MISSED: 'missed',
  C_PING: 'ping',
  D_POLL: 'poll',
  E_ADVERTISING: 'advertising',
  F_GAMBLE: 'gambling',
  G_FRAUD: 'fraud',
}

/** Words people put in the label column of a plain CSV, mapped to tags. */
export const LABEL_SYNONYMS: Record<string, string> = {
  scam: 'fraud',
  scammer: 'fraud',
  fraud: 'fraud',
  phishing: 'fraud',
  spam: 'spam',
  nuisance: 'spam',
  telemarketing: 'advertising',
  telemarketer: 'advertising',
  marketing: 'advertising',
  sales: 'advertising',
  advertising: 'advertising',
  robocall: 'robocall',
  robot: 'robocall',
  survey: 'poll',
  poll: 'poll',
  ping: 'ping',
  wangiri: 'ping',
  gambling: 'gambling',
  missed: 'missed',
  legitimate: 'legitimate',
  legit: 'legitimate',
  safe: 'legitimate',
  ok: 'legitimate',
  trusted: 'legitimate',
  collector: 'fraud',
}

export function tagForLabel(label: string): string {
  const key = label
    .trim()
    .toLowerCase()
    .replace(/[^a-z_]/g, '')
  if (TAG_BY_CODE.has(key) && TAG_BY_CODE.get(key)!.kind === 'category') return key
  const phoneblock = PHONEBLOCK_TAG[label.trim().toUpperCase()]
  return phoneblock ?? LABEL_SYNONYMS[key] ?? 'other'
}

/** FTC Do-Not-Call complaint subjects, mapped to subcategories. */
export function ftcSubjectTag(subject: string): string | null {
  const s = subject.toLowerCase()
  if (s.includes('debt')) return 'debt'
  if (s.includes('vacation') || s.includes('timeshare')) return 'vacation'
  if (s.includes('warrant')) return 'warranty'
  if (s.includes('medical') || s.includes('prescription')) return 'medical'
  if (s.includes('imposter') || s.includes('pretending')) return 'imposter'
  if (s.includes('energy') || s.includes('solar') || s.includes('home improvement')) return 'energy'
  if (s.includes('computer') || s.includes('tech')) return 'tech_support'
  return null
}

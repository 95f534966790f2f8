import type { TranslationFunctions as LLType } from '@i18n/i18n-types'
import type { EvidenceItem } from '@contract/api/number-profile'
import { tagLabel } from './tag-label'

/** Names of the public lists evidence is imported from; proper names, not translated. */
const SOURCE_NAMES: Record<string, string> = { phoneblock: 'PhoneBlock', ftc: 'FTC Do Not Call', csv: 'CSV', demo: 'Demo' }

/** One piece of evidence behind a number's index, as a sentence (the number page, the moderators' disputes). */
export function evidenceText(LL: LLType, e: EvidenceItem): string {
  if (e.kind === 'bans') return LL.number.evidenceBans({ votes: e.votes })
  if (e.kind === 'polls') return LL.number.evidencePolls({ votes: e.votes, label: tagLabel(LL, e.label) })
  return LL.number.evidenceImported({ votes: e.votes, label: tagLabel(LL, e.label), source: SOURCE_NAMES[e.source] ?? e.source })
}

/** The evidence worth listing, strongest first. */
export function listedEvidence(evidence: EvidenceItem[]): EvidenceItem[] {
  return evidence.filter((e) => e.direction !== 'neutral' || e.votes > 0).sort((a, b) => b.weight - a.weight)
}

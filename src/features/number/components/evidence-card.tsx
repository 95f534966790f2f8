import { useI18nContext } from '@i18n/i18n-react'
import type { TranslationFunctions as LLType } from '@i18n/i18n-types'
import type { EvidenceItem, NumberProfile } from '@contract/api/number-profile'
import { Card, CardTitle } from '@/components/ui/card'
import { tagLabel } from '@/lib/tag-label'

/** Names of the public lists evidence is imported from; proper names, not translated. */
const SOURCE_NAMES: Record<string, string> = { phoneblock: 'PhoneBlock', ftc: 'FTC Do Not Call', csv: 'CSV', demo: 'Demo' }

function evidenceText(LL: LLType, e: EvidenceItem): string {
  if (e.kind === 'bans') return LL.number.evidenceBans({ votes: e.votes })
  if (e.kind === 'polls') return LL.number.evidencePolls({ votes: e.votes, label: tagLabel(LL, e.label) })
  return LL.number.evidenceImported({ votes: e.votes, label: tagLabel(LL, e.label), source: SOURCE_NAMES[e.source] ?? e.source })
}

/** Why the number is rated so: the evidence, strongest first. */
export function EvidenceCard({ data }: { data: NumberProfile }) {
  const { LL } = useI18nContext()
  const evidence = [...data.evidence].filter((e) => e.direction !== 'neutral' || e.votes > 0).sort((a, b) => b.weight - a.weight)
  return (
    <Card className="flex flex-col gap-3">
      <CardTitle>{LL.number.why()}</CardTitle>
      {evidence.length ? (
        <ul className="flex list-disc flex-col gap-1 ps-5 text-sm" data-testid="evidence">
          {evidence.map((e) => (
            <li key={`${e.kind}-${e.source}-${e.label}`}>{evidenceText(LL, e)}</li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">{LL.number.noEvidence()}</p>
      )}
    </Card>
  )
}

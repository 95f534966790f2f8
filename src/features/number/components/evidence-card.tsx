import { useI18nContext } from '@i18n/i18n-react'
import type { NumberProfile } from '@contract/api/number-profile'
import { Card, CardTitle } from '@/components/ui/card'
import { evidenceText, listedEvidence } from '@/lib/evidence-text'

/** Why the number is rated so: the evidence, strongest first; what an upheld dispute discounted is listed, marked as not counted. */
export function EvidenceCard({ data }: { data: NumberProfile }) {
  const { LL } = useI18nContext()
  const evidence = listedEvidence(data.evidence)
  return (
    <Card className="flex flex-col gap-3">
      <CardTitle>{LL.number.why()}</CardTitle>
      {evidence.length ? (
        <ul className="flex list-disc flex-col gap-1 ps-5 text-sm" data-testid="evidence">
          {evidence.map((e) => (
            <li key={`${e.kind}-${e.source}-${e.label}`} data-discounted={e.discounted || undefined}>
              {e.discounted ? (
                <>
                  <span className="text-muted line-through">{evidenceText(LL, e)}</span>{' '}
                  <span className="text-muted">({LL.number.evidenceDiscounted()})</span>
                </>
              ) : (
                evidenceText(LL, e)
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">{LL.number.noEvidence()}</p>
      )}
    </Card>
  )
}

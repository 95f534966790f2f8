import { lazy, useEffect } from 'react'
import { useI18nContext } from '@i18n/i18n-react'
import type { NumberProfile } from '@contract/api/number-profile'
import { DeferredCard } from '@/components/ui/deferred-card'
import { DisputeBanner } from '@/features/disputes/components/dispute-banner'
import { DisputeForm } from '@/features/disputes/components/dispute-form'
import { EvidenceCard } from '@/features/number/components/evidence-card'
import { NumberCard } from '@/features/number/components/number-card'
import { BanControl } from '@/features/polls/components/ban-control'
import { TagsCard } from '@/features/polls/components/tags-card'
import { prefetchComments } from '@/features/comments/api/list-comments'
import { NumberActions } from './number-actions'

// Below a phone's first screen: their code is loaded when they come near it (ADR 0041).
const NumberComments = lazy(() => import('./number-comments').then((m) => ({ default: m.NumberComments })))
const NumberContacts = lazy(() => import('./number-contacts').then((m) => ({ default: m.NumberContacts })))
const NoteCard = lazy(() => import('@/features/notes/components/note-card').then((m) => ({ default: m.NoteCard })))
const NeuroanalysisCard = lazy(() => import('@/features/insights/components/insights').then((m) => ({ default: m.NeuroanalysisCard })))
const FofCard = lazy(() => import('@/features/insights/components/insights').then((m) => ({ default: m.FofCard })))

/**
 * A number's page body, composed of the features that have a say on a number: its
 * summary with the viewer's actions (call, suggest a name, block), tags and evidence
 * (with the owner's dispute, if any, above all), then the community part (comments, the private note, contacts, insights).
 */
export function NumberView({
  data,
  profileId,
}: {
  data: NumberProfile
  /** Set on a page opened by profile id (`/profile/{id}`). */ profileId?: number
}) {
  const { LL } = useI18nContext()
  const own = data.common.profileView === 'OWNER'
  const community = !data.paidAlert.show
  // The comments' card waits below the screen; its first page is on its way meanwhile.
  useEffect(() => {
    if (community) prefetchComments(data.phone.number)
  }, [community, data.phone.number])
  return (
    <div className="grid gap-5 wide:grid-cols-2">
      <DisputeBanner dispute={data.dispute} className="wide:col-span-2" />
      <NumberCard
        data={data}
        actions={
          <>
            <NumberActions data={data} profileId={profileId} />
            <BanControl data={data} />
          </>
        }
      />
      {/* Past the daily limit the answer knows no tags nor evidence: their empty cards would read as facts. */}
      {community && <TagsCard data={data} />}
      {community && <EvidenceCard data={data} />}
      {/* The owner may contest the rating unless a dispute is already under review (the form then only confirms its own sending). */}
      {own && <DisputeForm key={`dispute-${data.phone.number}`} phone={data.phone.number} underReview={data.dispute?.status === 'open'} />}
      {/* The community part: not in the limited (paid-alert) answer, which carries only the phone block.
          Each card renders right after the first render; the browser skips laying out and painting those off the screen (ADR 0055). */}
      {community && (
        <>
          <DeferredCard key={`comments-${data.phone.number}`} title={LL.comments.title()} className="wide:col-span-2">
            <NumberComments data={data} />
          </DeferredCard>
          <DeferredCard key={`note-${data.phone.number}`} title={LL.notes.title()} className="wide:col-span-2">
            <NoteCard data={data} />
          </DeferredCard>
          <DeferredCard key={`contacts-${data.phone.number}`} title={LL.contacts.title()} className="wide:col-span-2">
            <NumberContacts data={data} profileId={profileId} />
          </DeferredCard>
          <DeferredCard title={LL.insights.neuroTitle()}>
            <NeuroanalysisCard data={data} />
          </DeferredCard>
          <DeferredCard title={LL.insights.fofTitle()}>
            <FofCard data={data} />
          </DeferredCard>
        </>
      )}
    </div>
  )
}

import type { EvidenceItem, NumberProfile } from '../../../contract/api/number-profile'
import { TAG_BY_CODE } from '../../../contract/tags'
import { reputationIndex } from '../reputation/formula'

export type Neuroanalysis = NonNullable<NumberProfile['neuroanalysis']>

export interface NeuroInput {
  numberId: number
  evidence: readonly EvidenceItem[]
  tagsTop: NumberProfile['tagsTop']
  comments: { count: number; likes: number; dislikes: number }
}

const FRAUD = new Set(['fraud', 'imposter', 'collector'])
const NUISANCE = new Set(['advertising', 'robocall', 'spam', 'ping', 'poll', 'gambling', 'missed', 'robot'])
const CALM = new Set(['calm'])
const UPSET = new Set(['angry', 'scared'])
const round2 = (x: number) => Math.round(x * 100) / 100
const clamp01 = (x: number) => Math.min(1, Math.max(0, x))
const tagName = (code: string) => TAG_BY_CODE.get(code)?.name ?? code
const times = (n: number) => (n === 1 ? 'once' : `${n} times`)
const listOf = (names: string[]) => (names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`)

/**
 * An automatic summary of what is known about a number (DESIGN.md section 5):
 * the estimated kind of caller, sentiment, and risk metrics (0..1) computed only
 * from the number's own evidence, tags and comments, with a plain-language
 * description of those facts. Null when nothing is known: nothing is invented.
 */
export function computeNeuroanalysis(input: NeuroInput): Neuroanalysis | null {
  const { evidence, tagsTop, comments } = input
  const tagCounts = [
    tagsTop.callerType,
    ...tagsTop.categories,
    ...tagsTop.subcategories,
    ...tagsTop.callReasons,
    ...tagsTop.emotags,
  ].filter((t): t is NonNullable<typeof t> => t !== null)
  if (!evidence.length && !tagCounts.length && comments.count === 0) return null

  let pos = 0
  let neg = 0
  let fraud = 0
  let nuisance = 0
  let votes = 0
  for (const e of evidence) {
    votes += e.votes
    if (e.direction === 'positive') pos += e.weight
    if (e.direction === 'negative') {
      neg += e.weight
      if (FRAUD.has(e.label)) fraud += e.weight
      else if (NUISANCE.has(e.label) || e.kind === 'bans') nuisance += e.weight
    }
  }
  const weighed = pos + neg
  const index = reputationIndex(evidence)
  const metrics: Record<string, number> = {
    reports: votes,
    comments: comments.count,
    confidence: round2(votes / (votes + 10)),
  }
  if (weighed > 0) {
    metrics.risk = round2(clamp01((5 - index) / 5))
    metrics.negativeShare = round2(neg / weighed)
    metrics.fraud = round2(fraud / weighed)
    metrics.nuisance = round2(nuisance / weighed)
  }
  const calm = tagsTop.emotags.filter((t) => CALM.has(t.code)).reduce((s, t) => s + t.count, 0)
  const upset = tagsTop.emotags.filter((t) => UPSET.has(t.code)).reduce((s, t) => s + t.count, 0)
  const reactions = comments.likes + comments.dislikes
  if (calm + upset > 0) metrics.sentiment = round2((calm - upset) / (calm + upset))
  else if (weighed > 0) metrics.sentiment = round2((pos - neg) / weighed)

  const kind = tagsTop.callerType ?? tagsTop.categories[0] ?? null
  const sentences: string[] = []
  const topCategories = tagsTop.categories.slice(0, 2).map((t) => tagName(t.code))
  if (votes > 0)
    sentences.push(`This number was reported ${times(votes)}${topCategories.length ? `, mostly as ${listOf(topCategories)}` : ''}.`)
  else if (topCategories.length) sentences.push(`Users tagged this number as ${listOf(topCategories)}.`)
  if (tagsTop.callerType) sentences.push(`Most people who answered say the caller is: ${tagName(tagsTop.callerType.code)}.`)
  if (tagsTop.subcategories.length) sentences.push(`Topics: ${listOf(tagsTop.subcategories.slice(0, 3).map((t) => tagName(t.code)))}.`)
  if (tagsTop.callReasons.length)
    sentences.push(`Reasons for the calls: ${listOf(tagsTop.callReasons.slice(0, 3).map((t) => tagName(t.code)))}.`)
  if (weighed > 0) {
    const level = metrics.risk >= 0.6 ? 'high' : metrics.risk >= 0.25 ? 'moderate' : 'low'
    sentences.push(`Its reputation index is ${index} of 10, so the risk is ${level}.`)
    if (metrics.fraud >= 0.3) sentences.push('A large share of the reports are about fraud: do not share codes, passwords or card details.')
  }
  if (calm + upset > 0)
    sentences.push(`After the calls people felt ${listOf(tagsTop.emotags.slice(0, 2).map((t) => tagName(t.code).toLowerCase()))}.`)
  if (comments.count > 0) {
    sentences.push(
      `${comments.count === 1 ? 'One user has' : `${comments.count} users have`} left a review` +
        (reactions > 0
          ? `, with ${comments.likes} ${comments.likes === 1 ? 'like' : 'likes'} and ${comments.dislikes} ${comments.dislikes === 1 ? 'dislike' : 'dislikes'}.`
          : '.'),
    )
  }
  return {
    neuroanalysisId: input.numberId,
    link: null,
    age: null,
    neurotype: kind?.code ?? null,
    is_shared: false,
    metrics,
    description: sentences.join(' ') || null,
    full: true,
  }
}

/**
 * What a free user sees (DESIGN.md section 8): the headline, the caller kind and the
 * risk; the other metrics and the description come with a plan.
 */
export function neuroanalysisFor(analysis: Neuroanalysis | null, full: boolean): Neuroanalysis | null {
  if (!analysis || full) return analysis
  const metrics: Record<string, number> = analysis.metrics.risk === undefined ? {} : { risk: analysis.metrics.risk }
  return { ...analysis, metrics, description: null, full: false }
}

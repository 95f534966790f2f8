import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { emptyNumberProfile, type NumberProfile } from '@contract/api/number-profile'
import { FofCard, NeuroanalysisCard } from '@/features/insights/components/insights'
import { fail, ok } from '../../support/api'
import { modes } from '../../support/modes'
import { signIn } from '../../support/session'
import { translations } from '../../support/i18n'

const DIGITS = '12015550188'

/** The analysis as the server computes it for a much-reported number. */
function analysedNumber(): NumberProfile {
  const p = emptyNumberProfile(DIGITS)
  return {
    ...p,
    metrics: { ...p.metrics, commentsCount: 3, index: 1.2 },
    evidence: [{ kind: 'imported', source: 'phoneblock', label: 'fraud', votes: 40, weight: 0.8, direction: 'negative' }],
    neuroanalysis: {
      neuroanalysisId: 9,
      link: null,
      age: null,
      neurotype: 'fraud',
      is_shared: false,
      metrics: { reports: 40, comments: 3, confidence: 0.8, risk: 0.76, negativeShare: 1, fraud: 0.9, nuisance: 0.1, sentiment: -0.5 },
      description: 'This number was reported 40 times, mostly as Fraud.',
      full: true,
    },
  }
}

/** What a free user gets for the same number: the headline only. */
function headlineOnly(): NumberProfile {
  const p = analysedNumber()
  return { ...p, neuroanalysis: { ...p.neuroanalysis!, metrics: { risk: 0.76 }, description: null, full: false } }
}

/** Friends of friends: the viewer uploaded contacts, two of them know the number. */
function knownNumber(): NumberProfile {
  const p = emptyNumberProfile(DIGITS)
  return {
    ...p,
    fof: {
      ...p.fof,
      hasContacts: true,
      list: [
        { id: 21, firstName: 'Lena', lastName: 'Vogel' },
        { id: 22, firstName: 'أحمد', lastName: null },
      ],
    },
  }
}

const neuroMeta = { title: 'Insights/Cards', component: NeuroanalysisCard, beforeEach: () => signIn() } satisfies Meta<
  typeof NeuroanalysisCard
>
export default neuroMeta
type Story = StoryObj<typeof neuroMeta>

const neuro = modes<Story>({
  args: { data: analysedNumber() },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const card = within(canvasElement).getByRole('region', { name: LL.insights.neuroTitle() })
    const view = within(card)
    // Marked as automatic, in words.
    await expect(view.getByText(LL.insights.neuroBadge())).toBeVisible()
    await expect(view.getByText(LL.insights.neuroNote())).toBeVisible()
    await expect(view.getByTestId('neuro-kind')).toHaveTextContent(LL.tags.fraud())
    const risk = view.getByRole('meter', { name: LL.insights.risk() })
    await expect(risk).toHaveAttribute('aria-valuenow', '0.76')
    await expect(risk).toHaveAttribute('aria-valuetext', LL.insights.percent({ value: 76 }))
    await expect(view.getByRole('meter', { name: LL.insights.sentiment() })).toHaveAttribute('aria-valuemin', '-1')
    const summary = view.getByTestId('neuro-summary')
    await expect(summary).toHaveTextContent(LL.insights.riskHigh())
    await expect(summary).toHaveTextContent(LL.insights.fraudWarning())
    await expect(summary).toHaveTextContent(
      LL.insights.basedOn({ reports: LL.insights.reports({ count: 40 }), reviews: LL.insights.reviews({ count: 3 }) }),
    )
  },
})
export const Neuroanalysis = neuro.light
export const NeuroanalysisDark = neuro.dark
export const NeuroanalysisRtl = neuro.rtl
export const NeuroanalysisDarkRtl = neuro.darkRtl

const neuroHeadline = modes<Story>({
  args: { data: headlineOnly() },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const view = within(within(canvasElement).getByRole('region', { name: LL.insights.neuroTitle() }))
    await expect(view.getByTestId('neuro-kind')).toHaveTextContent(LL.tags.fraud())
    await expect(view.getByRole('meter', { name: LL.insights.risk() })).toHaveAttribute('aria-valuenow', '0.76')
    await expect(view.queryByRole('meter', { name: LL.insights.sentiment() })).toBeNull()
    await expect(view.queryByTestId('neuro-summary')).toBeNull()
    await expect(view.getByTestId('neuro-upsell')).toHaveTextContent(LL.insights.neuroUpsell())
    await expect(view.getByRole('link', { name: LL.insights.neuroUpsellLink() })).toHaveAttribute('href', '/paywall?tab=tier1')
  },
})
export const NeuroanalysisHeadline = neuroHeadline.light
export const NeuroanalysisHeadlineDark = neuroHeadline.dark
export const NeuroanalysisHeadlineRtl = neuroHeadline.rtl
export const NeuroanalysisHeadlineDarkRtl = neuroHeadline.darkRtl

const neuroEmpty = modes<Story>({
  args: { data: emptyNumberProfile(DIGITS) },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const view = within(canvasElement)
    await expect(view.getByText(LL.insights.neuroEmpty())).toBeVisible()
    await expect(view.queryByRole('meter')).toBeNull()
  },
})
export const NeuroanalysisEmpty = neuroEmpty.light
export const NeuroanalysisEmptyDark = neuroEmpty.dark
export const NeuroanalysisEmptyRtl = neuroEmpty.rtl
export const NeuroanalysisEmptyDarkRtl = neuroEmpty.darkRtl

const neuroFetched = modes<Story>({
  // The page has evidence but no analysis: the card asks the endpoint.
  args: { data: { ...analysedNumber(), neuroanalysis: null } },
  parameters: { api: { 'GET /api/v6/neuroanalysis/get': ok({ neuroanalysis: analysedNumber().neuroanalysis }) } },
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const view = within(canvasElement)
    await expect(await view.findByRole('meter', { name: LL.insights.risk() })).toBeVisible()
    await expect(view.getByTestId('neuro-kind')).toHaveTextContent(LL.tags.fraud())
  },
})
export const NeuroanalysisFetched = neuroFetched.light
export const NeuroanalysisFetchedDark = neuroFetched.dark
export const NeuroanalysisFetchedRtl = neuroFetched.rtl
export const NeuroanalysisFetchedDarkRtl = neuroFetched.darkRtl

const DIGITS_E164 = `+${DIGITS}`
/** What the stories' fake server was asked to introduce. */
const sent: string[] = []
const fofApi = {
  'POST /api/v6/fof/request': (_url: URL, init?: RequestInit) => {
    sent.push(new URLSearchParams(String(init?.body)).get('phone') ?? '')
    return ok({
      request: {
        id: 5,
        type: 'DIRECT',
        status: 'pending',
        countFriends: 2,
        createdAtTimestamp: 1741950000,
        refunded: false,
        acceptedBy: null,
      },
      created: true,
      balance: 1,
    })
  },
}

const fofWith = modes<Story>({
  args: { data: knownNumber() },
  parameters: { api: fofApi },
  render: (args) => <FofCard {...args} />,
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const card = within(within(canvasElement).getByRole('region', { name: LL.insights.fofTitle() }))
    // (Normalised: a plural form a locale lacks leaves a double space until it is translated.)
    await expect(card.getByTestId('fof-known')).toHaveTextContent(LL.insights.fofKnown({ count: 2 }).replace(/\s+/g, ' '))
    await expect(card.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Lena Vogel', 'أحمد'])
    // The price is stated, and asking sends the request; the answer shows at once.
    await expect(card.getByText(new RegExp(LL.insights.fofPrice({ price: 11 }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))).toBeVisible()
    sent.length = 0
    await userEvent.click(card.getByRole('button', { name: LL.insights.fofRequest({ price: 11 }) }))
    await expect(await card.findByTestId('fof-request')).toHaveTextContent(LL.insights.fofRequested({ date: '' }).split(' ')[0])
    await expect(sent).toEqual([DIGITS_E164])
    await expect(card.queryByRole('button', { name: LL.insights.fofRequest({ price: 11 }) })).toBeNull()
  },
})
/** A request already made: the card says so and offers no second one. */
const fofRequested = modes<Story>({
  args: {
    data: {
      ...knownNumber(),
      fof: {
        ...knownNumber().fof,
        requests: {
          incoming: [],
          outgoing: [
            {
              id: 5,
              type: 'DIRECT',
              status: 'pending',
              countFriends: 2,
              createdAtTimestamp: 1741950000,
              refunded: false,
              acceptedBy: null,
            },
          ],
        },
      },
    },
  },
  render: (args) => <FofCard {...args} />,
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const card = within(within(canvasElement).getByRole('region', { name: LL.insights.fofTitle() }))
    await expect(card.getByTestId('fof-request')).toBeVisible()
    await expect(card.queryByRole('button')).toBeNull()
  },
})
export const FofRequested = fofRequested.light
export const FofRequestedDark = fofRequested.dark
export const FofRequestedRtl = fofRequested.rtl
export const FofRequestedDarkRtl = fofRequested.darkRtl

/** The request fails: an alert says so and the button stays. */
const fofFailed = modes<Story>({
  args: { data: knownNumber() },
  parameters: { api: { 'POST /api/v6/fof/request': fail(500, 5000, 'boom') } },
  render: (args) => <FofCard {...args} />,
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const card = within(within(canvasElement).getByRole('region', { name: LL.insights.fofTitle() }))
    await userEvent.click(card.getByRole('button', { name: LL.insights.fofRequest({ price: 11 }) }))
    await expect(await card.findByRole('alert')).toHaveTextContent(LL.insights.fofRequestError())
    await expect(card.getByRole('button', { name: LL.insights.fofRequest({ price: 11 }) })).toBeEnabled()
  },
})
export const FofRequestFailed = fofFailed.light
export const FofRequestFailedDark = fofFailed.dark
export const FofRequestFailedRtl = fofFailed.rtl
export const FofRequestFailedDarkRtl = fofFailed.darkRtl

export const FofWithContacts = fofWith.light
export const FofWithContactsDark = fofWith.dark
export const FofWithContactsRtl = fofWith.rtl
export const FofWithContactsDarkRtl = fofWith.darkRtl

const fofWithout = modes<Story>({
  args: { data: emptyNumberProfile(DIGITS) },
  render: (args) => <FofCard {...args} />,
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const card = within(within(canvasElement).getByRole('region', { name: LL.insights.fofTitle() }))
    await expect(card.getByText(LL.insights.fofNoContacts())).toBeVisible()
    await expect(card.queryByRole('list')).toBeNull()
  },
})
export const FofWithoutContacts = fofWithout.light
export const FofWithoutContactsDark = fofWithout.dark
export const FofWithoutContactsRtl = fofWithout.rtl
export const FofWithoutContactsDarkRtl = fofWithout.darkRtl

import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import type { LookupsData } from '@contract/api/payments'
import { LookupsCard } from '@/features/lookups/components/lookups-card'
import { formatDate } from '@/lib/format'
import { phone } from '@/lib/phone'
import { fail, ok } from '../../support/api'
import { STORY_NOW } from '../../support/clock'
import { modes } from '../../support/modes'
import { signIn } from '../../support/session'
import { storyLocale, translations } from '../../support/i18n'

const LOOKUPS = 'GET /api/v6/spy/lookups'
/** The API's times are Unix seconds. */
const hoursAgo = (h: number) => Math.floor(STORY_NOW / 1000) - h * 3_600
const ITEMS: LookupsData['items'] = [
  { phoneNumber: '+12015550166', name: 'Prize Department', date: hoursAgo(2) },
  { phoneNumber: null, name: null, date: hoursAgo(30) },
  { phoneNumber: '+4930901820', name: null, date: hoursAgo(80) },
]

/** "Who looked me up" on the own number page: Premium Plus lists them, everyone else is told what it adds. */
const meta = {
  title: 'Money/Who looked me up',
  component: LookupsCard,
  parameters: { api: { [LOOKUPS]: ok({ allowed: true, items: ITEMS, total: ITEMS.length }) } },
} satisfies Meta<typeof LookupsCard>
export default meta
type Story = StoryObj<typeof meta>

const listStory = modes<Story>({
  beforeEach: () => signIn(),
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const card = within(canvasElement)
    await expect(card.getByRole('heading', { name: LL.money.lookupsTitle() })).toBeVisible()
    const list = await card.findByRole('list', { name: LL.money.lookupsList() })
    const rows = within(list).getAllByRole('listitem')
    await expect(rows).toHaveLength(3)
    const first = within(rows[0]).getByRole('link')
    await expect(first).toHaveTextContent(phone.formatInternational('+12015550166'))
    await expect(first).toHaveAttribute('href', '/number/12015550166')
    await expect(rows[0]).toHaveTextContent('Prize Department')
    // Two hours before the story's moment (the API's seconds), not in 1970.
    const searched = new Date(STORY_NOW - 2 * 3_600_000)
    const time = within(rows[0]).getByText(formatDate(storyLocale(globals), searched))
    await expect(time).toHaveAttribute('dateTime', searched.toISOString())
    // An anti-spy user is "Someone", with no number.
    await expect(rows[1]).toHaveTextContent(LL.money.someone())
    await expect(within(rows[1]).queryByRole('link')).toBeNull()
    await expect(card.queryByRole('button', { name: LL.money.lookupsMore() })).toBeNull()
  },
})
export const List = listStory.light
export const ListDark = listStory.dark
export const ListRtl = listStory.rtl
export const ListDarkRtl = listStory.darkRtl

const pagedStory = modes<Story>({
  parameters: {
    api: {
      [LOOKUPS]: (url: URL) => {
        const offset = Number(url.searchParams.get('offset'))
        const page = Array.from({ length: offset === 0 ? 20 : 5 }, (_, i) => ({
          phoneNumber: null,
          name: null,
          date: hoursAgo(offset + i + 1),
        }))
        return ok({ allowed: true, items: page, total: 25 })
      },
    },
  },
  beforeEach: () => signIn(),
  play: async ({ canvasElement, globals, userEvent }) => {
    const LL = translations(globals)
    const card = within(canvasElement)
    const list = await card.findByRole('list', { name: LL.money.lookupsList() })
    await expect(within(list).getAllByRole('listitem')).toHaveLength(20)
    await userEvent.click(card.getByRole('button', { name: LL.money.lookupsMore() }))
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25))
    await expect(card.queryByRole('button', { name: LL.money.lookupsMore() })).toBeNull()
  },
})
export const Paged = pagedStory.light
export const PagedDark = pagedStory.dark
export const PagedRtl = pagedStory.rtl
export const PagedDarkRtl = pagedStory.darkRtl

const emptyStory = modes<Story>({
  parameters: { api: { [LOOKUPS]: ok({ allowed: true, items: [], total: 0 }) } },
  beforeEach: () => signIn(),
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    await expect(await within(canvasElement).findByText(LL.money.lookupsEmpty())).toBeVisible()
  },
})
export const Empty = emptyStory.light
export const EmptyDark = emptyStory.dark
export const EmptyRtl = emptyStory.rtl
export const EmptyDarkRtl = emptyStory.darkRtl

const upsellStory = modes<Story>({
  parameters: { api: { [LOOKUPS]: ok({ allowed: false, items: [], total: 0 }) } },
  beforeEach: () => signIn(),
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const card = within(canvasElement)
    await expect(await card.findByText(LL.money.upsellText())).toBeVisible()
    await expect(card.getByRole('link', { name: LL.money.upsellLink() })).toHaveAttribute('href', '/paywall?tab=tier2')
    await expect(card.queryByRole('list')).toBeNull()
  },
})
export const Upsell = upsellStory.light
export const UpsellDark = upsellStory.dark
export const UpsellRtl = upsellStory.rtl
export const UpsellDarkRtl = upsellStory.darkRtl

const errorStory = modes<Story>({
  parameters: { api: { [LOOKUPS]: fail(500) } },
  beforeEach: () => signIn(),
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const alert = await within(canvasElement).findByRole('alert')
    await expect(alert).toHaveTextContent(LL.app.genericError())
    await expect(within(alert).getByRole('button', { name: LL.app.retry() })).toBeVisible()
  },
})
export const LoadError = errorStory.light
export const LoadErrorDark = errorStory.dark
export const LoadErrorRtl = errorStory.rtl
export const LoadErrorDarkRtl = errorStory.darkRtl

import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, within } from 'storybook/test'
import { useI18nContext } from '@i18n/i18n-react'
import { EmptyState, ErrorState } from '@/components/ui/states'
import { modes } from '../../support/modes'
import { translations } from '../../support/i18n'

type Args = { onRetry: () => void }
const meta: Meta<Args> = { title: 'UI/States', args: { onRetry: fn() } }
export default meta
type Story = StoryObj<Args>

function Empty({ withText }: { withText: boolean }) {
  const { LL } = useI18nContext()
  return <EmptyState title={LL.search.historyEmpty()}>{withText ? LL.search.signInToSearch() : undefined}</EmptyState>
}

function Failed({ onRetry }: { onRetry: () => void }) {
  const { LL } = useI18nContext()
  return <ErrorState message={LL.app.genericError()} retryLabel={LL.app.retry()} onRetry={onRetry} />
}

const emptyStory = modes<Story>({
  render: () => <Empty withText={false} />,
  play: async ({ canvasElement, globals }) => {
    await expect(within(canvasElement).getByText(translations(globals).search.historyEmpty())).toBeVisible()
  },
})
export const EmptyStateTitle = emptyStory.light
export const EmptyStateTitleDark = emptyStory.dark
export const EmptyStateTitleRtl = emptyStory.rtl
export const EmptyStateTitleDarkRtl = emptyStory.darkRtl

const emptyTextStory = modes<Story>({
  render: () => <Empty withText />,
  play: async ({ canvasElement, globals }) => {
    await expect(within(canvasElement).getByText(translations(globals).search.signInToSearch())).toBeVisible()
  },
})
export const EmptyStateWithText = emptyTextStory.light
export const EmptyStateWithTextDark = emptyTextStory.dark
export const EmptyStateWithTextRtl = emptyTextStory.rtl
export const EmptyStateWithTextDarkRtl = emptyTextStory.darkRtl

const errorStory = modes<Story>({
  render: (args) => <Failed onRetry={args.onRetry} />,
  play: async ({ canvasElement, globals, args, userEvent }) => {
    const LL = translations(globals)
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('alert')).toHaveTextContent(LL.app.genericError())
    await userEvent.click(canvas.getByRole('button', { name: LL.app.retry() }))
    await expect(args.onRetry).toHaveBeenCalledOnce()
  },
})
export const ErrorWithRetry = errorStory.light
export const ErrorWithRetryDark = errorStory.dark
export const ErrorWithRetryRtl = errorStory.rtl
export const ErrorWithRetryDarkRtl = errorStory.darkRtl

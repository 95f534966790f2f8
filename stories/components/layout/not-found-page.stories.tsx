import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { NotFoundPage } from '@/components/layout/not-found-page'
import { RouteError } from '@/components/layout/route-error'
import { withAppShell } from '../../support/decorators'
import { modes } from '../../support/modes'
import { translations } from '../../support/i18n'

const meta = {
  title: 'Pages/Not found and route error',
  decorators: [withAppShell],
  parameters: { layout: 'fullscreen', route: '/no-such-page' },
} satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const notFoundStory = modes<Story>({
  render: () => <NotFoundPage />,
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(page.getByRole('heading', { level: 1, name: LL.notFound.title() })).toBeVisible()
    await expect(page.getByRole('link', { name: LL.notFound.home() })).toHaveAttribute('href', '/search')
  },
})
export const NotFound = notFoundStory.light
export const NotFoundDark = notFoundStory.dark
export const NotFoundRtl = notFoundStory.rtl
export const NotFoundDarkRtl = notFoundStory.darkRtl

const routeErrorStory = modes<Story>({
  render: () => <RouteError />,
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(page.getByRole('alert')).toHaveTextContent(LL.app.genericError())
    await expect(page.getByRole('button', { name: LL.app.retry() })).toBeVisible()
  },
})
export const RouteErrorState = routeErrorStory.light
export const RouteErrorStateDark = routeErrorStory.dark
export const RouteErrorStateRtl = routeErrorStory.rtl
export const RouteErrorStateDarkRtl = routeErrorStory.darkRtl

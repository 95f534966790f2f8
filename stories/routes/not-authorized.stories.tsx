import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Route } from '@/routes/not-authorized'
import { withAppShell } from '../support/decorators'
import { modes } from '../support/modes'
import { translations } from '../support/i18n'

/** The route file keeps its page private; its Route carries the component. */
const NotAuthorizedPage = Route.options.component!

const meta = {
  title: 'Pages/Not authorized',
  component: NotAuthorizedPage,
  decorators: [withAppShell],
  parameters: { layout: 'fullscreen', route: '/not-authorized' },
} satisfies Meta<typeof NotAuthorizedPage>
export default meta
type Story = StoryObj<typeof meta>

const signedOutStory = modes<Story>({
  play: async ({ canvasElement, globals }) => {
    const LL = translations(globals)
    const page = within(canvasElement)
    await expect(page.getByRole('heading', { level: 1, name: LL.notAuthorized.title() })).toBeVisible()
    await expect(page.getByText(LL.notAuthorized.text())).toBeVisible()
    await expect(page.getByRole('link', { name: LL.notAuthorized.signIn() })).toHaveAttribute('href', '/login')
    // A client too old (426) lands here too: reloading fetches the current version.
    await expect(page.getByText(LL.notAuthorized.reloadText())).toBeVisible()
    await expect(page.getByRole('button', { name: LL.notAuthorized.reload() })).toBeEnabled()
  },
})
export const SessionEnded = signedOutStory.light
export const SessionEndedDark = signedOutStory.dark
export const SessionEndedRtl = signedOutStory.rtl
export const SessionEndedDarkRtl = signedOutStory.darkRtl

import type { Decorator } from '@storybook/react-vite'
import { AppShell } from '@/components/layout/app-shell'
import { GlobalOverlays } from '@/components/layout/global-overlays'

/** The app's one modal container, toasts and backdrop beside the story, as the root route has them. */
export const withOverlays: Decorator = (Story) => (
  <GlobalOverlays>
    <Story />
  </GlobalOverlays>
)

/** A page inside the app's frame (header, footer, toasts, modal, backdrop), as the root route shows it. */
export const withAppShell: Decorator = (Story, { parameters }) => {
  // The sky-tinted background belongs to every screen but the settings, as in app/root-layout.tsx.
  document.body.classList.toggle('skyblue', !String(parameters.route ?? '/').startsWith('/settings'))
  return (
    <GlobalOverlays>
      <AppShell>
        <Story />
      </AppShell>
    </GlobalOverlays>
  )
}

import type { Decorator } from '@storybook/react-vite'
import { AppShell } from '@/components/layout/app-shell'
import { GlobalOverlays } from '@/components/layout/global-overlays'

/** A page inside the app's frame (header, footer, toasts, modal, backdrop), as the root route shows it. */
export const withAppShell: Decorator = (Story, { parameters }) => {
  // The sky-tinted background belongs to every screen but the settings, as in routes/root.tsx.
  document.body.classList.toggle('skyblue', !String(parameters.route ?? '/').startsWith('/settings'))
  return (
    <GlobalOverlays>
      <AppShell>
        <Story />
      </AppShell>
    </GlobalOverlays>
  )
}

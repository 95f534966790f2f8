import type { Decorator } from '@storybook/react-vite'
import { GlobalOverlays } from '@/components/layout/global-overlays'

/** The app's one modal container and toasts beside the story, as the root route has them. */
export const withOverlays: Decorator = (Story) => (
  <GlobalOverlays>
    <Story />
  </GlobalOverlays>
)

import type { StorybookConfig } from '@storybook/react-vite'

/**
 * Storybook for the web app. Stories live in stories/, mirroring src/. They never need
 * the generated route tree: the preview gives each story a small router of its own.
 */
const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../stories/**/*.stories.tsx'],
  addons: ['@storybook/addon-vitest', '@storybook/addon-a11y'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  async viteFinal(config) {
    // The builder loads vite.config.ts; the router plugin would regenerate
    // src/route-tree.gen.ts and split route files, which stories do not want. The web app's page
    // plugins are for its own index.html and server: the first would take the preview's script out
    // of its iframe.html (a static build showed nothing), the second looks for the app's routes (ADR 0046).
    const appOnly = /tanstack|^scripts-after-first-paint$|^route-scripts$/i
    const plugins = (config.plugins ?? []).flat().filter((p) => !(p && typeof p === 'object' && 'name' in p && appOnly.test(String(p.name))))
    return { ...config, plugins }
  },
}

export default config

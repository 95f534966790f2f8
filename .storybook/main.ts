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
    // plugin is for its own index.html and server: it would take the preview's script out of its
    // iframe.html, and a static build (what Chromatic publishes) showed nothing. Storybook's own chunks
    // may bring stylesheets of their own, which only Vite's preload helper loads.
    const appOnly = /tanstack|^scripts-after-first-paint$|^dynamic-imports-without-preload-helper$/i
    const plugins = (config.plugins ?? [])
      .flat()
      .filter((p) => !(p && typeof p === 'object' && 'name' in p && appOnly.test(String(p.name))))
    return { ...config, plugins }
  },
}

export default config

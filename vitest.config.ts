import fs from 'node:fs'
import path from 'node:path'
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

const alias = {
  '@': path.resolve(import.meta.dirname, 'src'),
  '@contract': path.resolve(import.meta.dirname, 'contract'),
  '@i18n': path.resolve(import.meta.dirname, 'i18n'),
}

/**
 * Every package the web app and the stories import, for Vite to bundle before the first
 * test. A package found mid-run makes Vite re-bundle and reload the page, which then
 * holds two copies of React; a new import here changes the list, and so Vite's cache key.
 */
function browserDeps(): string[] {
  const bare = /^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+['"]([^'"./][^'"]*)['"]|import\(\s*['"]([^'"./][^'"]*)['"]\s*\)/gm
  // The JSX transform imports these itself.
  const found = new Set<string>(['react-dom', 'react/jsx-runtime', 'react/jsx-dev-runtime'])
  for (const dir of ['src', 'contract', 'i18n', 'stories', '.storybook']) {
    for (const file of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file) || file === 'routes.ts') continue
      for (const m of fs.readFileSync(path.join(dir, file), 'utf8').matchAll(bare)) found.add(m[1] ?? m[2])
    }
  }
  return [...found].filter((name) => !/^(@\/|@contract\/|@i18n\/|node:)/.test(name) && !name.endsWith('.json')).sort()
}

/**
 * Test files of half a minute or more on 2 cores, each starting servers or processes of its own
 * or sending thousands of requests: the `slow` project. `npm test` (and so CI) runs them with
 * the rest; `npm run test:quick` (the `unit` project alone) leaves them out.
 */
const slowTests = [
  'server/fuzz.test.ts', // 20,000 requests on each database
  'server/crash.test.ts', // a server killed during writes, then started again
  'server/start.test.ts', // `npm start`: builds the web app, starts worker processes
  'server/web-build.test.ts', // the production build of the web app
  'server/cli/import.test.ts', // imports the real PhoneBlock list on each database
  'server/index.test.ts', // starts server processes
  'server/plugins/pressure.test.ts', // load shedding under real overload
  'server/db/client.test.ts', // the embedded database's folder lock, held by another process
  'server/db/backup.test.ts', // backs up from a running server process
]

/** Tests that run in Node: the server's, the web app's logic, the contract, the scripts. */
const node = { testTimeout: 30_000, hookTimeout: 60_000, pool: 'forks' } as const

const unit: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'unit',
    include: ['contract/**/*.test.ts', 'i18n/**/*.test.ts', 'server/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...slowTests],
    ...node,
  },
}

const slow: TestProjectInlineConfiguration = {
  extends: true,
  test: { name: 'slow', include: slowTests, ...node },
}

/**
 * The browser projects (stories as tests, visual snapshots) run only where a Chromium
 * is named by CHROME_PATH, so `npm test` still works on a machine without one.
 */
async function browserProjects(executablePath: string): Promise<TestProjectInlineConfiguration[]> {
  const [{ playwright }, { storybookTest }, { default: react }, { default: tailwindcss }] = await Promise.all([
    import('@vitest/browser-playwright'),
    import('@storybook/addon-vitest/vitest-plugin'),
    import('@vitejs/plugin-react'),
    import('@tailwindcss/vite'),
  ])
  const deps = browserDeps()
  // A fresh object per project: Vitest mutates the browser block it is given.
  const browser = (viewport: { width: number; height: number }, window = viewport) => ({
    enabled: true,
    headless: true,
    provider: playwright({
      launchOptions: {
        executablePath,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      },
      // The same clock zone, language and motion everywhere, so pictures and dates repeat;
      // a window at least as large as the test frame keeps it unscaled (1 CSS px = 1 pixel).
      contextOptions: { timezoneId: 'UTC', locale: 'en-US', reducedMotion: 'reduce', viewport: { ...window } },
    }),
    viewport,
    instances: [{ browser: 'chromium' as const }],
  })
  return [
    {
      extends: true,
      plugins: [react(), tailwindcss(), storybookTest({ configDir: path.join(import.meta.dirname, '.storybook') })],
      optimizeDeps: { include: deps },
      test: { name: 'storybook', browser: browser({ width: 1024, height: 768 }), testTimeout: 30_000 },
    },
    {
      extends: true,
      plugins: [react(), tailwindcss()],
      optimizeDeps: { include: [...deps, 'storybook/preview-api'] },
      test: {
        name: 'visual',
        include: ['stories/visual.test.tsx'],
        setupFiles: ['stories/support/visual-setup.ts'],
        testTimeout: 30_000,
        browser: {
          // Tests may make the frame taller (page.viewport) up to the window's height.
          ...browser({ width: 1024, height: 900 }, { width: 1024, height: 1600 }),
          // A mismatch leaves its actual and diff images in .vitest-attachments; no extra page shots.
          screenshotFailures: false,
          expect: {
            toMatchScreenshot: {
              comparatorName: 'pixelmatch',
              // Anti-aliasing may shift a few pixels between runs; a real change moves far more.
              comparatorOptions: { threshold: 0.1, allowedMismatchedPixelRatio: 0.001 },
              screenshotOptions: { animations: 'disabled', caret: 'hide', scale: 'css' },
            },
          },
        },
      },
    },
  ]
}

const chrome = process.env.CHROME_PATH

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [unit, slow, ...(chrome ? await browserProjects(chrome) : [])],
  },
})

// ESLint flat config. The import zones at the bottom are the house's walls (STYLE.md):
// code flows contract → server | (lib, stores, components → features → app, routes).
import fs from 'node:fs'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import importPlugin from 'eslint-plugin-import'
import globals from 'globals'

const features = fs
  .readdirSync('src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)

/** A feature imports no other feature: shared parts live in components/ or lib/, composition in app/ or routes/. */
const featureZones = features.map((name) => ({
  target: `./src/features/${name}`,
  from: './src/features',
  except: [`./${name}`],
  message:
    'A feature never imports another feature: move the shared part to src/components or src/lib, or compose the features in src/app or a route.',
}))

const zones = [
  {
    target: './contract',
    from: ['./server', './src', './i18n', './tests', './scripts', './bench', './stories'],
    message: 'contract/ imports nothing of ours.',
  },
  { target: './server', from: ['./src', './stories'], message: 'server/ never imports the web app.' },
  { target: './src', from: ['./server', './tests', './scripts', './bench'], message: 'src/ never imports the server or test tooling.' },
  { target: './i18n', from: ['./server', './src'], message: 'Translations import nothing of the app.' },
  {
    target: ['./src/components', './src/lib', './src/stores'],
    from: ['./src/features', './src/app', './src/routes'],
    message: 'Shared code (components, lib, stores) never imports features, app or routes.',
  },
  {
    target: './src/features',
    from: ['./src/app', './src/routes'],
    message: 'Features never import the app shell or the routes: those compose features.',
  },
  ...featureZones,
  {
    target: './server/db',
    from: ['./server/modules', './server/plugins', './server/providers'],
    message: 'db/ never imports modules/: move the shared helper into db/ or contract/.',
  },
]

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'storybook-static',
      'test-results',
      'playwright-report',
      '.vitest-attachments',
      'data',
      'src/route-tree.gen.ts',
      'i18n/i18n-types.ts',
      'i18n/i18n-util*.ts',
      'i18n/i18n-react.tsx',
      'coverage',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' } },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'stories/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // autoFocus here only moves focus into an editor or form the user has just opened
      // (edit, reply, report), which is the focus management WAI-ARIA asks for; nothing
      // takes focus on page load. docs/decisions/0007-import-walls.md.
      'jsx-a11y/no-autofocus': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'stories/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The database wall (docs/architecture.md): in server/modules only repositories (repository.ts,
    // *-repository.ts) import drizzle and the schema; routes, webhooks, jobs and logic call them.
    // Plugins never touch the database either.
    files: ['server/modules/**/*.ts', 'server/plugins/**/*.ts'],
    ignores: ['**/*.test.ts', 'server/modules/**/repository.ts', 'server/modules/**/*-repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'Only repositories query the database: move the query into a repository.ts or *-repository.ts and call it.',
            },
            {
              regex: '(^|/)db/schema$',
              message: 'Only repositories touch the schema: move the query into a repository.ts or *-repository.ts and call it.',
            },
          ],
        },
      ],
    },
  },
)

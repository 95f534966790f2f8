import path from 'node:path'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src'),
      '@contract': path.resolve(import.meta.dirname, 'contract'),
      '@i18n': path.resolve(import.meta.dirname, 'i18n'),
    },
  },
  test: {
    include: ['contract/**/*.test.ts', 'i18n/**/*.test.ts', 'server/**/*.test.ts', 'src/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
})

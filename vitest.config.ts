import { defineConfig } from 'vitest/config'
import tsconfigPaths from 'vite-tsconfig-paths'

// Unit tests sit beside the code (app/**/*.test.ts); integration tests live in tests/integration
// and run against a real database: PGlite always, and Postgres too when TEST_DATABASE_URL is set.
const integration = (name: string, driver: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    include: ['tests/integration/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/integration/setup.ts'],
    globalSetup: ['tests/integration/global-setup.ts'],
    env: { TEST_DB_DRIVER: driver },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'eslint-rules/**/*.test.ts'],
          environment: 'node',
        },
      },
      integration('integration', 'pglite'),
      // tests/fuzz: the production build (scripts/test.sh builds it first) under malformed requests.
      { extends: true, test: { name: 'fuzz', include: ['tests/fuzz/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 300_000 } },
      ...(process.env.TEST_DATABASE_URL ? [integration('integration-pg', 'postgres')] : []),
    ],
  },
})

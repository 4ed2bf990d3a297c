import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Database tests start PGlite (~3 s each) and, with TEST_DATABASE_URL, a scratch PostgreSQL database.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Black-box API tests (tests/api), end-to-end tests and anything else under tests/.
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    environment: 'node',
    pool: 'forks',
    // Each file starts its own servers (PGlite ~3 s, a browser later): one file at a time on 2 cores.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

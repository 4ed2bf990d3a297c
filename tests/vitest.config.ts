import { defineConfig } from 'vitest/config';

/**
 * Two projects, run one after the other (decision 063):
 * - `api`: the black-box API tests over HTTP, the command line and the plugin guide's check. Each
 *   file starts its own servers on free ports, with its own data folders and scratch databases, so
 *   files run two at a time (one per core).
 * - `e2e`: the browser tests, after the API tests, one file at a time (two Chromiums and two
 *   servers on two cores starve each other into time-outs), each file with its own server and its
 *   own Chromium (a shared one, joined over its WebSocket, cannot hand a download's path to the test).
 * Every test server starts on a copy of one migrated template database (support/global-setup.ts).
 */
const WORKERS = 2;

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    // The first embedded database of a process can take over a minute to start on a loaded machine.
    hookTimeout: 180_000,
    // What a page or a server does after a step can take more than a second on a loaded machine.
    expect: { poll: { timeout: 5_000 } },
    exclude: ['**/node_modules/**'],
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['**/*.test.ts'],
          exclude: ['e2e/**', '**/node_modules/**'],
          globalSetup: ['support/global-setup.ts'],
          maxWorkers: WORKERS,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['support/global-setup.ts'],
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});

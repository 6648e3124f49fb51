import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** `@/` is the source folder, as in tsconfig.json. */
const alias = [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }];

/**
 * Two projects: `server` (unit and API tests, on PGlite or on PostgreSQL with TEST_DATABASE_URL) and
 * `e2e` (Playwright driving Chromium against the shop `npm start` runs).
 */
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
          exclude: ['tests/e2e/**'],
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/fail-on-console-error.ts', 'tests/support/fail-on-concurrent-query.ts'],
          // A worker loads the app's modules once for all its files, not once per file: each file still
          // starts its own shop on its own database, and no module keeps state between shops.
          isolate: false,
          // Every core, not Vitest's default of one fewer: a file mostly waits on its shop, its database or
          // a child process, so two files at a time on two cores took 600 s where one took 940 s (load 12).
          maxWorkers: '100%',
          sequence: { groupOrder: 0 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          // Two files at a time, each with its own shop, port, data folder and browser profiles (contexts)
          // in the one Chromium the global setup starts.
          maxWorkers: 2,
          // After the server tests, not beside them: each group has the machine's two workers to itself.
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 240_000,
          // What a poll waits for follows a page load or an API answer; Vitest's 1 s default is less than
          // a checkout takes to load and quote on a busy 2-core machine.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});

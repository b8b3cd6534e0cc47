import { defineConfig } from 'vitest/config';

// E2E_PART: npm test runs four shares of the browser tests at once, each with its own server and browser
// (a single run keeps the machine two-thirds idle: its time goes to waiting on pages, not to CPU):
// - `a11y`: the accessibility scan of every screen (a11y.test.ts, its first describe);
// - `a11y-more`: the rest of a11y.test.ts (dialogs, keyboard, reflow, announcements);
// - `rest-b`: the files below, the longest after those;
// - `rest`: every other file (a new file lands here).
// Unset: every file.
const part = process.env.E2E_PART;
const REST_B = ['csp.test.ts', 'catalog-lists.test.ts', 'catalog-pages.test.ts', 'compat.test.ts'];
const SCREENS = 'every screen of routes\\.ts';

export default defineConfig({
  test: {
    include: part === 'a11y' || part === 'a11y-more' ? ['a11y.test.ts'] : part === 'rest-b' ? REST_B : ['**/*.test.ts'],
    exclude: ['node_modules/**', ...(part === 'rest' ? ['a11y.test.ts', ...REST_B] : [])],
    testNamePattern: part === 'a11y' ? new RegExp(SCREENS) : part === 'a11y-more' ? new RegExp(`^(?!.*${SCREENS})`) : undefined,
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
    poolOptions: { forks: { singleFork: true } },
  },
});

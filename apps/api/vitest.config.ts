import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'seed/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The files of a worker share its modules (each file still builds its own app and database): importing
    // the server's module graph once per worker instead of once per file took the SQLite run from 67 to
    // 30 s and the PostgreSQL one from 108 to 59 s on this machine, with the same tests passing.
    isolate: false,
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});

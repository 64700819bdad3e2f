import { defineConfig } from 'vitest/config';

// Files that replace a module with vi.mock need a module cache of their own:
// in the shared one, another file may have loaded the real module first, and
// the mock then never takes effect.
const OWN_MODULES = ['test/github/deadline-after-load.test.ts', 'test/list-skips-rules.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    // Property tests at a fixed seed (test/support/fc-seed.ts).
    setupFiles: ['test/support/fc-seed.ts'],
    hookTimeout: 30_000,
    pool: 'forks',
    // Most of the suite waits: on child processes, on the fake GitHub, on retry
    // timers. One worker per core (vitest's default leaves one core idle on a
    // 2-core machine) would serialise those waits; three overlap them.
    maxWorkers: 3,
    // describe.concurrent suites (the fault cases) are mostly asleep in backoff.
    maxConcurrency: 10,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: OWN_MODULES,
          // Test files share a worker's module cache instead of importing the whole
          // source tree again per file: 82 s instead of 108 s for the suite on 2
          // cores (import time 29 s → 8 s). Tests hold no module-level state that
          // another file could see; each fake GitHub, temp tree and env is a test's own.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'own-modules', include: OWN_MODULES, isolate: true } },
    ],
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Most of the suite waits: on child processes, on the fake GitHub, on retry
    // timers. One worker per core (vitest's default leaves one core idle on a
    // 2-core machine) would serialise those waits; three overlap them.
    maxWorkers: 3,
    // describe.concurrent suites (the fault cases) are mostly asleep in backoff.
    maxConcurrency: 10,
  },
});

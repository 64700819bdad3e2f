/**
 * The run's GitHub deadline starts once the GitHub modules are loaded, not
 * before: on a starved machine loading Octokit took over 3 s, and a 3 s
 * deadline then ran out before the first request ("0 requests sent").
 * Checked by order of events, not by time.
 */
import { describe, expect, it, vi } from 'vitest';

const events: string[] = [];

vi.mock('../../src/github/index.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/github/index.js')>();
  events.push('github modules loaded');
  return original;
});
vi.mock('../../src/github/limits.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/github/limits.js')>();
  return {
    ...original,
    transportLimits: (...args: Parameters<typeof original.transportLimits>) => {
      events.push('deadline set');
      return original.transportLimits(...args);
    },
  };
});

const { runCheck } = await import('../../src/check.js');
const { DEFAULT_CONFIG } = await import('../../src/config-types.js');
const { startFakeGitHub } = await import('../support/fake-github.js');
const { FIXTURES } = await import('../e2e/cli.js');
const { QUEUE_REPOS } = await import('../e2e/queue-data.js');

describe('the run deadline', () => {
  it('is set after the GitHub modules are loaded', async () => {
    const gh = await startFakeGitHub({ repos: QUEUE_REPOS });
    try {
      await runCheck({
        root: `${FIXTURES}/e2e/queue`,
        config: DEFAULT_CONFIG,
        github: { token: null, apiUrl: gh.url, graphqlUrl: null, replay: null, record: null },
        today: '2026-08-20',
        now: new Date('2026-08-20T00:00:00Z'),
        version: 'test',
      });
    } finally {
      await gh.close();
    }
    expect(events.indexOf('github modules loaded')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('github modules loaded')).toBeLessThan(events.indexOf('deadline set'));
  });
});

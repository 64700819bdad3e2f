/**
 * `list` in text prints refs and their mentions, never findings, so it runs
 * no rule (issue 14: ~5 ms of a 1,000-patch ledger tree's run). Its output
 * must be what the full report would print, and every other format — JSON
 * of `list`, anything `check` prints — still runs the rules.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ runRules: 0 }));
vi.mock('../src/rules/index.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/rules/index.js')>();
  return {
    ...real,
    runRules: (...args: Parameters<typeof real.runRules>) => {
      calls.runRules++;
      return real.runRules(...args);
    },
  };
});

const { runCheck } = await import('../src/check.js');
const { checkCommand } = await import('../src/commands/check.js');
const { loadConfig } = await import('../src/config.js');
const { formatList } = await import('../src/list-text.js');

const EXAMPLE = path.resolve(import.meta.dirname, '..', 'example');
let out: string;

beforeAll(async () => {
  out = await mkdtemp(path.join(os.tmpdir(), 'us-list-rules-'));
});
afterAll(async () => {
  await rm(out, { recursive: true, force: true });
});
beforeEach(() => {
  calls.runRules = 0;
});

describe('list in text runs no rule', () => {
  it('gives the report the full run gives, without findings', async () => {
    const { config } = await loadConfig(EXAMPLE, null);
    const base = {
      root: EXAMPLE,
      config,
      github: null,
      today: '2026-08-20',
      now: new Date('2026-08-20T00:00:00Z'),
      version: 'test',
    };
    const full = await runCheck(base);
    const bare = await runCheck({ ...base, rules: false });
    // The example holds findings offline, so "none" is a real difference.
    expect(full.findings.length).toBeGreaterThan(0);
    expect(bare.findings).toEqual([]);
    expect(bare.report.refs).toEqual(full.report.refs);
    expect(bare.report.sources).toEqual(full.report.sources);
    expect(bare.report.summary.refs).toBe(full.report.summary.refs);
    expect(bare.report.summary.patches).toBe(full.report.summary.patches);
    expect(formatList(bare.report)).toBe(formatList(full.report));
  });

  it('list (text) calls no rule; list --format json and check do', async () => {
    const flags = (format: 'text' | 'json', file: string) => ({
      root: EXAMPLE,
      format,
      output: path.join(out, file),
      today: '2026-08-20',
    });
    await checkCommand(flags('text', 'list.txt'), null, true);
    expect(calls.runRules).toBe(0);
    const text = await readFile(path.join(out, 'list.txt'), 'utf8');
    expect(text).toMatch(/^\d+ refs in \d+ sources, \d+ patches/m);

    await checkCommand(flags('json', 'list.json'), null, true);
    expect(calls.runRules).toBe(1);
    const json = JSON.parse(await readFile(path.join(out, 'list.json'), 'utf8')) as {
      findings: unknown[];
    };
    expect(json.findings.length).toBeGreaterThan(0);

    await checkCommand(flags('text', 'check.txt'), null, false);
    expect(calls.runRules).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import { budgetFinding, plannedRequests } from '../src/budget.js';

describe('plannedRequests', () => {
  const refs = (n: number, kindHint: 'pr' | 'issue' | null = null) =>
    Array.from({ length: n }, (_, i) => ({ key: `o/r#${i + 1}`, kindHint }));

  it('costs one GraphQL query per chunk with a token', () => {
    expect(plannedRequests(refs(0), { token: true, chunkSize: 100 })).toBe(0);
    expect(plannedRequests(refs(100), { token: true, chunkSize: 100 })).toBe(1);
    expect(plannedRequests(refs(101), { token: true, chunkSize: 100 })).toBe(2);
    expect(plannedRequests(refs(35), { token: true, chunkSize: 10 })).toBe(4);
  });

  it('costs one REST request per known PR and up to two for the rest without one', () => {
    expect(plannedRequests(refs(3, 'pr'), { token: false, chunkSize: 100 })).toBe(3);
    expect(plannedRequests(refs(3, 'issue'), { token: false, chunkSize: 100 })).toBe(6);
    expect(plannedRequests(refs(3), { token: false, chunkSize: 100 })).toBe(6);
  });
});

describe('budgetFinding', () => {
  it('is an error when nothing could be asked, a warning when only the pinned-base rules were skipped', () => {
    const refs = budgetFinding('refs', 4, 2, 2, '.upstream-status.yml');
    expect(refs).toMatchObject({
      rule: 'budget-exceeded',
      severity: 'error',
      file: '.upstream-status.yml',
    });
    expect(refs.message).toMatch(/needs 4 GitHub requests but the budget is 2/);
    const pinned = budgetFinding('containment', 3, 1, 5, null);
    expect(pinned).toMatchObject({ severity: 'warning', file: '.' });
    expect(pinned.message).toMatch(/drop-candidate were skipped/);
  });
});

describe('github.budget in the configuration', () => {
  it('accepts a positive whole number and rejects anything else with key and line', async () => {
    const { parseConfig } = await import('../src/config-parse.js');
    expect(parseConfig('github:\n  budget: 50\n', 'c.yml').config.github.budget).toBe(50);
    expect(parseConfig('', 'c.yml').config.github.budget).toBeNull();
    const bad = parseConfig('github:\n  budget: 0\n', 'c.yml');
    expect(bad.errors.map((e) => [e.key, e.line])).toEqual([['github.budget', 2]]);
  });
});

/** The README's rules table is the registry's: `npm run docs:rules` rewrites it, this fails when stale. */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { REBASE_SEVERITY } from '../../src/rebase/findings.js';
import {
  RULE_DOCS,
  defaultSeverities,
  renderRulesTable,
  withRulesTable,
} from '../../src/rules/catalog.js';
import { ALL_RULES } from '../../src/rules/index.js';

describe('the README rules table', () => {
  it('is what npm run docs:rules renders from the rule registry', async () => {
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    const fresh = withRulesTable(readme);
    expect(fresh, 'README.md lost its rules table markers').not.toBeNull();
    expect(readme, 'README.md rules table is stale: run `npm run docs:rules`').toBe(fresh);
  });

  it('lists every rule the registries can emit, with its default severity', () => {
    const emitted = [...ALL_RULES.map((r) => r.id), ...Object.keys(REBASE_SEVERITY)];
    const documented = Object.keys(RULE_DOCS);
    expect(emitted.filter((id) => !documented.includes(id))).toEqual([]);
    const table = renderRulesTable();
    for (const rule of ALL_RULES) expect(table).toContain(`| \`${rule.id}\` | check |`);
    for (const [id, severity] of defaultSeverities())
      expect(table).toMatch(new RegExp(`^\\| \`${id}\` \\|.*\\| ${severity} \\|$`, 'm'));
  });
});

/** `rules.<id>.exclude`: a rule turned off for the files a glob matches (issue 10 item 4). */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config-parse.js';
import { DEFAULT_CONFIG } from '../src/config-types.js';
import type { Finding } from '../src/model.js';
import { isWaived } from '../src/rules/waivers.js';

const finding = (rule: Finding['rule'], file: string, patch: string | null = file): Finding => ({
  rule,
  severity: 'error',
  ref: null,
  patch,
  file,
  line: 1,
  recorded: null,
  live: null,
  message: '',
});

describe('per-file rule waivers', () => {
  it('parses exclude globs beside severity', () => {
    const { config, errors } = parseConfig(
      'rules:\n  parse-error: { exclude: ["package/foo/**"] }\n  stale-check: { maxAgeDays: 9, exclude: [a.md] }\n',
      'c.yml',
    );
    expect(errors).toEqual([]);
    expect(config.rules['parse-error']).toEqual({ exclude: ['package/foo/**'] });
    expect(config.rules['stale-check']).toEqual({ maxAgeDays: 9, exclude: ['a.md'] });
  });

  it('rejects a bad glob and a wrong type, naming the key', () => {
    const { errors } = parseConfig(
      'rules:\n  parse-error: { exclude: ["[a"] }\n  state-drift: { exclude: 3 }\n',
      'c.yml',
    );
    expect(errors.map((e) => [e.key, e.line])).toEqual([
      ['rules.parse-error.exclude[0]', 2],
      ['rules.state-drift.exclude', 3],
    ]);
  });

  it('waives a finding whose file or patch matches, and only for that rule', () => {
    const config = {
      ...DEFAULT_CONFIG,
      rules: { 'parse-error': { exclude: ['package/foo/**'] } },
    };
    expect(isWaived(config, finding('parse-error', 'package/foo/0001-a.patch'))).toBe(true);
    expect(isWaived(config, finding('parse-error', 'ledger.md', 'package/foo/x.patch'))).toBe(true);
    expect(isWaived(config, finding('parse-error', 'package/bar/0001-a.patch'))).toBe(false);
    expect(isWaived(config, finding('state-drift', 'package/foo/0001-a.patch'))).toBe(false);
  });
});

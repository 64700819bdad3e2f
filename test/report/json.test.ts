import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REPORTERS, buildReport } from '../../src/report/index.js';
import { sampleInput } from './sample.js';

const GOLDEN = readFileSync(new URL('./golden/report.json', import.meta.url), 'utf8');

describe('json reporter', () => {
  it('prints the §6 report exactly, keys in schema order, with a final newline', () => {
    expect(REPORTERS.json(buildReport(sampleInput()), { color: false })).toBe(GOLDEN);
  });

  it('prints the same bytes when every input list arrives in another order', () => {
    expect(REPORTERS.json(buildReport(sampleInput(true)), { color: true })).toBe(GOLDEN);
  });
});

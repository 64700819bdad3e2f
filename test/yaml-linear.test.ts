/**
 * Issue 13 item 4: the `yaml` package's duplicate-key check is quadratic in
 * the keys of one mapping (300k keys > 10 min). parseYaml turns it off and
 * checks with a Set: a 300k-key record, index or config is read in linear
 * time (a file past limits.maxFileMB is not read at all: collect.ts), and a duplicate key is still an error on its line.
 */
import { describe, expect, it } from 'vitest';
import { parseRecord } from '../src/sources/records/index.js';
import { parseYaml } from '../src/yaml-parse.js';
import { LineCounter } from 'yaml';
import { recordParsesInChild } from './support/cpu-in-child.js';

// Big enough that the quadratic check would take tens of seconds (40k keys: 5 s), small
// enough that the linear one costs the suite little.
const KEYS = 40_000;

function manyKeys(prefix: string, indent = '', n = KEYS): string {
  const lines: string[] = [prefix];
  for (let i = 0; i < n; i++) lines.push(`${indent}k${i}: ${i}`);
  return `${lines.join('\n')}\n`;
}

describe('linear YAML', () => {
  it('still reports a duplicate key on its line, also at the end of a huge mapping', () => {
    const lines = new LineCounter();
    const doc = parseYaml('a: 1\nb: 2\na: 3\n"1": x\n1: y\n', { lineCounter: lines });
    expect(doc.errors.map((e) => [e.code, e.linePos?.[0].line])).toEqual([['DUPLICATE_KEY', 3]]);
    const big = `${manyKeys('schema_version: 1')}k7: again\n`;
    const record = parseRecord({ path: 'r.upstream.status.yaml', text: big, patchPath: 'r.py' });
    expect(record.problems).toEqual([
      expect.objectContaining({ line: KEYS + 2, message: expect.stringMatching(/unique/) }),
    ]);
  });

  // CPU time, best of three, in a child process: a scheduling hiccup on a
  // busy machine is not a quadratic step. Both readers: records in the plain subset go through our
  // own reader, and a tag sends the same record to the yaml package.
  for (const [reader, tail] of [
    ['the plain-YAML reader', ''],
    ['the yaml package (a tag forces it)', 'tagged: !!str x\n'],
  ] as const) {
    it(`reading time grows linearly with the keys of one mapping, through ${reader} (4x the keys, < 8x the time)`, () => {
      // In a fresh process (session 16: 10.5x in a busy CI worker, whose heap
      // of earlier test files is collected on the parse's CPU time).
      const text = (n: number): string => `${manyKeys('schema_version: 1', '', n)}${tail}`;
      const [small = 0, large = 0] = recordParsesInChild([text(10_000), text(40_000)]);
      // Quadratic (the yaml package's own check) is 16x, and takes > 30 s here.
      expect(large / small).toBeLessThan(8);
    }, 60_000);
  }
});

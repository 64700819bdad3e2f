/**
 * The bundles parse GitHub's answers with the built-in JSON instead of
 * `json-with-bigint` (scripts/shims/json-with-bigint.mjs, aliased in
 * scripts/bundle.mjs). The swap is only safe while both give the same values
 * for what GitHub sends (no integer past 2^53), and only useful while the
 * bundles really carry the shim.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { JSONParse as realParse, JSONStringify as realStringify } from 'json-with-bigint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs module without types; its two functions are checked here
import * as shim from '../../scripts/shims/json-with-bigint.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const shimParse = (shim as { JSONParse: (text: string) => unknown }).JSONParse;
const shimStringify = (shim as { JSONStringify: (value: unknown) => string }).JSONStringify;

// Answers as GitHub shapes them: nested objects, strings (oids, dates, titles
// with quotes and digits followed by "n"), safe integers, booleans and nulls.
const answer = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string(),
    fc.constantFrom('123n', '-7n', '2026-08-20T10:00:00Z', 'a1b2c3'),
    fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
    fc.double({ min: -1e15, max: 1e15, noNaN: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    // Keys are GitHub's field names (`mergedAt`, `node_id`): json-with-bigint
    // itself rewrites a key such as `0n` to `0nn`, which no answer has.
    fc.dictionary(fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,7}$/), tie('value'), { maxKeys: 4 }),
  ),
})).value;

describe('the JSON shim the bundles use for Octokit', () => {
  it('parses and writes what GitHub sends exactly as json-with-bigint does', () => {
    fc.assert(
      fc.property(answer, (value) => {
        const text = JSON.stringify(value);
        expect(shimParse(text)).toEqual(realParse(text));
        expect(shimStringify(value)).toBe(realStringify(value));
      }),
      { numRuns: 500, seed: Number(process.env.FC_SEED ?? 20261201) },
    );
  });

  it('differs only past 2^53, where the package gives a BigInt (no field we read is that large)', () => {
    expect(realParse('{"id":9007199254740993}')).toEqual({ id: 9007199254740993n });
    expect(shimParse('{"id":9007199254740993}')).toEqual({ id: 9007199254740992 });
  });

  it('is what both bundles carry, not the package', () => {
    for (const bundle of ['dist/cli-main.cjs', 'action/index.mjs']) {
      const text = readFileSync(path.join(ROOT, bundle), 'utf8');
      expect(text, bundle).toMatch(/JSONParse = \(\w+, reviver\) => JSON\.parse\(/);
      // json-with-bigint's own marker for integers it turned into strings.
      expect(text, bundle).not.toContain('serializeBigInts');
    }
  });
});

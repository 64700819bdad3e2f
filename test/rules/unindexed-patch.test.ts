import { describe, expect, it } from 'vitest';
import { rule } from '../../src/rules/unindexed-patch.js';
import { LEDGER, context, entry, source } from './helpers.js';

describe('unindexed-patch', () => {
  it('reports a patch file no source indexes, at line 1 of the patch', () => {
    const ctx = context({
      patchFiles: ['p/indexed.py', 'p/orphan.diff', 'p/retired.py', 'p/apply_patches.sh'],
      entries: [entry('p/indexed.py'), entry('p/retired.py', { retired: true })],
      sources: [source({ path: LEDGER }, { notPatches: ['p/apply_patches.sh'] })],
    });
    expect(rule.check(ctx).map((f) => [f.rule, f.severity, f.file, f.line, f.patch])).toEqual([
      ['unindexed-patch', 'error', 'p/orphan.diff', 1, 'p/orphan.diff'],
    ]);
  });
});

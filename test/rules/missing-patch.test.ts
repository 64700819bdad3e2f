import { describe, expect, it } from 'vitest';
import { rule } from '../../src/rules/missing-patch.js';
import { RECORD, context, entry } from './helpers.js';

describe('missing-patch', () => {
  it('reports each source entry naming a patch that is not on disk', () => {
    const ctx = context({
      patchFiles: ['p/present.py'],
      entries: [
        entry('p/present.py'),
        entry('p/gone.py', { line: 14 }),
        entry('p/gone.py', { source: RECORD, line: 3 }),
      ],
    });
    expect(rule.check(ctx).map((f) => [f.rule, f.patch, f.file, f.line])).toEqual([
      ['missing-patch', 'p/gone.py', 'deploy/patch.upstream.status.md', 14],
      ['missing-patch', 'p/gone.py', RECORD, 3],
    ]);
  });

  it('does not report a patch that any source retires', () => {
    const ctx = context({
      entries: [entry('p/old.py', { line: 14 }), entry('p/old.py', { line: 40, retired: true })],
    });
    expect(rule.check(ctx)).toEqual([]);
  });

  it('does not report an indexed file that is on disk though no patch by extension (package.json)', () => {
    const ctx = {
      ...context({
        entries: [entry('package.json', { line: 27 }), entry('gone.json', { line: 28 })],
      }),
      indexedOnDisk: ['package.json'],
    };
    expect(rule.check(ctx).map((f) => f.patch)).toEqual(['gone.json']);
  });
});

import { describe, expect, it } from 'vitest';
import { rule } from '../../src/rules/anchor-collision-merged.js';
import { RECORD, context, live, mention } from './helpers.js';

const REF = 'example-org/engine#3877';
const OTHER_PATCH = 'deploy/patches/b/other.py';

describe('anchor-collision-merged', () => {
  it('reports once per patch, at its first anchor-collision mention', () => {
    const ctx = context({
      mentions: [
        mention(REF, { role: 'anchor-collision', recordedState: 'OPEN', line: 14 }),
        mention(REF, { role: 'anchor-collision', recordedState: 'OPEN', line: 9 }),
        mention(REF, { role: 'anchor-collision', patch: OTHER_PATCH, line: 30 }),
        mention(REF, { role: 'related', patch: 'deploy/patches/c.py', line: 2 }),
      ],
      live: { [REF]: live('MERGED') },
    });
    expect(rule.check(ctx).map((f) => [f.ref, f.patch, f.line, f.live])).toEqual([
      [REF, 'deploy/patches/a/fix.py', 9, 'MERGED'],
      [REF, OTHER_PATCH, 30, 'MERGED'],
    ]);
  });

  it('stays quiet when any source records it MERGED', () => {
    const ctx = context({
      mentions: [
        mention(REF, { role: 'anchor-collision', recordedState: 'OPEN' }),
        mention(REF, { role: 'background', recordedState: 'MERGED', source: RECORD }),
      ],
      live: { [REF]: live('MERGED') },
    });
    expect(rule.check(ctx)).toEqual([]);
  });

  it('stays quiet while the collision is open, or when the merged ref is no collision', () => {
    const ctx = context({
      mentions: [
        mention(REF, { role: 'anchor-collision' }),
        mention('o/r#1', { role: 'fix', recordedState: 'OPEN' }),
      ],
      live: { [REF]: live('OPEN'), 'o/r#1': live('MERGED') },
    });
    expect(rule.check(ctx)).toEqual([]);
  });
});

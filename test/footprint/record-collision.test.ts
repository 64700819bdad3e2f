import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { addCollisionToLedger, addCollisionToRecord } from '../../src/discover/record-collision.js';

const C = { ref: 'up/engine#101', url: 'https://github.com/up/engine/pull/101', title: 'Rework m' };
const FIELDS =
  'ref: "up/engine#101", url: "https://github.com/up/engine/pull/101", kind: "pr", state: "OPEN", relevance: "anchor-collision", note: "found by discover: Rework m"';

describe('writing a collision into a record', () => {
  it('appends a flow item after flow items, touching nothing else', () => {
    const before = `# kept\nschema_version: 1\nrelated_refs:  # comment kept\n  - { ref: up/engine#7, kind: pr }\nnote: >-\n  folded text that must\n  stay folded\n`;
    const after = addCollisionToRecord(before, C);
    expect(after).toBe(before.replace('kind: pr }\n', `kind: pr }\n  - { ${FIELDS} }\n`));
  });

  it('appends a block item after block items, and fills a null list', () => {
    const block = 'related_refs:\n- ref: up/engine#7\n  kind: pr\nupstream_prs: null\n';
    const out = addCollisionToRecord(block, C) ?? '';
    expect(
      out.startsWith(
        'related_refs:\n- ref: up/engine#7\n  kind: pr\n- ref: "up/engine#101"\n  url: ',
      ),
    ).toBe(true);
    expect(out.endsWith('upstream_prs: null\n')).toBe(true);
    const empty =
      addCollisionToRecord('schema_version: 1\nrelated_refs: null\nupstream_prs: null\n', C) ?? '';
    const parsed = parseDocument(empty).toJS() as {
      related_refs: { ref: string }[];
      upstream_prs: null;
    };
    expect(parsed.related_refs.map((r) => r.ref)).toEqual(['up/engine#101']);
    expect(parsed.upstream_prs).toBeNull();
  });
});

describe('writing a collision into a ledger', () => {
  it('adds a ditto row after the patch row and its ditto rows', () => {
    const ledger = [
      '| patch | fixes | upstream PR | PR state |',
      '|---|---|---|---|',
      '| `a/fix.py` | rows | [engine#4](https://x/4) | OPEN |',
      '| ″ (same bug) | — | [engine#5](https://x/5) | OPEN |',
      '| `a/other.py` | x | — | — |',
      '',
    ].join('\n');
    expect(addCollisionToLedger(ledger, 3, C)?.split('\n')[4]).toBe(
      '| ″ (anchor collision, found by discover) | — | [engine#101](https://github.com/up/engine/pull/101) Rework m | OPEN |',
    );
    expect(addCollisionToLedger(ledger, 6, C)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import type { SourceResult } from '../../src/model.js';
import { unifiedDiff } from '../../src/sync/diff.js';
import { planSync, type SyncPlan } from '../../src/sync/plan.js';
import {
  collected,
  DRIFT_RULES,
  findings,
  fixture,
  HEADER,
  LEDGER,
  LIVE,
  readHeader,
  readLedger,
  readRecord,
  RECORD,
  TODAY,
} from './support.js';

const EXPECTED: Record<string, string> = {
  [LEDGER]: 'ledger.md.expected',
  [RECORD]: 'fix_rows.upstream.status.yaml.expected',
  [HEADER]: 'fix_rows.py.expected',
};

function plan(transform?: (text: string) => string): SyncPlan {
  const { sources, texts } = collected(transform);
  return planSync({ sources, texts, live: LIVE, today: TODAY });
}

function afterOf(p: SyncPlan, path: string): string {
  const file = p.files.find((f) => f.path === path);
  if (file === undefined) throw new Error(`${path} not in the plan`);
  return file.after;
}

/** Read a synced file back with the reader that read the original. */
function reread(path: string, text: string): SourceResult {
  if (path === LEDGER) return readLedger(text);
  if (path === RECORD) return readRecord(text);
  return readHeader(text);
}

const crlf = (text: string): string => text.replace(/\n/g, '\r\n');
const bom = (text: string): string => `\uFEFF${text}`;

describe('planSync on the fixtures (real readers, golden output)', () => {
  it('rewrites each kind of source byte for byte as the golden files say', () => {
    const p = plan();
    expect(p.files.map((f) => f.path)).toEqual([LEDGER, HEADER, RECORD].sort());
    for (const file of p.files) {
      expect(file.before).toBe(fixture(EXPECTED[file.path]!.replace('.expected', '')));
      expect(file.after).toBe(fixture(EXPECTED[file.path]!));
    }
    expect(p.notes).toEqual([]);
  });

  it('prints the golden unified diff, touching only state words, fields and dates', () => {
    const p = plan();
    const diff = p.files.map((f) => unifiedDiff(f.path, f.before, f.after)).join('');
    expect(diff).toBe(fixture('sync.diff.expected'));
  });

  it('reports every change with its ref, line and old and new value', () => {
    const ledger = plan().files.find((f) => f.path === LEDGER)!;
    expect(ledger.changes.map((c) => [c.ref, c.line, c.field, c.from, c.to])).toEqual([
      [null, 3, 'check-date', '2026-08-10', TODAY],
      ['example-org/engine#4101', 11, 'state', 'OPEN', 'MERGED 2026-08-12'],
      ['example-org/engine#3990', 12, 'state', 'OPEN', 'CLOSED'],
      ['example-org/engine#3877', 13, 'state', 'OPEN', 'MERGED 2026-08-12'],
      ['example-org/engine#3655', 14, 'state', 'MERGED 2026-07-08', 'MERGED 2026-07-09'],
      ['example-org/engine#3001', 15, 'state', 'OPEN', 'MERGED 2026-08-14'],
      ['example-org/engine#3010', 16, 'state', 'OPEN', 'MERGED 2026-08-14'],
      ['example-org/engine#3011', 16, 'state', 'OPEN', 'MERGED 2026-08-14'],
      ['example-org/engine#32722', 23, 'state', 'OPEN', 'MERGED'],
      ['example-org/engine#3100', 25, 'state', 'OPEN', 'MERGED'],
      ['example-org/transport#280', 32, 'state', 'OPEN', 'CLOSED'],
    ]);
  });

  it('changes nothing when run again on its own output', () => {
    const first = plan();
    const sources = first.files.map((f) => reread(f.path, f.after));
    const texts = new Map(first.files.map((f) => [f.path, f.after]));
    expect(planSync({ sources, texts, live: LIVE, today: TODAY }).files).toEqual([]);
  });

  it('leaves output the readers read back to the live states, with no mention lost', () => {
    const { sources } = collected();
    const p = plan();
    for (const before of sources) {
      const path = before.source.path;
      const after = reread(path, afterOf(p, path));
      expect(after.problems).toEqual([]);
      expect(after.ambiguous).toEqual(before.ambiguous);
      const refs = (r: SourceResult) => r.mentions.map((m) => `${m.ref}@${m.line}:${m.role}`);
      expect(refs(after)).toEqual(refs(before));
      for (const m of after.mentions) {
        const answer = LIVE.get(m.ref);
        if (m.recordedState === null || answer?.status !== 'found') continue;
        const ok =
          m.recordedState === answer.live.state ||
          (m.recordedState === 'OPEN' && answer.live.state === 'DRAFT');
        expect(ok, `${path}:${m.line} ${m.ref} ${m.recordedState} vs ${answer.live.state}`).toBe(
          true,
        );
      }
    }
  });

  it('leaves nothing for the drift and stale-check rules to report', () => {
    const p = plan();
    // The same rules on the originals find every kind of drift sync fixes.
    const found = findings(collected().sources, LIVE).map((f) => f.rule);
    expect(new Set(found)).toEqual(new Set(DRIFT_RULES.map((r) => r.id)));
    expect(
      findings(
        p.files.map((f) => reread(f.path, f.after)),
        LIVE,
      ),
    ).toEqual([]);
  });

  it('keeps CRLF line endings and a BOM, changing the same bytes', () => {
    for (const transform of [crlf, bom, (t: string) => bom(crlf(t))]) {
      const p = plan(transform);
      expect(p.files).toHaveLength(3);
      for (const file of p.files) expect(file.after).toBe(transform(fixture(EXPECTED[file.path]!)));
    }
  });

  it('writes nothing for refs GitHub did not answer, and keeps their check dates', () => {
    const { sources, texts } = collected();
    expect(planSync({ sources, texts, live: new Map(), today: TODAY })).toEqual({
      files: [],
      notes: [],
    });
  });

  it('skips sources whose text it was not given', () => {
    const { sources } = collected();
    expect(planSync({ sources, texts: new Map(), live: LIVE, today: TODAY }).files).toEqual([]);
  });
});

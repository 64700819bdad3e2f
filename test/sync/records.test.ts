import { describe, expect, it } from 'vitest';
import type { RefKey, Resolution } from '../../src/model.js';
import { parseRecordIndex } from '../../src/sources/records/index.js';
import { planSync, type SyncPlan } from '../../src/sync/plan.js';
import type { SourceResult } from '../../src/model.js';
import { pr, readRecord, RECORD, TODAY } from './support.js';

const R1 = 'o/r#1';
const lines = (...ls: string[]): string => ls.join('\n') + '\n';
const head = (...ls: string[]) =>
  lines('schema_version: 1', "status_updated: '2026-08-01'", 'target: { repo: o/r }', ...ls);

function sync(text: string, live: Record<RefKey, Resolution>, source?: SourceResult): SyncPlan {
  return planSync({
    sources: [source ?? readRecord(text)],
    texts: new Map([[source?.source.path ?? RECORD, text]]),
    live: new Map(Object.entries(live)),
    today: TODAY,
  });
}
const after = (plan: SyncPlan): string | undefined => plan.files[0]?.after;

describe('record sync', () => {
  it('keeps quotes on status_updated and the precision of a date-only merged_at', () => {
    const text = head(
      'upstream_prs:',
      '  - ref: "#1"',
      '    state: OPEN',
      '    merged_at: 2026-07-08   # day only',
    );
    const plan = sync(text, { [R1]: pr('MERGED', { mergedAt: '2026-07-09T23:00:00-02:00' }) });
    expect(after(plan)).toBe(
      head(
        'upstream_prs:',
        '  - ref: "#1"',
        '    state: MERGED',
        '    merged_at: 2026-07-10   # day only',
      ).replace("'2026-08-01'", `'${TODAY}'`),
    );
  });

  it('fills an empty merged_at with a quoted timestamp, in block and flow style', () => {
    const text = head(
      'upstream_prs:',
      '  - ref: "#1"',
      '    state: MERGED',
      '    merged_at:',
      '  - { ref: "#2", state: MERGED, merged_at: }',
    );
    const mergedAt = '2026-07-09T10:00:00Z';
    const plan = sync(text, {
      [R1]: pr('MERGED', { mergedAt }),
      'o/r#2': pr('MERGED', { mergedAt }),
    });
    expect(after(plan)).toContain(`    merged_at: "${mergedAt}"\n`);
    expect(after(plan)).toContain(`  - { ref: "#2", state: MERGED, merged_at: "${mergedAt}"}\n`);
    expect(readRecord(after(plan)!).mentions.map((m) => m.recordedMergedAt)).toEqual([
      mergedAt,
      mergedAt,
    ]);
  });

  it('adds no key the record does not have, and leaves not-submitted and absent states', () => {
    const text = head(
      'upstream_prs:',
      '  - ref: "#1"',
      '  - ref: "#2"',
      '    state: not-submitted',
    );
    const plan = sync(text, {
      [R1]: pr('MERGED', { mergedAt: '2026-07-09T10:00:00Z', reviewDecision: 'APPROVED' }),
      'o/r#2': pr('OPEN'),
    });
    expect(after(plan)).toBe(text.replace("'2026-08-01'", `'${TODAY}'`));
  });

  it('treats review-required as REVIEW_REQUIRED, and leaves a decision GitHub does not give', () => {
    const text = head(
      'upstream_prs:',
      '  - { ref: "#1", state: OPEN, review_decision: review-required }',
      '  - { ref: "#2", state: OPEN, review_decision: APPROVED }',
    );
    const plan = sync(text, {
      [R1]: pr('OPEN', { reviewDecision: 'REVIEW_REQUIRED' }),
      'o/r#2': pr('OPEN'),
    });
    expect(plan.files[0]?.changes.map((c) => c.field)).toEqual(['check-date']);
  });

  it('leaves a state written through an alias, whose text lives elsewhere', () => {
    const text = head('x: &open OPEN', 'upstream_prs:', '  - ref: "#1"', '    state: *open');
    expect(readRecord(text).fields.map((f) => f.ref)).toEqual([R1]);
    const plan = sync(text, { [R1]: pr('MERGED') });
    expect(plan.files[0]?.changes.map((c) => c.field)).toEqual(['check-date']);
  });

  it('does not touch a file with YAML syntax errors, and says so', () => {
    const text = head('upstream_prs:', '  - { ref: "#1", state: OPEN', 'oops: [');
    const plan = sync(text, { [R1]: pr('MERGED') });
    expect(plan.files).toEqual([]);
    expect(plan.notes).toEqual([
      { path: RECORD, message: 'not synced: the file has YAML syntax errors (see parse-error)' },
    ]);
  });

  it('syncs the refs of a record index by their paths under patches', () => {
    const path = 'deploy/patch.upstream.status.yaml';
    const index = lines(
      'status_updated: 2026-08-01',
      'repo: o/r',
      'patches:',
      '  engine/fix.py:',
      '    upstream_prs: [{ ref: "#1", state: OPEN }]',
    );
    const source = parseRecordIndex({ path, text: index, patchesDir: 'deploy/patches' });
    const plan = sync(index, { [R1]: pr('CLOSED') }, source);
    expect(after(plan)).toBe(
      lines(
        `status_updated: ${TODAY}`,
        'repo: o/r',
        'patches:',
        '  engine/fix.py:',
        '    upstream_prs: [{ ref: "#1", state: CLOSED }]',
      ),
    );
  });
});

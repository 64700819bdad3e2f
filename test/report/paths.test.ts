/** Report paths from the repository top: the pure half (report/paths.ts, buildReport's `root`). */
import { describe, expect, it } from 'vitest';
import { REPORTERS, buildReport } from '../../src/report/index.js';
import { shownPath, shownPathsIn } from '../../src/report/paths.js';
import { FIX, ORPHAN, sampleInput } from './sample.js';

describe('shownPath', () => {
  it('puts the root in front of a root-relative path', () => {
    expect(shownPath('vendor/q', 'deploy/x.md')).toBe('vendor/q/deploy/x.md');
    expect(shownPath('vendor/q', '../shared/x.patch')).toBe('vendor/shared/x.patch');
  });

  it('leaves the path alone at the top, and an empty or absolute one anywhere', () => {
    expect(shownPath('.', 'deploy/x.md')).toBe('deploy/x.md');
    expect(shownPath('vendor/q', '')).toBe('');
    expect(shownPath('vendor/q', '/etc/x')).toBe('/etc/x');
  });
});

describe('shownPathsIn', () => {
  const known = new Set(['patches/a.py', 'ledger.md']);

  it('rewrites the paths of the tree, wherever the sentence puts them', () => {
    expect(
      shownPathsIn(
        'patches/a.py is named in ledger.md:12 (`patches/a.py`) and ends here patches/a.py.',
        'q',
        known,
      ),
    ).toBe(
      'q/patches/a.py is named in q/ledger.md:12 (`q/patches/a.py`) and ends here q/patches/a.py.',
    );
  });

  it('leaves upstream files, longer paths and other words alone', () => {
    const message = 'anchor of patches/a.py is gone from engine/a.py; see x/patches/a.py and a.py';
    expect(shownPathsIn(message, 'q', known)).toBe(
      'anchor of q/patches/a.py is gone from engine/a.py; see x/patches/a.py and a.py',
    );
    expect(shownPathsIn(message, '.', known)).toBe(message);
  });
});

describe('buildReport with a root below the top', () => {
  const input = (root: string) => {
    const base = sampleInput();
    return {
      ...base,
      root,
      findings: base.findings.map((f) =>
        f.rule === 'unindexed-patch' ? { ...f, message: `${ORPHAN} is not indexed.` } : f,
      ),
    };
  };

  it('prefixes every path field and the paths in messages, and says where the root is', () => {
    const top = buildReport(input('.'));
    const sub = buildReport(input('vendor/q'));
    expect(sub.root).toBe('vendor/q');
    expect(sub.sources.map((s) => s.path)).toEqual(top.sources.map((s) => `vendor/q/${s.path}`));
    expect(sub.patches.map((p) => p.path)).toEqual(top.patches.map((p) => `vendor/q/${p.path}`));
    expect(sub.refs.flatMap((r) => r.mentions.map((m) => [m.source, m.patch]))).toEqual(
      top.refs.flatMap((r) =>
        r.mentions.map((m) => [`vendor/q/${m.source}`, m.patch && `vendor/q/${m.patch}`]),
      ),
    );
    expect(sub.findings.map((f) => [f.file, f.patch])).toEqual(
      top.findings.map((f) => [`vendor/q/${f.file}`, f.patch && `vendor/q/${f.patch}`]),
    );
    expect(sub.findings.find((f) => f.rule === 'unindexed-patch')?.message).toBe(
      `vendor/q/${ORPHAN} is not indexed.`,
    );
  });

  it('gives workflow commands the repository path', () => {
    const out = REPORTERS.github(buildReport(input('vendor/q')), { color: false });
    expect(out).toContain(`::error file=vendor/q/deploy/patch.upstream.status.md,line=12,`);
    expect(out).toContain(`file=vendor/q/${FIX.replace('fix.py', 'fix.upstream.status.yaml')},`);
  });
});

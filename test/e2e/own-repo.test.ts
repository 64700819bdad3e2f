/**
 * In a checkout, "internal PR #N" and "<project> PR #N" are the project's own
 * repository's PRs (SPEC §2.4), read from the `origin` remote; they never
 * decide a patch's fate. In a copy of the same tree outside any checkout they
 * stay unasked and ambiguous, as the tree alone cannot say whose they are.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/report.js';
import { listCheckout } from './cli.js';

const LEDGER = `# Patch ledger

_States re-verified 2026-08-01._

## sglang — \`patches/\`

| patch | fixes | upstream issue | upstream PR | ours? | PR state |
|---|---|---|---|---|---|
| \`fix_rows.py\` | rows off by one | none | [sglang#2001](https://github.com/sgl-project/sglang/pull/2001); internal PR #178 (the sibling fix, **MERGED**) | **yes** | OPEN |
`;

const HEADER = `"""Fix rows off by one.

UPSTREAM STATUS (queried 2026-08-01)
  own PR         sgl-project/sglang#2001 "Fix rows" (alice, OPEN).
  background     Acme PR #180 carried a first version.
"""
ROWS = 1
`;

let base: string;
function tree(name: string, remote: string | null): string {
  const root = path.join(base, name);
  mkdirSync(path.join(root, 'patches'), { recursive: true });
  writeFileSync(path.join(root, 'patch.upstream.status.md'), LEDGER);
  writeFileSync(path.join(root, 'patches', 'fix_rows.py'), HEADER);
  if (remote !== null) {
    execFileSync('git', ['init', '-q'], { cwd: root });
    execFileSync('git', ['remote', 'add', 'origin', remote], { cwd: root });
  }
  return root;
}

const list = (root: string): Report => listCheckout<Report>(root);

const mentions = (report: Report) =>
  report.refs.flatMap((r) => r.mentions.map((m) => [r.ref, m.source, m.role, m.recordedState]));

beforeAll(() => {
  base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'us-own-e2e-')));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe("the project's own repository", () => {
  it('takes its internal and named PRs in a checkout, as related', () => {
    const report = list(tree('checkout', 'https://github.com/acme-org/acme.git'));
    expect(mentions(report)).toEqual([
      ['acme-org/acme#178', 'patch.upstream.status.md', 'related', 'MERGED'],
      ['acme-org/acme#180', 'patches/fix_rows.py', 'background', null],
      ['sgl-project/sglang#2001', 'patch.upstream.status.md', 'own', 'OPEN'],
      ['sgl-project/sglang#2001', 'patches/fix_rows.py', 'own', 'OPEN'],
    ]);
    expect(report.findings.filter((f) => f.rule === 'ambiguous-ref')).toEqual([]);
  });

  it('leaves them unasked outside a checkout: the internal one unread, the named one ambiguous', () => {
    const report = list(tree('copy', null));
    expect(mentions(report)).toEqual([
      ['sgl-project/sglang#2001', 'patch.upstream.status.md', 'own', 'OPEN'],
      ['sgl-project/sglang#2001', 'patches/fix_rows.py', 'own', 'OPEN'],
    ]);
    expect(
      report.findings.filter((f) => f.rule === 'ambiguous-ref').map((f) => [f.file, f.line]),
    ).toEqual([['patches/fix_rows.py', 5]]);
  });
});

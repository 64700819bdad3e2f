/**
 * A Debian packaging tree (session 14): the packager's notes beside the
 * quilt series (`debian/patches/README.upstream-status.md`), DEP-3 headers
 * whose free text is the packager's own, a `git format-patch` mail copied
 * from upstream, and the upstream repository named by `debian/control` and
 * `debian/copyright` (fixture: test/fixtures/ecosystems/debian-pkg).
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/report.js';
import { FIXTURES, runCli } from './cli.js';

const ROOT = path.join(FIXTURES, 'ecosystems', 'debian-pkg');
const P = 'debian/patches/';
const NOTES = `${P}README.upstream-status.md`;
const P1 = `${P}0001-render-keep-trailing-backslash-in-code-spans.patch`;
const P2 = `${P}0002-tests-do-not-fetch-fixtures.patch`;
const P3 = `${P}0003-cli-exit-non-zero-on-missing-input.patch`;
const UP = 'quillmark-org/quillmark';

type Row = [source: string, line: number, ref: string, role: string, state: string | null];

let report: Report;
let rows: Row[];
beforeAll(async () => {
  const r = await runCli(['list', '--root', ROOT, '--format', 'json', '--today', '2026-11-25']);
  expect(r.code).toBe(0);
  report = JSON.parse(r.stdout) as Report;
  rows = report.refs.flatMap((ref) =>
    ref.mentions.map((m): Row => [m.source, m.line, ref.ref, m.role, m.recordedState]),
  );
});

const at = (source: string, line: number): Row[] =>
  rows.filter(([s, l]) => s === source && l === line);

describe('a Debian packaging tree', () => {
  it('reads a markdown file in debian/patches as notes, not as a patch', () => {
    expect(report.read?.patches).toBe(3);
    const kinds = new Map(report.sources.map((s) => [s.path, s.kind]));
    expect(kinds.get(NOTES)).toBe('ledger');
  });

  it('binds each bullet of the notes to the patch it names, and indexes nothing', async () => {
    const byRef = new Map(report.refs.map((r) => [r.ref, r]));
    const own = byRef.get(`${UP}#512`)?.mentions.find((m) => m.source === NOTES);
    expect([own?.line, own?.role, own?.recordedState, own?.patch]).toEqual([8, 'own', 'OPEN', P1]);
    const backport = byRef.get(`${UP}#467`)?.mentions.find((m) => m.source === NOTES);
    expect([backport?.role, backport?.recordedState, backport?.patch]).toEqual([
      'fix',
      'MERGED',
      P3,
    ]);
    // Notes are no ledger: a patch they do not name is not unindexed, and
    // the patches they name are not demanded rows.
    const r = await runCli(['check', '--offline', '--root', ROOT, '--today', '2026-11-25']);
    expect(r.stdout).not.toMatch(/unindexed-patch|missing-patch|parse-error/);
    expect(r.code).toBe(0);
  });

  it('reads the roles the notes give in words', () => {
    expect(at(NOTES, 9)).toEqual([[NOTES, 9, `${UP}#530`, 'fix', null]]);
    expect(at(NOTES, 10)).toEqual([[NOTES, 10, `${UP}#541`, 'anchor-collision', 'OPEN']]);
  });

  it("reads a DEP-3 header's free text as the packager's own: states, labels, the upstream's bare refs", () => {
    expect(at(P1, 9)).toEqual([[P1, 9, `${UP}#512`, 'own', 'OPEN']]);
    expect(at(P1, 10)).toEqual([[P1, 10, `${UP}#530`, 'fix', 'DRAFT']]);
    expect(at(P1, 12)).toEqual([[P1, 12, `${UP}#541`, 'anchor-collision', null]]);
    expect(at(P3, 8)).toEqual([[P3, 8, `${UP}#467`, 'fix', 'MERGED']]);
  });

  it("reads a patch mailed from upstream as a copied message: its bare refs are the upstream's, without states", () => {
    expect(at(P2, 4)).toEqual([[P2, 4, `${UP}#455`, 'fix', null]]);
    // "which MERGED the corpus" is upstream's history, copied, not the packager's record.
    expect(at(P2, 7)).toEqual([[P2, 7, `${UP}#431`, 'related', null]]);
  });
});

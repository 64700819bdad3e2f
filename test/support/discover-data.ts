/**
 * One upstream repository with 1,500 open PRs, a few of which touch a small
 * queue's footprint in known ways (certain, near, same file only, already
 * recorded), and that queue: shared by the discover test and the bench.
 */
import type { FakePr, FakeRepoData } from './fake-github-data.js';

const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}\n`).join('');
const change = (at: number) =>
  `@@ -${at - 1},3 +${at - 1},3 @@\n line ${at - 1}\n-line ${at}\n+line ${at} changed\n line ${at + 1}`;
const M = 'python/eng/core/m.py';
const N = 'python/eng/core/n.py';

export const SPECIAL: Record<number, Partial<FakePr>> = {
  101: { files: [{ path: M, patch: change(20) }], title: 'Rework m' },
  102: { files: [{ path: M, patch: change(23) }], title: 'Tidy the helpers of m' },
  103: { files: [{ path: M, patch: change(28) }] },
  104: { files: [{ path: M, patch: change(20) }] },
  105: {
    title: 'Refactor row handling in n',
    files: [
      { path: N, patch: change(10) },
      { path: 'docs/x.md', patch: null },
    ],
  },
  106: {
    title: '[WIP] n: pad rows for DP',
    files: [{ path: N, patch: change(13) }],
    isDraft: true,
    reviewDecision: 'REVIEW_REQUIRED',
  },
};

export function repoData(pushed: ReadonlySet<number> = new Set()): FakeRepoData {
  const prs: FakePr[] = Array.from({ length: 1500 }, (_, i) => {
    const number = i + 1;
    return {
      number,
      state: 'OPEN',
      files: [{ path: `other/f${number}.py`, patch: change(5) }],
      ...SPECIAL[number],
      ...(pushed.has(number) ? { headRefOid: `${'b'.repeat(39)}${number % 10}` } : {}),
    };
  });
  return {
    prs,
    refs: { v1: 'a'.repeat(40) },
    commits: [{ sha: 'a'.repeat(40) }],
    files: { [`${'a'.repeat(40)}`]: { [M]: lines(30), [N]: lines(30) } },
  };
}

export const QUEUE: Record<string, string> = {
  '.upstream-status.yml':
    'patches: { dir: patches }\nrepos:\n  defaults: { "": up/engine }\nbases: { up/engine: v1 }\npackages:\n  eng: { repo: up/engine, path: python/eng }\n',
  'patches/fix.py':
    'import os, eng\nf = os.path.join(os.path.dirname(eng.__file__), "core/m.py")\ns = open(f).read()\nif s.count("line 20\\n") != 1:\n    raise SystemExit(1)\nopen(f, "w").write(s.replace("line 20\\n", "LINE 20\\n"))\n',
  'patches/fix.upstream.status.yaml':
    'schema_version: 1\nstatus_updated: 2026-08-05\ntarget:\n  repo: up/engine\nupstream_prs: null\nrelated_refs:\n  - { ref: up/engine#104, kind: pr, state: OPEN, relevance: anchor-collision }\n',
  'patches/rows.diff': `--- a/${N}\n+++ b/${N}\n@@ -9,3 +9,3 @@\n line 9\n-line 10\n+line ten\n line 11\n`,
};

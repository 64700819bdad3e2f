/**
 * Synthetic patch queue for the benchmark, in the real formats of SPEC §2:
 * one markdown ledger (a section and table per repo, ditto rows, links that
 * teach aliases, `**MERGED** 2026-07-09`, `both OPEN (…)`), patch files with
 * UPSTREAM STATUS headers (.py docstrings, .diff preambles), YAML records for
 * about a quarter of the patches — and the fake GitHub's data consistent
 * with all of it, where a deterministic ~5% of refs have drifted.
 *
 * Deterministic for a given (patches, repos, seed).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FakeIssue, FakePr, FakeRepoData } from '../test/support/fake-github.js';
import { fakeSha } from '../test/support/fake-github-data.js';
import { prng } from '../test/support/prng.js';

export interface GenerateOptions {
  patches: number;
  /** Number of upstream repos, 4..6; default 5. */
  repos?: number;
  seed?: number;
}

/** What the live state of a ref is, as the tool reports it in `refs[].live.state`. */
export type LiveState = 'OPEN' | 'DRAFT' | 'MERGED' | 'CLOSED';

export interface GeneratedTree {
  root: string;
  /** Fake GitHub data, by `owner/repo`. */
  repos: Record<string, FakeRepoData>;
  /** Every distinct ref named by the tree (`owner/repo#N`, lower case), with its live state. */
  refs: Map<string, LiveState>;
  /** The refs whose live state differs from what the records say. */
  drifted: string[];
  patchCount: number;
  /** Patch files written (companions included). */
  files: number;
}

const REPO_POOL = [
  ['infer-org', 'engine'],
  ['infer-org', 'vllm'],
  ['kv-org', 'transport'],
  ['infer-org', 'kernels'],
  ['sched-org', 'scheduler'],
  ['tok-org', 'tokenizer'],
] as const;

const MERGED_DATE = '2026-07-09';
const MERGED_AT = '2026-07-09T21:30:00Z';
const BASE_DATE = process.env['BENCH_BASE_DATE'] ?? '2026-06-20T00:00:00Z';
const DRIFT_MERGED_AT = '2026-08-14T06:40:11Z';
const DRIFT_CLOSED_AT = '2026-08-13T17:02:44Z';

interface Repo {
  owner: string;
  name: string;
  full: string;
  next: number;
  prs: FakePr[];
  issues: FakeIssue[];
  rows: string[];
}

interface Ref {
  repo: Repo;
  number: number;
  kind: 'pr' | 'issue';
  /** What every source records; null = nothing recorded in the ledger. */
  recorded: 'OPEN' | 'MERGED' | null;
}

const WORDS = [
  'rows',
  'alloc',
  'evict',
  'guard',
  'shard',
  'pad',
  'layout',
  'nan',
  'timeout',
  'cache',
  'sched',
  'rope',
  'mask',
  'dtype',
  'stream',
  'graph',
  'warmup',
  'spec',
  'lora',
  'quant',
];

export async function generateTree(dir: string, opts: GenerateOptions): Promise<GeneratedTree> {
  const rand = prng(opts.seed ?? 1);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const nRepos = Math.min(6, Math.max(4, opts.repos ?? 5));
  const repos: Repo[] = REPO_POOL.slice(0, nRepos).map(([owner, name], i) => ({
    owner,
    name,
    full: `${owner}/${name}`,
    next: 1000 + i * 100 + Math.floor(rand() * 50),
    prs: [],
    issues: [],
    rows: [],
  }));
  const live = new Map<string, LiveState>();
  const drifted: string[] = [];
  let refIndex = 0;

  const docker = path.join(dir, 'deploy', 'docker');
  const patchesDir = path.join(docker, 'patches');
  const writes: Promise<void>[] = [];
  const written = new Set<string>();
  const write = (rel: string, text: string): void => {
    const file = path.join(patchesDir, rel);
    written.add(rel);
    writes.push(mkdir(path.dirname(file), { recursive: true }).then(() => writeFile(file, text)));
  };

  /** Allocate a ref and its fake answer; every 20th ref (deterministically) has moved. */
  function newRef(repo: Repo, kind: 'pr' | 'issue', recorded: 'OPEN' | 'MERGED' | null): Ref {
    repo.next += 1 + Math.floor(rand() * 3);
    const number = repo.next;
    const drift = refIndex++ % 20 === 7;
    const key = `${repo.full}#${number}`.toLowerCase();
    let state: LiveState;
    if (kind === 'issue') {
      state = drift ? 'CLOSED' : 'OPEN';
      repo.issues.push(
        state === 'CLOSED'
          ? { number, state, stateReason: 'COMPLETED', closedAt: DRIFT_CLOSED_AT }
          : { number, state },
      );
    } else if (recorded === 'MERGED') {
      // A merged PR never moves; a drift here is a record that said MERGED for a PR that was reverted/closed… keep it MERGED.
      state = 'MERGED';
      repo.prs.push({ number, state, mergedAt: MERGED_AT, reviewDecision: 'APPROVED' });
    } else if (drift) {
      // OPEN recorded, now merged or closed unmerged.
      if (refIndex % 40 < 20) {
        state = 'MERGED';
        repo.prs.push({ number, state, mergedAt: DRIFT_MERGED_AT, reviewDecision: 'APPROVED' });
      } else {
        state = 'CLOSED';
        repo.prs.push({ number, state: 'CLOSED', closedAt: DRIFT_CLOSED_AT });
      }
    } else {
      state = 'OPEN';
      repo.prs.push({ number, state });
    }
    live.set(key, state);
    if (drift && recorded !== 'MERGED') drifted.push(key);
    return { repo, number, kind, recorded };
  }

  const url = (r: Ref): string =>
    `https://github.com/${r.repo.full}/${r.kind === 'pr' ? 'pull' : 'issues'}/${r.number}`;
  const link = (r: Ref): string => `[${r.repo.name}#${r.number}](${url(r)})`;
  const bareLink = (r: Ref): string => `[#${r.number}](${url(r)})`;

  const counts = new Map<Repo, number>();
  let patchCount = 0;
  for (let p = 0; p < opts.patches; p++) {
    const repo = repos[p % repos.length] as Repo;
    const n = (counts.get(repo) ?? 0) + 1;
    counts.set(repo, n);
    const word = pick(WORDS);
    const ext = rand() < 0.6 ? '.py' : '.diff';
    const stem = `p${String(n).padStart(4, '0')}_${word}`;
    const rel = `${repo.name}/${stem}${ext}`;
    const template = p % 3;
    const withHeader = rand() < 0.75;
    const withRecord = p % 4 === 1;
    const companion = p % 23 === 5 ? `${stem}_test.py` : null;
    patchCount++;

    let issue: Ref | null = null;
    let own: Ref;
    let second: Ref;
    let third: Ref | null = null;
    const cellPatch = companion ? `\`${rel}\` (+ \`${companion}\`)` : `\`${rel}\``;
    if (template === 0) {
      // Own PR + issue, and a third-party PR for the same bug on another platform.
      issue = newRef(repo, 'issue', null);
      own = newRef(repo, 'pr', 'OPEN');
      second = newRef(repo, 'pr', 'OPEN');
      repo.rows.push(
        `| ${cellPatch} | row count mismatch → \`assert B == n\` | ${link(issue)} | ${link(own)} | **yes** (\`alice\`) | OPEN |`,
        `| ″ (same bug, other platform) | — | none found | ${link(second)} \`[NPU] fix ${word}\` | no (\`bob\`) | OPEN |`,
      );
    } else if (template === 1) {
      // A merged third-party fix, and two anchor collisions sharing one state cell.
      own = newRef(repo, 'pr', 'MERGED');
      second = newRef(repo, 'pr', 'OPEN');
      third = newRef(repo, 'pr', 'OPEN');
      repo.rows.push(
        `| ${cellPatch} | host pool mapped at the wrong VA | none found | ${link(own)} | no (\`carol\`) | **MERGED** ${MERGED_DATE} |`,
        `| ″ (anchor collision, **not** a fix) | — | — | ${link(second)} rewrites the same call site; ${bareLink(third)} moves the backend | no | both OPEN (re-read 2026-08-03) |`,
      );
    } else {
      // Alias-only refs (taught by links elsewhere in the file) and an anchor collision.
      issue = newRef(repo, 'issue', null);
      own = newRef(repo, 'pr', 'OPEN');
      second = newRef(repo, 'pr', 'OPEN');
      repo.rows.push(
        `| ${cellPatch} | ${word} breaks under DP | ${repo.name}#${issue.number} | ${link(own)} | **yes** | *OPEN* |`,
        `| ″ (anchor collision) | — | — | ${repo.name}#${second.number} | no | OPEN |`,
      );
    }

    // The patch file, with (most of the time) an UPSTREAM STATUS header.
    const header: string[] = [];
    if (withHeader) {
      header.push('UPSTREAM STATUS (re-queried 2026-08-11)');
      const full = ext === '.diff';
      const name = (r: Ref): string => (full ? `${r.repo.full}#${r.number}` : `#${r.number}`);
      if (template === 0) {
        header.push(
          `  issue          ${name(issue as Ref)} "${word} mismatch under DP" (dave, OPEN). Same defect.`,
          `  third-party PR ${name(second)} "[NPU] fix ${word} in`,
          `                 warm-up" (bob, OPEN). Same bug class on another platform.`,
          `  own PR         ${name(own)} "Fix ${word}" (alice, OPEN, against main).`,
        );
      } else if (template === 1) {
        header.push(
          `  fix            ${name(own)} "select ${word} by build flags"`,
          `                 (frank, MERGED ${MERGED_DATE}). Still needed while the old flag is off.`,
          `  anchor risk    ${name(second)} / ${name(third as Ref)} (both OPEN) rewrite our`,
          `                 anchor; expect a conflict, not a fix.`,
        );
      } else {
        header.push(
          `  issue          ${name(issue as Ref)} "${word} breaks under DP" (erin, OPEN).`,
          `  own PR         ${name(own)} "Guard ${word}" (alice, OPEN).`,
          `  anchor risk    ${name(second)} "refactor near our anchor" (zed, OPEN).`,
        );
      }
    }
    if (ext === '.py') {
      const doc = header.length
        ? `"""Patch ${word} at build time.\n\n${header.join('\n')}\n"""\n`
        : `# Patch ${word} at build time.\n`;
      write(rel, `${doc}import sys\n\nprint("${stem}", sys.argv[1:])\n`);
    } else {
      const pre = header.length
        ? `Fix ${word} in the vendored tree.\n\n${header.join('\n')}\n---\n`
        : '';
      const file = `python/${repo.name}/${word}.py`;
      write(
        rel,
        `${pre}diff --git a/${file} b/${file}\n--- a/${file}\n+++ b/${file}\n@@ -1,3 +1,3 @@\n def ${word}(x):\n-    return x - 1\n+    return x\n # end\n`,
      );
    }
    if (companion) write(`${repo.name}/${companion}`, `# Test companion of ${rel}.\nprint("ok")\n`);

    if (withRecord) {
      const mergedAt = (r: Ref): string => (r.recorded === 'MERGED' ? `"${MERGED_AT}"` : 'null');
      const lines = [
        `# Record for ${stem}${ext} — keep in step with the ledger row.`,
        'schema_version: 1',
        'status_updated: 2026-08-05',
        `patch: { path: deploy/docker/patches/${rel}, kind: ${ext === '.py' ? 'python-anchor-script' : 'diff'} }`,
        'target:',
        `  repo: ${repo.full}`,
        `  files: [python/${repo.name}/${word}.py]`,
        '  versions: [{ ref: v0.5.15.post1, commit: 0b3bb0cbe318 }]',
      ];
      if (issue) {
        lines.push(
          'upstream_issues:',
          `  - { ref: "${repo.full}#${issue.number}", kind: issue, state: OPEN, note: "the report" }`,
        );
      } else {
        lines.push('upstream_issues: null');
      }
      lines.push(
        'upstream_prs:',
        `  - ref: ${repo.full}#${own.number}`,
        `    url: ${url(own)}`,
        `    state: ${own.recorded}`,
        `    merged_at: ${mergedAt(own)}`,
        `    ours: ${template === 1 ? 'false' : 'true'}`,
        'related_refs:',
        `  - { ref: "#${second.number}", kind: pr, state: OPEN, relevance: ${template === 0 ? 'same-defect-other-platform' : 'anchor-collision'}, note: "bare: target.repo applies" }`,
      );
      if (third) {
        lines.push(
          `  - ref: ${repo.full}#${third.number}`,
          '    kind: pr',
          '    state: OPEN',
          '    relevance: anchor-collision',
        );
      }
      lines.push('  - { ref: internal#4411, kind: issue, relevance: background }');
      write(`${repo.name}/${stem}.upstream.status.yaml`, `${lines.join('\n')}\n`);
    }
  }

  // One retired patch per repo, with its superseding PR (MERGED).
  const retired: string[] = [];
  for (const repo of repos) {
    const r = newRef(repo, 'pr', 'MERGED');
    retired.push(
      `| \`${repo.name}/old_fix.py\` | stale pages | ${link(r)} (MERGED) | base v0.5.17 |`,
    );
    write(`${repo.name}/README.md`, `Anchor scripts for the vendored ${repo.name}.\n`);
  }
  write('apply_patches.sh', '#!/bin/sh\nset -e\n');

  const out: string[] = [
    '# Patch ledger — synthetic benchmark queue',
    '',
    '_PR states re-verified against the GitHub API on 2026-08-10._ Rows are grouped by',
    'the upstream they patch; see `patches/apply_patches.sh` for the order.',
    '',
  ];
  for (const repo of repos) {
    out.push(
      `## ${repo.name} — \`patches/${repo.name}/\` (baked by \`Dockerfile.${repo.name}\`)`,
      '',
      '| patch | fixes | upstream issue | upstream PR | ours? | PR state |',
      '|---|---|---|---|---|---|',
      ...repo.rows,
      '',
    );
  }
  out.push(
    '## Retired',
    '',
    '| patch | fixed | superseded by | dropped at |',
    '|---|---|---|---|',
    ...retired,
    '',
    '## Not patches',
    '',
    ['`apply_patches.sh`', ...repos.map((r) => `\`${r.name}/README.md\``)].join(', ') + '.',
    '',
  );
  await mkdir(docker, { recursive: true });
  await writeFile(path.join(docker, 'patch.upstream.status.md'), out.join('\n'));
  await Promise.all(writes);

  // A linear history per repo: every merge commit at its PR's merge date, and
  // the pinned base v0.5.15.post1 (0b3bb0cbe318…) committed at BASE_DATE.
  const data: Record<string, FakeRepoData> = {};
  for (const repo of repos) {
    const prs = repo.prs.map((pr) =>
      pr.state === 'MERGED' ? { ...pr, mergeCommit: fakeSha(`${repo.full}#${pr.number}`) } : pr,
    );
    const dated = prs
      .filter((pr) => pr.state === 'MERGED')
      .map((pr) => ({ sha: pr.mergeCommit as string, date: pr.mergedAt as string }));
    const base = { sha: `0b3bb0cbe318${fakeSha(`${repo.full} base`).slice(12)}`, date: BASE_DATE };
    const ordered = [...dated, base].sort((a, b) =>
      a.date < b.date ? -1 : a.date > b.date ? 1 : 0,
    );
    const commits = ordered.map((c, i) => ({
      sha: c.sha,
      date: c.date,
      parents: i === 0 ? [] : [(ordered[i - 1] as { sha: string }).sha],
    }));
    data[repo.full] = { prs, issues: repo.issues, commits, refs: { 'v0.5.15.post1': base.sha } };
  }
  return { root: dir, repos: data, refs: live, drifted, patchCount, files: written.size };
}

// `tsx bench/generate.ts DIR PATCHES [SEED]`: write a tree (and DIR/fake-github.json) to inspect or profile.
async function cli(args: string[]): Promise<void> {
  const [dir, n, seed] = args;
  if (!dir || !n) {
    console.error('usage: tsx bench/generate.ts DIR PATCHES [SEED]');
    process.exitCode = 2;
    return;
  }
  const tree = await generateTree(dir, { patches: Number(n), seed: Number(seed ?? 1) });
  await writeFile(path.join(dir, 'fake-github.json'), `${JSON.stringify(tree.repos, null, 1)}\n`);
  console.log(
    `${tree.patchCount} patches, ${tree.files} files, ${tree.refs.size} refs, ${tree.drifted.length} drifted → ${dir}`,
  );
}
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  cli(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}

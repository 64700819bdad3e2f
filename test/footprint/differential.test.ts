/**
 * rebase-check's verdict on an anchor script must be what running the script
 * does. Each fixture script (one per shape seen in real queues) is read
 * statically and also run with python3 against a temporary upstream tree, in
 * four states: the base, the base after the script ran (already applied), its
 * first anchor removed, and its first anchor duplicated.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFootprint } from '../../src/footprint/build.js';
import { pythonRegex } from '../../src/footprint/regex.js';
import type { Anchor, Footprint } from '../../src/footprint/types.js';
import { fileKey, type FileContent } from '../../src/github/contents.js';
import type { Pair } from '../../src/rebase/pairs.js';
import { checkScript, scriptFindings } from '../../src/rebase/script-check.js';

const HERE = path.dirname(new URL(import.meta.url).pathname);
const SCRIPTS = path.join(HERE, 'fixtures/scripts');
const UPSTREAM = path.join(HERE, 'fixtures/upstream');
const PYTHON = spawnSync('python3', ['--version']).status === 0;

type Tree = Map<string, string>;
type Outcome = 'applies' | 'already-applied' | 'refuses';

function upstreamTree(): Tree {
  const tree: Tree = new Map();
  const walk = (dir: string, rel: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(dir, e.name), `${rel}/${e.name}`);
      else tree.set(`python${rel}/${e.name}`, readFileSync(path.join(dir, e.name), 'utf8'));
    }
  };
  walk(UPSTREAM, '');
  return tree;
}

/** Runs the script for real over `tree`; returns what it did and the tree after. */
function runPython(script: string, tree: Tree): { outcome: Outcome; after: Tree; stdout: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'fp-diff-'));
  try {
    for (const [rel, text] of tree) {
      mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      writeFileSync(path.join(dir, rel), text);
    }
    const r = spawnSync('python3', [path.join(SCRIPTS, script)], {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? '',
        PYTHONPATH: path.join(dir, 'python'),
        PYTHONDONTWRITEBYTECODE: '1',
      },
      encoding: 'utf8',
    });
    const after: Tree = new Map(
      [...tree.keys()].map((rel) => [rel, readFileSync(path.join(dir, rel), 'utf8')]),
    );
    const changed = [...tree].some(([rel, text]) => after.get(rel) !== text);
    const outcome: Outcome = changed
      ? 'applies'
      : r.status === 0 && /already/i.test(r.stdout)
        ? 'already-applied'
        : 'refuses';
    return { outcome, after, stdout: `${r.stdout}${r.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const pair = (patch: string): Pair => ({
  target: { patch, repo: 'up/engine', kind: 'script' },
  repo: 'up/engine',
  ref: 'v2',
  commit: 'c0ffee',
  label: 'up/engine@v2',
});

function staticVerdict(fp: Footprint, tree: Tree): { outcome: Outcome; rules: string[] } {
  const files = new Map<string, FileContent>();
  for (const [rel, text] of tree)
    files.set(fileKey({ repo: 'up/engine', ref: 'c0ffee', path: rel }), { kind: 'text', text });
  const p = pair(fp.patch);
  const checked = checkScript(p, fp, null, files);
  const rules = scriptFindings(p, fp, null, checked, () => null).map((f) => f.rule);
  const outcome: Outcome =
    checked.verdict === 'fails'
      ? 'refuses'
      : checked.verdict === 'already-applied'
        ? 'already-applied'
        : 'applies';
  return { outcome, rules };
}

/** The first anchor the script needs (not a marker), and the tree path of its file. */
function firstAnchor(fp: Footprint, tree: Tree): { anchor: Anchor; rel: string } {
  for (const f of fp.files) {
    const rel = f.candidates.find((c) => tree.has(c));
    const anchor = f.anchors.find((a) => a.role !== 'marker');
    if (rel && anchor) return { anchor, rel };
  }
  throw new Error(`${fp.patch}: no anchor to mutate`);
}

function mutate(tree: Tree, rel: string, anchor: Anchor, how: 'remove' | 'duplicate'): Tree {
  const text = tree.get(rel) ?? '';
  const re = anchor.regexFlags === null ? null : pythonRegex(anchor.old, anchor.regexFlags);
  if (typeof re === 'string') throw new Error(re);
  const found = re ? (text.match(re)?.[0] ?? '') : anchor.old;
  const next =
    how === 'remove'
      ? re
        ? text.replace(re, '')
        : text.split(anchor.old).join('')
      : `${text}\n${found}`;
  return new Map(tree).set(rel, next);
}

const scripts = readdirSync(SCRIPTS)
  .filter((f) => f.endsWith('.py'))
  .sort();

describe.skipIf(!PYTHON)('rebase-check agrees with running each anchor script (python3)', () => {
  it('has a fixture script in every shape', () => {
    expect(scripts.length).toBeGreaterThanOrEqual(6);
  });

  const duplicatedRefusals: string[] = [];
  for (const script of scripts) {
    it(`${script}: base, applied, anchor removed, anchor duplicated`, () => {
      const fp = buildFootprint(
        {
          patch: `patches/${script}`,
          repo: 'up/engine',
          text: readFileSync(path.join(SCRIPTS, script), 'utf8'),
          record: null,
          recordPath: null,
        },
        {},
        [],
      );
      expect(fp.unreadable).toEqual([]);
      const base = upstreamTree();
      const first = runPython(script, base);
      expect(first.outcome, first.stdout).toBe('applies');
      const { anchor, rel } = firstAnchor(fp, base);
      const states: [string, Tree, Outcome | null, string | null][] = [
        ['base', base, 'applies', null],
        ['applied', first.after, 'already-applied', null],
        ['anchor removed', mutate(base, rel, anchor, 'remove'), 'refuses', 'anchor-missing'],
        ['anchor duplicated', mutate(base, rel, anchor, 'duplicate'), null, 'anchor-ambiguous'],
      ];
      for (const [name, tree, expected, rule] of states) {
        const real = runPython(script, tree);
        const ours = staticVerdict(fp, tree);
        expect(
          ours.outcome,
          `${script} ${name}: python says ${real.outcome} (${real.stdout.trim()})`,
        ).toBe(real.outcome);
        if (expected !== null) expect(real.outcome, `${script} ${name}`).toBe(expected);
        if (real.outcome === 'refuses' && rule !== null) expect(ours.rules).toContain(rule);
        if (name === 'anchor duplicated' && real.outcome === 'refuses')
          duplicatedRefusals.push(script);
      }
    });
  }

  it('exercised anchor-ambiguous on the scripts that demand one copy', () => {
    expect(duplicatedRefusals.length).toBeGreaterThanOrEqual(3);
  });
});

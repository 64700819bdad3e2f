import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/config-types.js';
import { parseOnto, runRebaseCheck } from '../../src/rebase/check-command.js';
import { makeUpstream, type Upstream } from './support/upstream.js';

const FILE = 'python/eng/core/m.py';
const SCRIPT = [
  'import os, sys',
  'import eng',
  'f = os.path.join(os.path.dirname(eng.__file__), "core/m.py")',
  'src = open(f).read()',
  'if "ALPHA" in src:',
  '    sys.exit(0)',
  'if src.count("alpha\\n") != 1:',
  '    sys.exit(1)',
  'if "beta" not in src:',
  '    sys.exit(1)',
  'open(f, "w").write(src.replace("alpha\\n", "ALPHA\\n"))',
  '',
].join('\n');

let up: Upstream;
let root: string;
beforeAll(() => {
  up = makeUpstream([
    {
      message: 'init',
      files: { [FILE]: 'alpha\nbeta\n', 'python/eng/__init__.py': '' },
      tags: ['v1'],
    },
    { message: 'Repeat alpha (#301)', files: { [FILE]: 'alpha\nbeta\nalpha\n' }, tags: ['v2'] },
    { message: 'Drop beta (#302)', files: { [FILE]: 'alpha\n' }, tags: ['v3'] },
    { message: 'Take the fix (#303)', files: { [FILE]: 'ALPHA\nbeta\n' }, tags: ['v4'] },
    { message: 'Move the module (#304)', files: { [FILE]: null }, tags: ['v5'] },
  ]);
  root = mkdtempSync(path.join(tmpdir(), 'script-check-'));
  mkdirSync(path.join(root, 'patches'));
  writeFileSync(path.join(root, 'patches/fix.py'), SCRIPT);
  writeFileSync(
    path.join(root, 'patches/fix.upstream.status.yaml'),
    'schema_version: 1\nstatus_updated: 2026-08-05\ntarget:\n  repo: up/one\nupstream_prs: null\n',
  );
});
afterAll(() => {
  up.cleanup();
  rmSync(root, { recursive: true, force: true });
});

const check = (ref: string) =>
  runRebaseCheck({
    root,
    config: { ...DEFAULT_CONFIG, bases: { 'up/one': 'v1' } },
    onto: [parseOnto(ref)],
    upstreamDir: up.dir,
    github: null,
    today: '2026-08-20',
  });

describe('rebase-check on an anchor script with no declared anchors', () => {
  it('reads the anchors from the script and finds them once at the base', async () => {
    const r = await check('v1');
    expect(r.findings).toEqual([]);
    expect(r.checked.map((c) => c.verdict)).toEqual(['anchors-found']);
  });

  it('names the commit that made an anchor ambiguous, at the line that counts it', async () => {
    const r = await check('v2');
    expect(r.findings.map((f) => [f.rule, f.file, f.line])).toEqual([
      ['anchor-ambiguous', 'patches/fix.py', 7],
    ]);
    expect(r.findings[0]?.message).toContain('occurs 2 times in python/eng/core/m.py at up/one@v2');
    expect(r.findings[0]?.message).toContain(
      `${up.shas[1]?.slice(0, 12)} "Repeat alpha (#301)" (#301)`,
    );
  });

  it('reports a required text that went missing', async () => {
    const r = await check('v3');
    expect(r.findings.map((f) => [f.rule, f.line])).toEqual([['anchor-missing', 9]]);
    expect(r.findings[0]?.message).toContain('"beta" of patches/fix.py is gone');
  });

  it('says already-applied when the marker is upstream, and anchor-missing when the file is gone', async () => {
    expect((await check('v4')).findings.map((f) => f.rule)).toEqual(['already-applied']);
    const gone = await check('v5');
    expect(gone.findings.map((f) => f.rule)).toEqual(['anchor-missing']);
    expect(gone.findings[0]?.message).toMatch(
      /eng\/core\/m.py nor python\/eng\/core\/m.py does not exist/,
    );
  });
});

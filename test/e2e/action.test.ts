/**
 * The GitHub Action as the runner starts it: `node action/index.mjs` (the
 * committed bundle) with the inputs as INPUT_* variables, GITHUB_ACTIONS,
 * GITHUB_OUTPUT and GITHUB_STEP_SUMMARY set, against the fake GitHub. The
 * bundle must also be what `npm run build:action` builds from today's sources.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import { FIXTURES, PROJECT } from './cli.js';
import { QUEUE_REPOS } from './queue-data.js';

const QUEUE = path.join(FIXTURES, 'e2e', 'queue');
const TOKEN = 'ghp_CANARYaction0123456789abcdefghij';
const ENTRY = path.join(PROJECT, 'action', 'index.mjs');

let gh: FakeGitHub;
let dir: string;

beforeAll(async () => {
  gh = await startFakeGitHub({ repos: QUEUE_REPOS, token: TOKEN });
  dir = await mkdtemp(path.join(os.tmpdir(), 'us-action-'));
});
afterAll(async () => {
  await gh.close();
  await rm(dir, { recursive: true, force: true });
});

interface ActionRun {
  code: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
}

/** Start the bundle the way the runner does: inputs in INPUT_*, empty when not given. */
async function runAction(inputs: Record<string, string>, name: string): Promise<ActionRun> {
  const output = path.join(dir, `${name}.output`);
  const summary = path.join(dir, `${name}.summary`);
  await writeFile(output, '');
  await writeFile(summary, '');
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && !/^(GH_|GITHUB_|INPUT_)/.test(k) && k !== 'CI') env[k] = v;
  }
  for (const key of ['token', 'root', 'format', 'args']) {
    env[`INPUT_${key.toUpperCase()}`] = inputs[key] ?? '';
  }
  Object.assign(env, {
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: PROJECT,
    GITHUB_OUTPUT: output,
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_API_URL: gh.url,
    NO_COLOR: '1',
  });
  const { code, stdout, stderr } = await new Promise<{
    code: number | null;
    stdout: string;
    stderr: string;
  }>((resolve, reject) => {
    const child = spawn(process.execPath, [ENTRY], { cwd: PROJECT, env });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.on('error', reject);
    child.on('close', (c) => resolve({ code: c, stdout: out, stderr: err }));
  });
  const outputs: Record<string, string> = {};
  for (const line of (await readFile(output, 'utf8')).split('\n')) {
    const eq = line.indexOf('=');
    if (eq > 0) outputs[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return { code, stdout, stderr, outputs, summary: await readFile(summary, 'utf8') };
}

describe('the Action', () => {
  it('declares node20, the bundle as its entry, and the inputs and outputs it reads and writes', async () => {
    const spec = parse(await readFile(path.join(PROJECT, 'action.yml'), 'utf8')) as {
      runs: { using: string; main: string };
      inputs: Record<string, unknown>;
      outputs: Record<string, unknown>;
    };
    expect(spec.runs).toEqual({ using: 'node20', main: 'action/index.mjs' });
    expect(Object.keys(spec.inputs).sort()).toEqual(['args', 'format', 'root', 'token']);
    expect(Object.keys(spec.outputs).sort()).toEqual(['errors', 'notices', 'warnings']);
  });

  it('annotates, summarises and writes the counts as outputs; exit 1 on drift', async () => {
    const r = await runAction({ token: TOKEN, root: QUEUE, args: '--today 2026-08-20' }, 'default');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^::error file=test\/fixtures\/e2e\/queue\/[^,]+,line=\d+,title=state-drift::/m,
    );
    expect(r.summary).toContain('state-drift');
    expect(Number(r.outputs.errors)).toBeGreaterThan(0);
    expect(r.outputs).toEqual({
      errors: expect.stringMatching(/^\d+$/),
      warnings: expect.stringMatching(/^\d+$/),
      notices: expect.stringMatching(/^\d+$/),
    });
    const errorLines = r.stdout.split('\n').filter((l) => l.startsWith('::error ')).length;
    expect(Number(r.outputs.errors)).toBe(errorLines);
    expect(r.stdout + r.stderr + r.summary).not.toContain(TOKEN);
  });

  it('passes format and quoted args through, and the outputs match the JSON summary', async () => {
    const report = path.join(dir, 'with space', 'report.json');
    const r = await runAction(
      {
        token: TOKEN,
        root: QUEUE,
        format: 'json',
        args: `--today 2026-08-20 --output "${report}"`,
      },
      'json',
    );
    expect(r.code).toBe(1);
    const json = JSON.parse(await readFile(report, 'utf8')) as {
      summary: { errors: number; warnings: number; notices: number };
    };
    expect(r.outputs).toEqual({
      errors: String(json.summary.errors),
      warnings: String(json.summary.warnings),
      notices: String(json.summary.notices),
    });
    // --format given: no annotations, no summary.
    expect(r.stdout).toBe('');
  });

  it('refuses an unknown format with exit 2 and an error annotation', async () => {
    const r = await runAction({ token: TOKEN, root: QUEUE, format: 'yaml' }, 'bad');
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/^::error title=upstream-status::the format input must be one of/m);
  });
});

describe('the committed bundle', () => {
  it('is what build:action makes from the current sources', async () => {
    const run = promisify(execFile);
    const result = await run(process.execPath, ['scripts/build-action.mjs', '--check'], {
      cwd: PROJECT,
    }).then(
      () => 'fresh',
      (e: { stderr?: string }) => e.stderr ?? 'failed',
    );
    expect(result).toBe('fresh');
  });
});

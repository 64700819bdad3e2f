/**
 * A reader that stops early (`upstream-status list | head`) closes the pipe
 * under the CLI's stdout. The CLI must end quietly with 141, what a shell
 * reports for git or ls killed by SIGPIPE there, not with an unhandled 'error'
 * event's stack trace (docs/decisions.md, "A closed stdout").
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTree } from '../../bench/generate.js';
import { CLI, cliEnv, FIXTURES, PROJECT } from './cli.js';

const QUEUE = path.join(FIXTURES, 'e2e', 'queue');
/** Makes the CLI's stdout and stderr non-blocking before it starts (see the file). */
const NONBLOCKING = ['-r', path.join(PROJECT, 'test', 'support', 'nonblocking-stdio.cjs')];

/** Run the CLI with the read end of its stdout (and of stderr if asked) closed before it writes. */
function withClosedPipes(
  args: string[],
  closeStderr: boolean,
  nodeFlags: string[] = [],
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeFlags, CLI, ...args], {
      cwd: PROJECT,
      env: cliEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Node starts the child well after this: its first write finds no reader.
    child.stdout.destroy();
    if (closeStderr) child.stderr.destroy();
    let stderr = '';
    if (!closeStderr) child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stderr }));
  });
}

describe('a closed stdout', () => {
  it('ends list quietly with 141', async () => {
    const r = await withClosedPipes(['list', '--root', QUEUE, '--format', 'json'], false);
    expect(r.stderr).toBe('');
    expect(r).toMatchObject({ code: 141, signal: null });
  });

  it('ends check quietly with 141, even with findings to report', async () => {
    const r = await withClosedPipes(['check', '--root', QUEUE, '--offline'], false);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(141);
  });

  it('ends with 141 when stderr is closed too (`2>&1 | head`)', async () => {
    const r = await withClosedPipes(['list', '--root', QUEUE], true);
    expect(r.code).toBe(141);
  });
});

/** Run the CLI and read its stdout only after `pauseMs`, so a big output fills the pipe first. */
function slowReader(
  args: string[],
  nodeFlags: string[],
  pauseMs: number,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeFlags, CLI, ...args], {
      cwd: PROJECT,
      env: cliEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.pause();
    child.stdout.on('data', (d: Buffer) => out.push(d));
    setTimeout(() => child.stdout.resume(), pauseMs);
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out).toString(), stderr }));
  });
}

// Output is written with writeSync (src/stdio.ts). A descriptor someone made
// non-blocking refuses a write the pipe has no room for (EAGAIN): the rest
// must go through Node's stream, whole and in order, and a closed pipe must
// still end with 141.
describe('a non-blocking stdout', () => {
  let tree: string;
  const ARGS = (): string[] => [
    'check',
    '--offline',
    '--root',
    tree,
    '--format',
    'json',
    '--today',
    '2026-08-20',
  ];

  beforeAll(async () => {
    tree = await mkdtemp(path.join(os.tmpdir(), 'us-nonblocking-'));
    // ~0.5 MB of JSON: several times a pipe's 64 kB.
    await generateTree(tree, { patches: 200, repos: 3, seed: 5 });
  });
  afterAll(() => rm(tree, { recursive: true, force: true }));

  it('gets the whole report, the same as a blocking one, when the reader is slow', async () => {
    const blocking = await slowReader(ARGS(), [], 0);
    const nonblocking = await slowReader(ARGS(), NONBLOCKING, 300);
    expect(blocking.stdout.length).toBeGreaterThan(4 * 65536);
    expect(nonblocking.stderr).toBe('');
    expect(nonblocking.code).toBe(blocking.code);
    const strip = (s: string): string => s.replace(/"checkedAt": "[^"]*"/g, '');
    expect(strip(nonblocking.stdout)).toBe(strip(blocking.stdout));
  });

  it('ends quietly with 141 when the reader has gone', async () => {
    const r = await withClosedPipes(ARGS(), false, NONBLOCKING);
    expect(r.stderr).toBe('');
    expect(r).toMatchObject({ code: 141, signal: null });
  });
});

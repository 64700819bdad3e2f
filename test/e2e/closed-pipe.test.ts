/**
 * A reader that stops early (`upstream-status list | head`) closes the pipe
 * under the CLI's stdout. The CLI must end quietly with 141, what a shell
 * reports for git or ls killed by SIGPIPE there, not with an unhandled 'error'
 * event's stack trace (docs/decisions.md, "A closed stdout").
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, cliEnv, FIXTURES, PROJECT } from './cli.js';

const QUEUE = path.join(FIXTURES, 'e2e', 'queue');

/** Run the CLI with the read end of its stdout (and of stderr if asked) closed before it writes. */
function withClosedPipes(
  args: string[],
  closeStderr: boolean,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
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

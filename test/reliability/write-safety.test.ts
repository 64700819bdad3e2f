/**
 * sync's atomic write (src/sync/atomic.ts, built into dist/sync/write.js) under
 * a crash: a child process writes several files with writeAtomic and is
 * SIGKILLed at a seeded random moment; every file must then hold exactly
 * its old or its new bytes. Two writers racing on one file leave one of the
 * two complete contents, and a reader polling meanwhile never sees a mix.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, prng } from './support/cli.js';
import { createTally } from './support/tally.js';

const WRITE_MODULE = pathToFileURL(path.join(path.dirname(CLI), 'sync', 'write.js')).href;
const CRASH_RUNS = Number(process.env.WRITE_RUNS ?? 40);
const FILES = 6;
const SIZE = 256 * 1024;
const tally = createTally('write safety');
afterAll(() => tally.flush());

/** Content of file `i` in `version`: distinct bytes per file and version, easy to tell apart. */
function content(version: string, i: number, size = SIZE): string {
  const head = `${version}-${i}\n`;
  return head + String.fromCharCode(97 + (i % 26)).repeat(size - head.length - 1) + '\n';
}

// The child: write every file once with writeAtomic, printing after each.
const CHILD = `
const { writeAtomic } = await import(process.argv[1]);
const [dir, files, size, version, rounds] = process.argv.slice(2);
process.stdout.write('ready\\n');
const content = (i) => { const head = version + '-' + i + '\\n'; return head + String.fromCharCode(97 + (i % 26)).repeat(Number(size) - head.length - 1) + '\\n'; };
for (let r = 0; r < Number(rounds); r++)
  for (let i = 0; i < Number(files); i++) { await writeAtomic(dir + '/f' + i + '.md', content(i)); process.stdout.write('w' + i + '\\n'); }
`;

/** Run the writer; with `killAfterMs`, SIGKILL it that long after it is ready to write. */
function child(
  args: string[],
  killAfterMs: number | null,
): Promise<{ ms: number; killed: boolean }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--input-type=module', '-e', CHILD, WRITE_MODULE, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 30_000,
      killSignal: 'SIGKILL',
    });
    let stderr = '';
    let ready: number | null = null;
    let timer: NodeJS.Timeout | null = null;
    p.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    p.stdout.setEncoding('utf8').on('data', () => {
      if (ready !== null) return;
      ready = performance.now();
      if (killAfterMs !== null) timer = setTimeout(() => p.kill('SIGKILL'), killAfterMs);
    });
    p.on('error', reject);
    p.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      const ms = ready === null ? 0 : performance.now() - ready;
      if (code !== 0 && signal === null)
        reject(new Error(`writer failed (${String(code)}): ${stderr}`));
      else resolve({ ms, killed: signal !== null });
    });
  });
}

async function scratch(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), 'us-write-'));
}

describe('writeAtomic under SIGKILL and races', () => {
  it(`a writer killed at ${CRASH_RUNS} seeded moments leaves every file old or new, never partial`, async () => {
    const dir = await scratch();
    try {
      // How long a full uninterrupted run takes, so kill moments cover all of it.
      for (let i = 0; i < FILES; i++)
        await writeFile(path.join(dir, `f${i}.md`), content('OLD', i));
      const full = await child([dir, String(FILES), String(SIZE), 'NEW', '1'], null);
      const next = prng(6);
      let killedMidway = 0;
      let leftovers = 0;
      for (let run = 0; run < CRASH_RUNS; run++) {
        for (let i = 0; i < FILES; i++)
          await writeFile(path.join(dir, `f${i}.md`), content('OLD', i));
        const at = next() * full.ms * 1.1;
        const { ms, killed } = await child([dir, String(FILES), String(SIZE), 'NEW', '1'], at);
        const states: string[] = [];
        for (let i = 0; i < FILES; i++) {
          const text = await readFile(path.join(dir, `f${i}.md`), 'utf8');
          states.push(
            text === content('OLD', i) ? 'old' : text === content('NEW', i) ? 'new' : 'PARTIAL',
          );
        }
        if (killed && states.includes('old') && states.includes('new')) killedMidway += 1;
        const temps = (await readdir(dir)).filter((n) => n.endsWith('.tmp'));
        leftovers += temps.length;
        for (const t of temps) await rm(path.join(dir, t));
        tally.record('SIGKILL between writes', !states.includes('PARTIAL'), ms);
        expect(states, `run ${run}, killed ${at.toFixed(1)} ms into the writes`).not.toContain(
          'PARTIAL',
        );
      }
      console.log(
        `write safety: ${CRASH_RUNS} kills, ${killedMidway} between files, ${leftovers} temp files left behind`,
      );
      // The seeded moments must actually hit the middle of the run, or the test proves nothing.
      expect(killedMidway).toBeGreaterThan(CRASH_RUNS / 5);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('two writers racing on the same files: each file ends as one complete version; a reader never sees a mix', async () => {
    const dir = await scratch();
    try {
      for (let i = 0; i < 2; i++) await writeFile(path.join(dir, `f${i}.md`), content('OLD', i));
      const allowed = (i: number): string[] => [
        content('OLD', i),
        content('AAA', i),
        content('BBB', i),
      ];
      let reads = 0;
      let bad = 0;
      let racing = true;
      const reader = (async () => {
        while (racing) {
          for (let i = 0; i < 2; i++) {
            const text = await readFile(path.join(dir, `f${i}.md`), 'utf8');
            reads += 1;
            if (!allowed(i).includes(text)) bad += 1;
          }
        }
      })();
      const started = performance.now();
      try {
        await Promise.all([
          child([dir, '2', String(SIZE), 'AAA', '15'], null),
          child([dir, '2', String(SIZE), 'BBB', '15'], null),
        ]);
      } finally {
        racing = false;
        await reader;
      }
      const finals = await Promise.all(
        [0, 1].map((i) => readFile(path.join(dir, `f${i}.md`), 'utf8')),
      );
      const ok =
        bad === 0 && finals.every((t, i) => [content('AAA', i), content('BBB', i)].includes(t));
      tally.record('concurrent writers', ok, performance.now() - started);
      expect(reads).toBeGreaterThan(10);
      expect(bad).toBe(0);
      finals.forEach((t, i) => expect([content('AAA', i), content('BBB', i)]).toContain(t));
      expect((await readdir(dir)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

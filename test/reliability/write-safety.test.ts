/**
 * sync's atomic write (src/sync/atomic.ts, built into dist/sync/atomic.js) under
 * a crash: a child process writes several files with writeAtomic and is
 * SIGKILLed at a seeded step of the write protocol (or, from outside, at a
 * seeded moment); every file must then hold exactly
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

const WRITE_MODULE = pathToFileURL(path.join(path.dirname(CLI), 'sync', 'atomic.js')).href;
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

// The child: write every file once with writeAtomic, printing after each. With a
// kill point `file:stage`, it SIGKILLs itself at that exact step of writeAtomic's
// protocol (through the injectable file-system interface), so where the crash
// lands is decided by the seed, never by how fast this machine happens to be.
const CHILD = `
const { writeAtomic, nodeFs } = await import(process.argv[1]);
const [dir, files, size, version, rounds, killAt = ''] = process.argv.slice(2);
const [killFile, killStage] = killAt === '' ? [-1, ''] : [Number(killAt.split(':')[0]), killAt.split(':')[1]];
let current = -1;
const die = (stage) => { if (current === killFile && stage === killStage) process.kill(process.pid, 'SIGKILL'); };
const fs = {
  ...nodeFs,
  async open(f, flags, mode) {
    const h = await nodeFs.open(f, flags, mode);
    if (flags !== 'wx') return h;
    die('opened');
    return {
      async writeFile(text, enc) {
        const bytes = Buffer.from(text, enc);
        if (current === killFile && killStage === 'half-written') {
          await h.write(bytes, 0, bytes.length >> 1, 0);
          die('half-written');
        }
        await h.writeFile(bytes);
        die('written');
      },
      async sync() { await h.sync(); die('synced'); },
      close: () => h.close(),
    };
  },
  async chmod(f, mode) { await nodeFs.chmod(f, mode); die('chmodded'); },
  async rename(a, b) { die('before-rename'); await nodeFs.rename(a, b); die('renamed'); },
};
process.stdout.write('ready\\n');
const content = (i) => { const head = version + '-' + i + '\\n'; return head + String.fromCharCode(97 + (i % 26)).repeat(Number(size) - head.length - 1) + '\\n'; };
for (let r = 0; r < Number(rounds); r++)
  for (let i = 0; i < Number(files); i++) { current = i; await writeAtomic(dir + '/f' + i + '.md', content(i), fs); die('between'); process.stdout.write('w' + i + '\\n'); }
`;

/** Each step of writeAtomic where a crash can land, and whether the new bytes are in place by then. */
const STAGES: { stage: string; replaced: boolean }[] = [
  { stage: 'opened', replaced: false },
  { stage: 'half-written', replaced: false },
  { stage: 'written', replaced: false },
  { stage: 'synced', replaced: false },
  { stage: 'chmodded', replaced: false },
  { stage: 'before-rename', replaced: false },
  { stage: 'renamed', replaced: true },
  { stage: 'between', replaced: true },
];

/** Run the writer; with `killAfterMs`, SIGKILL it from outside that long after it is ready to write. */
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

async function resetFiles(dir: string): Promise<void> {
  for (let i = 0; i < FILES; i++) await writeFile(path.join(dir, `f${i}.md`), content('OLD', i));
}

async function readStates(dir: string): Promise<string[]> {
  const states: string[] = [];
  for (let i = 0; i < FILES; i++) {
    const text = await readFile(path.join(dir, `f${i}.md`), 'utf8');
    states.push(
      text === content('OLD', i) ? 'old' : text === content('NEW', i) ? 'new' : 'PARTIAL',
    );
  }
  return states;
}

async function removeTemps(dir: string): Promise<number> {
  const temps = (await readdir(dir)).filter((n) => n.endsWith('.tmp'));
  for (const t of temps) await rm(path.join(dir, t));
  return temps.length;
}

describe('writeAtomic under SIGKILL and races', () => {
  it(`a writer killed at ${CRASH_RUNS} seeded moments leaves every file old or new, never partial`, async () => {
    // The moments are drawn up front (same seed, same order as one after
    // another), then run four at a time, each lane in its own directory.
    const next = prng(6);
    const moments = Array.from({ length: CRASH_RUNS }, (_, run) => ({
      run,
      ...STAGES[run % STAGES.length]!,
      file: Math.floor(next() * FILES),
    }));
    const LANES = 4;
    let leftovers = 0;
    const lane = async (k: number): Promise<void> => {
      const dir = await scratch();
      try {
        for (const { run, stage, replaced, file } of moments.filter((m) => m.run % LANES === k)) {
          await resetFiles(dir);
          // Every stage in turn, at a seeded file: the moment is a step of the protocol, not a time.
          const started = performance.now();
          const { killed } = await child(
            [dir, String(FILES), String(SIZE), 'NEW', '1', `${file}:${stage}`],
            null,
          );
          const states = await readStates(dir);
          leftovers += await removeTemps(dir);
          const expected = states.map((_, i) =>
            i < file || (i === file && replaced) ? 'new' : 'old',
          );
          tally.record(
            'SIGKILL inside writeAtomic',
            !states.includes('PARTIAL'),
            performance.now() - started,
          );
          expect(killed, `run ${run} was not killed`).toBe(true);
          expect(states, `run ${run}, killed at file ${file}, ${stage}`).toEqual(expected);
        }
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    };
    await Promise.all(Array.from({ length: LANES }, (_, k) => lane(k)));
    console.log(`write safety: ${CRASH_RUNS} kills, ${leftovers} temp files left behind`);
  });

  it('a writer killed from outside at seeded moments leaves every file old or new, never partial', async () => {
    // An outside SIGKILL lands wherever the machine's speed puts it; only the verdict
    // that must hold at any moment (no partial file) is asserted, never where it landed.
    const dir = await scratch();
    try {
      const next = prng(7);
      for (let run = 0; run < 8; run++) {
        await resetFiles(dir);
        const at = next() * 20;
        const { ms } = await child([dir, String(FILES), String(SIZE), 'NEW', '1'], at);
        const states = await readStates(dir);
        await removeTemps(dir);
        tally.record('SIGKILL from outside', !states.includes('PARTIAL'), ms);
        expect(states, `run ${run}, killed ${at.toFixed(1)} ms into the writes`).not.toContain(
          'PARTIAL',
        );
      }
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

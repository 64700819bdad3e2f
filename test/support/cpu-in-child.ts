/**
 * CPU time of the ledger reader run alone: in a fresh Node process, on the
 * built modules in dist/ (`npm test` builds them first). In a test worker the
 * same parse shares its process with every test file read before it, and
 * the collection of that large heap counts as the process's CPU: a parse
 * that takes 0.6 s alone measured 2.0 s there (CI, session 7).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PROJECT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const LEDGER = pathToFileURL(path.join(PROJECT, 'dist', 'sources', 'ledger', 'index.js')).href;

export interface ChildParse {
  /** CPU milliseconds (user + system) of parseLedger alone. */
  ms: number;
  /** Problems saying the reader gave up ("could not read the ledger: …"). */
  gaveUp: string[];
}

const SCRIPT = `
import { parseLedger } from ${JSON.stringify(LEDGER)};
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const texts = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const out = texts.map((text) => {
  const started = cpu();
  const result = parseLedger({ path: 'l.md', text, patchesDir: 'p' });
  const ms = cpu() - started;
  const gaveUp = result.problems.filter((p) => p.message.startsWith('could not read')).map((p) => p.message);
  return { ms, gaveUp };
});
process.stdout.write(JSON.stringify(out));
`;

/** Each text parsed as a ledger, in order, in one fresh process. */
export function ledgerParsesInChild(texts: readonly string[]): ChildParse[] {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', SCRIPT], {
    input: JSON.stringify(texts),
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (run.status !== 0)
    throw new Error(`the ledger parse in a child process failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as ChildParse[];
}

/** A plain ledger of about `bytes` characters: one table of ordinary rows. */
export function plainLedger(bytes: number): string {
  let text = '| patch | fixes | PR | state |\n|---|---|---|---|\n';
  for (let i = 1; text.length < bytes; i++) {
    text += `| \`p${i}.py\` | rows *mismatch* under \`DP\` | [engine#${i}](https://github.com/example-org/engine/pull/${i}) | **OPEN** |\n`;
  }
  return text;
}

const RECORDS = pathToFileURL(path.join(PROJECT, 'dist', 'sources', 'records', 'index.js')).href;

const RECORD_SCRIPT = `
import { parseRecord } from ${JSON.stringify(RECORDS)};
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const texts = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const out = texts.map((text) => {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const started = cpu();
    parseRecord({ path: 'r.upstream.status.yaml', text, patchPath: null });
    best = Math.min(best, cpu() - started);
  }
  return best;
});
process.stdout.write(JSON.stringify(out));
`;

/**
 * CPU milliseconds of parseRecord on each text, best of three, in one fresh
 * process (as above: a test worker's heap of earlier files counts too).
 */
export function recordParsesInChild(texts: readonly string[]): number[] {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', RECORD_SCRIPT], {
    input: JSON.stringify(texts),
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (run.status !== 0)
    throw new Error(`the record parse in a child process failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as number[];
}

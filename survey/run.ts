/**
 * `npm run survey -- DIR... [--truth FILE] [--json]`: runs the built CLI on
 * real trees and prints what it read (see survey/README.md). Not a test.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { printScore, printTree } from './print.js';
import { score } from './score.js';
import { runCli, summarise } from './tree.js';
import type { Truth } from './types.js';
import { yardstick } from './yardstick.js';

interface Args {
  dirs: string[];
  truth: string | null;
  json: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { dirs: [], truth: null, json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--json') args.json = true;
    else if (a === '--truth') args.truth = argv[++i] ?? null;
    else if (a.startsWith('--truth=')) args.truth = a.slice('--truth='.length);
    else if (a.startsWith('-')) throw new Error(`unknown option ${a}`);
    else args.dirs.push(a);
  }
  if (args.dirs.length === 0)
    throw new Error('usage: npm run survey -- DIR... [--truth FILE] [--json]');
  if (args.truth && args.dirs.length !== 1) throw new Error('--truth scores exactly one DIR');
  return args;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const truth = args.truth ? (JSON.parse(await readFile(args.truth, 'utf8')) as Truth) : null;
  const results: unknown[] = [];
  let failed = false;
  for (const dir of args.dirs) {
    const root = path.resolve(dir);
    const list = await runCli(['list', '--format', 'json', '--root', root]);
    const check = await runCli(['check', '--offline', '--format', 'json', '--root', root]);
    if (!list.report) {
      console.error(`${dir}: list produced no JSON (exit ${list.exitCode}): ${list.stderr.trim()}`);
      failed = true;
      continue;
    }
    const summary = summarise(list.report, check.report);
    const y = await yardstick(root, list.report);
    const scored = truth ? score(truth, list.report) : null;
    if (args.json) {
      results.push({
        dir,
        summary,
        time: { listMs: list.wallMs, checkMs: check.wallMs },
        exit: { list: list.exitCode, check: check.exitCode },
        yardstick: y,
        score: scored,
      });
    } else {
      const lines = printTree(dir, summary, list, check, y);
      if (scored) lines.push(...printScore(scored));
      if (!check.report) lines.push(`check produced no JSON: ${check.stderr.trim()}`);
      console.log(lines.join('\n') + '\n');
    }
  }
  if (args.json) console.log(JSON.stringify(results, null, 2));
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(2);
  },
);

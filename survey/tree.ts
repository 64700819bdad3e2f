/** Runs the built CLI on one tree and summarises its reports. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { flattenMentions, type Report } from './types.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const CLI = path.join(HERE, '..', 'dist', 'cli.cjs');

export interface Run {
  args: string[];
  exitCode: number | null;
  wallMs: number;
  report: Report | null;
  stderr: string;
}

export function runCli(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, [CLI, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, GH_TOKEN: '', GITHUB_TOKEN: '', NO_COLOR: '1' },
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
      let report: Report | null = null;
      try {
        report = JSON.parse(Buffer.concat(out).toString('utf8')) as Report;
      } catch {
        report = null;
      }
      resolve({
        args,
        exitCode: code,
        wallMs,
        report,
        stderr: Buffer.concat(err).toString('utf8'),
      });
    });
  });
}

export interface TreeSummary {
  sourcesByKind: Record<string, number>;
  patches: { total: number; indexed: number; retired: number };
  refs: number;
  mentions: number;
  mentionsWithState: number;
  findings: Record<string, Record<string, number>>;
}

export function summarise(list: Report, check: Report | null): TreeSummary {
  const sourcesByKind: Record<string, number> = {};
  for (const s of list.sources) sourcesByKind[s.kind] = (sourcesByKind[s.kind] ?? 0) + 1;
  const mentions = flattenMentions(list);
  const findings: Record<string, Record<string, number>> = {};
  for (const f of (check ?? list).findings) {
    const bySeverity = (findings[f.rule] ??= {});
    bySeverity[f.severity] = (bySeverity[f.severity] ?? 0) + 1;
  }
  return {
    sourcesByKind,
    patches: {
      total: list.patches.length,
      indexed: list.patches.filter((p) => p.indexed).length,
      retired: list.patches.filter((p) => p.retired).length,
    },
    refs: list.refs.length,
    mentions: mentions.length,
    mentionsWithState: mentions.filter((m) => (m.recordedState ?? null) !== null).length,
    findings,
  };
}

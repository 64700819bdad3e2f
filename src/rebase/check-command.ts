/**
 * `rebase-check --onto [owner/repo@]REF`: before bumping a pinned base, what
 * happens to each patch at REF — its fix is already there (drop it), a
 * colliding PR landed (re-cut it), its hunks no longer apply at fuzz 0 (and
 * which upstream commits moved them), or its anchors are gone.
 *
 * Files come from GitHub (batched GraphQL, REST for truncated blobs) or from
 * a local checkout (`--upstream-dir`); every distinct file is read once
 * however many patches touch it. Nothing here prints: the CLI reports.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config-types.js';
import { collectSources } from '../collect.js';
import { UsageError } from '../errors.js';
import { collectFootprints } from '../footprint/collect.js';
import type { Footprint } from '../footprint/types.js';
import { fileKey, git, type FileRequest } from '../github/contents.js';
import { culpritKey, type CulpritRequest } from '../github/culprits.js';
import { baseRevision, basesFor, collectPinnedBases, type PinnedBase } from '../rules/pinned.js';
import { checkPatch } from './apply.js';
import { parseDiff, type ParsedDiff } from './diff-parse.js';
import { dropsAndCollisions } from './drops.js';
import {
  compareRebaseFindings,
  severityFor,
  verdictFindings,
  type CulpritLookup,
  type RebaseFinding,
} from './findings.js';
import type { CheckedPair, PairVerdict, RebaseCheckOptions, RebaseCheckResult } from './options.js';
import { fileAt, pairUp, type Pair } from './pairs.js';
import { checkScript, scriptFiles, scriptFindings, type ScriptOutcome } from './script-check.js';
import { defaultServices } from './services.js';
import { patchTargets } from './targets.js';

export { parseOnto, type OntoTarget } from './targets.js';
export type { RebaseFinding, RebaseRuleId } from './findings.js';
export type {
  CheckedPair,
  PairVerdict,
  RebaseCheckOptions,
  RebaseCheckResult,
  RebaseGitHubSettings,
  RebaseServices,
} from './options.js';

export async function runRebaseCheck(opts: RebaseCheckOptions): Promise<RebaseCheckResult> {
  if (opts.onto.length === 0) throw new UsageError('rebase-check needs at least one --onto REF');
  if (
    opts.upstreamDir !== null &&
    (await git(opts.upstreamDir, ['rev-parse', '--git-dir'])) === null
  ) {
    throw new UsageError(`--upstream-dir ${opts.upstreamDir} is not a git checkout`);
  }
  const services = { ...defaultServices(opts), ...opts.services };
  const { contents } = services;
  if (contents === null) {
    throw new UsageError(
      'rebase-check needs the upstream files: give --upstream-dir DIR, or let it ask GitHub (no --offline)',
    );
  }
  const collected = await collectSources(opts.root, opts.config);
  const notes: string[] = [];
  let requests = 0;
  const targets = patchTargets(collected, opts.config);
  const pinned = collectPinnedBases(collected.sources, opts.config);

  const paired = await pairUp(targets, opts, contents, notes);
  requests += paired.requests;
  const pairs = paired.pairs;

  const drops = await dropsAndCollisions(pairs, collected, services, opts.config, notes);
  requests += drops.requests;

  const texts = await readPatchTexts(opts.root, pairs);
  const scripts = pairs.some((p) => p.target.kind === 'script')
    ? (await collectFootprints(opts.root, opts.config, collected)).footprints
    : [];
  const footprintOf = new Map<string, Footprint>(scripts.map((f) => [f.patch, f]));
  const recordOf = (patch: string): string | null =>
    collected.sources.find(
      (s) => s.source.kind === 'record' && s.patches.some((p) => p.path === patch),
    )?.source.path ?? null;
  const wanted: FileRequest[] = [];
  for (const pair of pairs) {
    const parsed = texts.get(pair.target.patch);
    if (pair.target.kind === 'diff' && parsed) {
      for (const f of parsed.parsed.files) {
        for (const p of [f.oldPath, f.newPath]) if (p) wanted.push(fileAt(pair, p));
      }
    }
    const fp = footprintOf.get(pair.target.patch);
    for (const file of fp ? scriptFiles(pair, fp) : [])
      for (const candidate of file.candidates) wanted.push(fileAt(pair, candidate));
  }
  const read = await contents.readFiles(wanted);
  requests += read.requests;

  const findings: RebaseFinding[] = [...drops.findings];
  const checked: CheckedPair[] = [];
  const applyResults: {
    pair: Pair;
    parsed: ParsedDiff;
    verdict: ReturnType<typeof checkPatch>;
    binary: Set<string>;
  }[] = [];
  const scriptResults: { pair: Pair; fp: Footprint; outcome: ScriptOutcome }[] = [];
  for (const pair of pairs) {
    const describe = (verdict: PairVerdict) =>
      checked.push({
        patch: pair.target.patch,
        repo: pair.repo || null,
        ref: pair.ref,
        commit: pair.commit,
        verdict,
      });
    const fp = footprintOf.get(pair.target.patch);
    if (pair.target.kind === 'script' && fp) {
      const outcome = checkScript(pair, fp, recordOf(fp.patch), read.files);
      scriptResults.push({ pair, fp, outcome });
      describe(outcome.verdict);
      continue;
    }
    const text = texts.get(pair.target.patch);
    if (!text) continue;
    const binary = new Set<string>();
    const verdict = checkPatch(text.text, (p) => {
      const content = read.files.get(fileKey(fileAt(pair, p)));
      if (content?.kind === 'binary') binary.add(p);
      return content?.kind === 'text' ? content.text : null;
    });
    applyResults.push({ pair, parsed: text.parsed, verdict, binary });
    const statuses = verdict.files.map((f) => f.status);
    describe(
      verdict.applies
        ? 'applies'
        : statuses.length > 0 && statuses.every((s) => s === 'already-applied')
          ? 'already-applied'
          : 'fails',
    );
  }

  // Culprits: one lookup per distinct (repo, ref, file, base) that has a failing hunk.
  const culpritAsks: CulpritRequest[] = [];
  const baseOf = (pair: Pair): PinnedBase | null =>
    basesFor(pinned, pair.repo, pair.target.patch)[0] ?? null;
  const ask = (pair: Pair, file: string) => {
    const base = baseOf(pair);
    culpritAsks.push({
      repo: pair.repo,
      ref: pair.commit,
      path: file,
      base: base === null ? null : baseRevision(base),
    });
  };
  for (const { pair, verdict } of applyResults) {
    for (const f of verdict.files)
      if (f.status === 'fails' || f.status === 'missing-file') ask(pair, f.path);
  }
  for (const { pair, outcome } of scriptResults) for (const f of outcome.failing) ask(pair, f);
  const blamed =
    culpritAsks.length > 0 && services.culprits !== null
      ? await services.culprits.find(culpritAsks)
      : { culprits: new Map(), requests: 0 };
  requests += blamed.requests;
  const lookupFor =
    (pair: Pair): CulpritLookup =>
    (p: string) => {
      const base = baseOf(pair);
      const key = culpritKey({
        repo: pair.repo,
        ref: pair.commit,
        path: p,
        base: base === null ? null : baseRevision(base),
      });
      const culprits = blamed.culprits.get(key);
      return culprits === undefined ? null : { culprits, since: base?.ref ?? null };
    };
  for (const { pair, fp, outcome } of scriptResults)
    findings.push(...scriptFindings(pair, fp, recordOf(fp.patch), outcome, lookupFor(pair)));
  for (const { pair, parsed, verdict, binary } of applyResults) {
    const lookup = lookupFor(pair);
    findings.push(
      ...verdictFindings(
        { patch: pair.target.patch, target: pair.label },
        parsed,
        verdict,
        lookup,
        binary,
      ),
    );
  }

  return {
    findings: configured(findings, opts.config),
    checked,
    requests,
    fileRequests: read.requests,
    notes,
    collected,
    live: drops.live,
  };
}

async function readPatchTexts(
  root: string,
  pairs: readonly Pair[],
): Promise<Map<string, { text: string; parsed: ParsedDiff }>> {
  const out = new Map<string, { text: string; parsed: ParsedDiff }>();
  const diffs = [
    ...new Set(pairs.filter((p) => p.target.kind === 'diff').map((p) => p.target.patch)),
  ];
  for (const patch of diffs) {
    try {
      const text = (await readFile(path.join(root, patch))).toString('utf8');
      out.set(patch, { text, parsed: parseDiff(text) });
    } catch (error) {
      throw new UsageError(
        `cannot read ${patch}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
      );
    }
  }
  return out;
}

/** Configured severities (off drops the finding), each finding once, in a stable order. */
function configured(findings: readonly RebaseFinding[], config: Config): RebaseFinding[] {
  const seen = new Set<string>();
  const out: RebaseFinding[] = [];
  for (const f of findings) {
    const severity = severityFor(config, f.rule, f.severity);
    if (severity === null) continue;
    const key = `${f.rule}\0${f.file}\0${f.line}\0${f.ref ?? ''}\0${f.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ ...f, severity });
  }
  return out.sort(compareRebaseFindings);
}

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
import { collectSources, type Collected } from '../collect.js';
import { UsageError } from '../errors.js';
import type { GitHubClient, RefRequest } from '../github/client.js';
import {
  createGitHubContainment,
  createLocalContainment,
  type ContainmentResolver,
} from '../github/containment.js';
import {
  createGitHubContents,
  createLocalContents,
  fileKey,
  git,
  refKeyOf,
  type ContentSource,
  type FileContent,
  type FileRequest,
} from '../github/contents.js';
import {
  createGitHubCulprits,
  createLocalCulprits,
  culpritKey,
  type CulpritFinder,
  type CulpritRequest,
} from '../github/culprits.js';
import { createGitHubClient, graphqlUrlFor } from '../github/index.js';
import type { Mention, RefKey, Resolution } from '../model.js';
import {
  DROP_ROLES,
  baseRevision,
  basesFor,
  collectPinnedBases,
  containmentKey,
  mergedLive,
  repoOf,
  type PinnedBase,
} from '../rules/pinned.js';
import { sortMentions } from '../rules/support.js';
import { countOccurrences, readAnchorDeclaration } from './anchors.js';
import { checkPatch } from './apply.js';
import { parseDiff, type ParsedDiff } from './diff-parse.js';
import {
  REBASE_SEVERITY,
  compareRebaseFindings,
  rebaseFinding,
  severityFor,
  verdictFindings,
  type RebaseFinding,
  type RebaseRuleId,
} from './findings.js';
import { describeTarget, patchTargets, type OntoTarget, type PatchTarget } from './targets.js';

export { parseOnto, type OntoTarget } from './targets.js';
export type { RebaseFinding, RebaseRuleId } from './findings.js';

export interface RebaseGitHubSettings {
  token: string | null;
  apiUrl: string;
  /** Null: derived from apiUrl. */
  graphqlUrl: string | null;
}

/** What the check asks the outside world through; built from the options unless given. */
export interface RebaseServices {
  contents: ContentSource | null;
  containment: ContainmentResolver | null;
  culprits: CulpritFinder | null;
  /** Live PR states (merge commits); null: fixed/collision checks are skipped with a note. */
  live: GitHubClient | null;
}

export interface RebaseCheckOptions {
  root: string;
  config: Config;
  onto: OntoTarget[];
  /** A local upstream checkout: files, containment and culprits come from it. */
  upstreamDir: string | null;
  /** Null: no network (only --upstream-dir can then serve files). */
  github: RebaseGitHubSettings | null;
  today: string;
  services?: Partial<RebaseServices>;
}

export type PairVerdict =
  'applies' | 'fails' | 'already-applied' | 'anchors-found' | 'not-checkable';

/** One (patch, --onto) pair that was checked. */
export interface CheckedPair {
  patch: string;
  repo: string | null;
  ref: string;
  /** The commit REF named when it was read. */
  commit: string;
  verdict: PairVerdict;
}

export interface RebaseCheckResult {
  findings: RebaseFinding[];
  checked: CheckedPair[];
  /** Every HTTP request made. */
  requests: number;
  /** Of which, requests for file contents. */
  fileRequests: number;
  notes: string[];
  collected: Collected;
  /** Live states of the fix/own/anchor-collision refs asked about (for the report's refs). */
  live: Map<RefKey, Resolution>;
}

interface Pair {
  target: PatchTarget;
  /** The repo asked ('' for a patch of unknown repo checked against --upstream-dir). */
  repo: string;
  ref: string;
  commit: string;
  label: string;
}

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
  const anchorPlans = await planAnchors(pairs, collected, opts.root);
  const wanted: FileRequest[] = [];
  for (const pair of pairs) {
    const parsed = texts.get(pair.target.patch);
    if (pair.target.kind === 'diff' && parsed) {
      for (const f of parsed.parsed.files) {
        for (const p of [f.oldPath, f.newPath]) if (p) wanted.push(fileAt(pair, p));
      }
    }
    for (const file of anchorPlans.get(pair.target.patch)?.decl?.files ?? [])
      wanted.push(fileAt(pair, file));
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
  for (const pair of pairs) {
    const describe = (verdict: PairVerdict) =>
      checked.push({
        patch: pair.target.patch,
        repo: pair.repo || null,
        ref: pair.ref,
        commit: pair.commit,
        verdict,
      });
    if (pair.target.kind === 'script') {
      const plan = anchorPlans.get(pair.target.patch);
      const anchorFindings = anchorCheck(pair, plan ?? null, read.files);
      findings.push(...anchorFindings.findings);
      describe(anchorFindings.verdict);
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
  for (const { pair, verdict } of applyResults) {
    for (const f of verdict.files) {
      if (f.status !== 'fails' && f.status !== 'missing-file') continue;
      const base = baseOf(pair);
      culpritAsks.push({
        repo: pair.repo,
        ref: pair.commit,
        path: f.path,
        base: base === null ? null : baseRevision(base),
      });
    }
  }
  const blamed =
    culpritAsks.length > 0 && services.culprits !== null
      ? await services.culprits.find(culpritAsks)
      : { culprits: new Map(), requests: 0 };
  requests += blamed.requests;
  for (const { pair, parsed, verdict, binary } of applyResults) {
    const base = baseOf(pair);
    const lookup = (p: string) => {
      const key = culpritKey({
        repo: pair.repo,
        ref: pair.commit,
        path: p,
        base: base === null ? null : baseRevision(base),
      });
      const culprits = blamed.culprits.get(key);
      return culprits === undefined ? null : { culprits, since: base?.ref ?? null };
    };
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

function defaultServices(opts: RebaseCheckOptions): RebaseServices {
  const dir = opts.upstreamDir;
  const gh = opts.github;
  const { concurrency, timeoutSeconds } = opts.config.github;
  const transport = gh === null ? null : { token: gh.token, apiUrl: gh.apiUrl, timeoutSeconds };
  const containment =
    dir !== null
      ? createLocalContainment({ dir })
      : transport !== null
        ? createGitHubContainment({ ...transport, concurrency })
        : null;
  return {
    containment,
    contents:
      dir !== null
        ? createLocalContents({ dir })
        : transport !== null && gh !== null
          ? createGitHubContents({
              ...transport,
              concurrency,
              graphqlUrl: gh.token ? (gh.graphqlUrl ?? graphqlUrlFor(gh.apiUrl)) : null,
            })
          : null,
    culprits:
      dir !== null
        ? createLocalCulprits({ dir })
        : transport !== null && containment !== null
          ? createGitHubCulprits({ ...transport, concurrency, containment })
          : null,
    live:
      gh === null
        ? null
        : createGitHubClient({
            token: gh.token,
            apiUrl: gh.apiUrl,
            graphqlUrl: gh.graphqlUrl,
            chunkSize: opts.config.github.chunkSize,
            concurrency,
            timeoutSeconds,
          }),
  };
}

/**
 * Each patch with each --onto that applies to it: `owner/repo@REF` to the
 * patches of that repo, a bare REF to the patches of every repo that has it
 * (with --upstream-dir: every patch, the checkout being the one upstream).
 */
async function pairUp(
  targets: readonly PatchTarget[],
  opts: RebaseCheckOptions,
  contents: ContentSource,
  notes: string[],
): Promise<{ pairs: Pair[]; requests: number }> {
  const local = opts.upstreamDir !== null;
  const repos = [
    ...new Set(targets.map((t) => t.repo).filter((r): r is string => r !== null)),
  ].sort();
  const asks = opts.onto.flatMap((o) =>
    o.repo !== null
      ? [{ repo: o.repo, ref: o.ref }]
      : local
        ? [{ repo: '', ref: o.ref }]
        : repos.map((repo) => ({ repo, ref: o.ref })),
  );
  const { commits, requests } = await contents.resolveRefs(asks);
  const where = local ? (opts.upstreamDir as string) : null;
  const pairs: Pair[] = [];
  for (const onto of opts.onto) {
    const label = (repo: string) => describeTarget(repo || null, onto.ref);
    if (onto.repo !== null) {
      const commit = commits.get(refKeyOf({ repo: onto.repo, ref: onto.ref })) ?? null;
      if (commit === null) {
        throw new UsageError(
          `--onto ${onto.repo}@${onto.ref}: no such ref in ${where ?? onto.repo}`,
        );
      }
      for (const t of targets) {
        if (t.repo === onto.repo)
          pairs.push({
            target: t,
            repo: onto.repo,
            ref: onto.ref,
            commit,
            label: label(onto.repo),
          });
      }
      continue;
    }
    if (local) {
      const commit = commits.get(refKeyOf({ repo: '', ref: onto.ref })) ?? null;
      if (commit === null)
        throw new UsageError(`--onto ${onto.ref}: no such ref in ${where ?? ''}`);
      for (const t of targets)
        pairs.push({
          target: t,
          repo: t.repo ?? '',
          ref: onto.ref,
          commit,
          label: label(t.repo ?? ''),
        });
      continue;
    }
    const having = repos.filter(
      (repo) => (commits.get(refKeyOf({ repo, ref: onto.ref })) ?? null) !== null,
    );
    if (having.length === 0) {
      throw new UsageError(
        `--onto ${onto.ref}: no patched repository (${repos.join(', ') || 'none known'}) has that ref`,
      );
    }
    const lacking = repos.filter((repo) => !having.includes(repo));
    if (lacking.length > 0)
      notes.push(`--onto ${onto.ref}: skipped ${lacking.join(', ')}, which have no such ref`);
    for (const t of targets) {
      if (t.repo === null || !having.includes(t.repo)) continue;
      const commit = commits.get(refKeyOf({ repo: t.repo, ref: onto.ref })) as string;
      pairs.push({ target: t, repo: t.repo, ref: onto.ref, commit, label: label(t.repo) });
    }
  }
  const orphans = local ? [] : targets.filter((t) => t.repo === null);
  if (orphans.length > 0) {
    notes.push(
      `${orphans.length} patch(es) name no upstream repository and were not checked (set target.repo in a record, or repos.defaults in the config): ${orphans.map((t) => t.patch).join(', ')}`,
    );
  }
  return { pairs, requests };
}

const LANDING_ROLES: ReadonlySet<string> = new Set([...DROP_ROLES, 'anchor-collision']);

/** fixed-in-target / collision-in-target: merged fix or collision PRs whose merge commit REF contains. */
async function dropsAndCollisions(
  pairs: readonly Pair[],
  collected: Collected,
  services: RebaseServices,
  config: Config,
  notes: string[],
): Promise<{ findings: RebaseFinding[]; requests: number; live: Map<RefKey, Resolution> }> {
  // Per pair: the first mention of each landing ref of its patch, by role.
  const byPatch = new Map<string, Mention[]>();
  for (const mentions of collected.mentionsByRef.values()) {
    for (const m of mentions) {
      if (m.patch === null || !LANDING_ROLES.has(m.role)) continue;
      byPatch.set(m.patch, [...(byPatch.get(m.patch) ?? []), m]);
    }
  }
  const interesting = pairs.flatMap((pair) =>
    sortMentions(byPatch.get(pair.target.patch) ?? [])
      .filter((m) => pair.repo === '' || repoOf(m.ref) === pair.repo)
      .map((m) => ({ pair, m })),
  );
  if (interesting.length === 0) return { findings: [], requests: 0, live: new Map() };
  if (services.live === null || services.containment === null) {
    notes.push('without GitHub, rebase-check cannot tell which fix or collision PRs landed in REF');
    return { findings: [], requests: 0, live: new Map() };
  }
  const refs: RefRequest[] = [...new Set(interesting.map(({ m }) => m.ref))]
    .sort()
    .map((key) => ({ key, kindHint: 'pr' }));
  const resolved = await services.live.resolve(refs);
  notes.push(...resolved.notes);
  const live = resolved.results;
  const questions = interesting.flatMap(({ pair, m }) => {
    const merged = mergedLive(live, m.ref);
    return merged?.mergeCommit
      ? [{ repo: pair.repo, ref: pair.commit, sha: merged.mergeCommit }]
      : [];
  });
  const contained = await services.containment.contains(questions);
  const findings: RebaseFinding[] = [];
  const seen = new Set<string>();
  for (const { pair, m } of interesting) {
    const merged = mergedLive(live, m.ref);
    if (!merged?.mergeCommit) continue;
    const collision = m.role === 'anchor-collision';
    const rule: RebaseRuleId = collision ? 'collision-in-target' : 'fixed-in-target';
    const once = `${rule} ${pair.target.patch} ${pair.label} ${m.ref}`;
    if (seen.has(once)) continue;
    const inTarget = contained.answers.get(
      containmentKey({ repo: pair.repo, ref: pair.commit, sha: merged.mergeCommit }),
    );
    if (inTarget !== true) continue;
    seen.add(once);
    const severity = severityFor(config, rule, REBASE_SEVERITY[rule]);
    if (severity === null) continue;
    const commit = merged.mergeCommit.slice(0, 12);
    findings.push(
      rebaseFinding(rule, severity, {
        patch: pair.target.patch,
        file: m.source,
        line: m.line,
        ref: m.ref,
        recorded: m.recordedState,
        live: merged.state,
        message: collision
          ? `${m.ref} rewrites the anchor of ${pair.target.patch} and its merge commit ${commit} is in ${pair.label}: re-cut the patch against ${pair.label}.`
          : `${m.ref} fixes ${pair.target.patch} and its merge commit ${commit} is in ${pair.label}: drop the patch when moving to ${pair.label}.`,
      }),
    );
  }
  return { findings, requests: resolved.requests + contained.requests, live };
}

function fileAt(pair: Pair, p: string): FileRequest {
  return { repo: pair.repo, ref: pair.commit, path: p };
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

interface AnchorPlan {
  record: string | null;
  decl: ReturnType<typeof readAnchorDeclaration>;
}

/** For each anchor script: its record (the source whose patch it is) and what that declares. */
async function planAnchors(
  pairs: readonly Pair[],
  collected: Collected,
  root: string,
): Promise<Map<string, AnchorPlan>> {
  const out = new Map<string, AnchorPlan>();
  for (const pair of pairs) {
    const patch = pair.target.patch;
    if (pair.target.kind !== 'script' || out.has(patch)) continue;
    const record = collected.sources.find(
      (s) => s.source.kind === 'record' && s.patches.some((p) => p.path === patch),
    );
    if (!record) {
      out.set(patch, { record: null, decl: null });
      continue;
    }
    let text = '';
    try {
      text = await readFile(path.join(root, record.source.path), 'utf8');
    } catch {
      // Unreadable records are already reported by collect; nothing to declare then.
    }
    out.set(patch, { record: record.source.path, decl: readAnchorDeclaration(text) });
  }
  return out;
}

/** Each declared anchor exactly once in each declared file at REF. */
function anchorCheck(
  pair: Pair,
  plan: AnchorPlan | null,
  files: ReadonlyMap<string, FileContent>,
): { findings: RebaseFinding[]; verdict: PairVerdict } {
  const patch = pair.target.patch;
  if (plan?.decl == null || plan.record === null || plan.decl.files.length === 0) {
    const why =
      plan?.decl != null
        ? 'its record declares target.anchors but no target.files to look in'
        : 'it is a script, not a diff, and its record declares no target.anchors (strings that must occur exactly once in target.files)';
    return {
      verdict: 'not-checkable',
      findings: [
        rebaseFinding('anchor-not-checkable', REBASE_SEVERITY['anchor-not-checkable'], {
          patch,
          file: plan?.record ?? patch,
          line: plan?.decl?.line ?? 1,
          message: `${patch} cannot be checked against a new base: ${why}.`,
        }),
      ],
    };
  }
  const findings: RebaseFinding[] = [];
  const { decl, record } = plan;
  for (const file of decl.files) {
    const content = files.get(fileKey(fileAt(pair, file)));
    const missing = (message: string) =>
      findings.push(
        rebaseFinding('anchor-missing', REBASE_SEVERITY['anchor-missing'], {
          patch,
          file: record,
          line: decl.line,
          message,
        }),
      );
    if (content?.kind !== 'text') {
      missing(
        content?.kind === 'binary'
          ? `${file} is binary at ${pair.label}: the anchors of ${patch} cannot be there.`
          : `${file} does not exist at ${pair.label}: ${patch} has nothing to patch there.`,
      );
      continue;
    }
    for (const anchor of decl.anchors) {
      const n = countOccurrences(content.text, anchor);
      if (n === 1) continue;
      missing(
        n === 0
          ? `anchor ${JSON.stringify(anchor)} of ${patch} is gone from ${file} at ${pair.label}.`
          : `anchor ${JSON.stringify(anchor)} of ${patch} occurs ${n} times in ${file} at ${pair.label}; it must be unique.`,
      );
    }
  }
  return { findings, verdict: findings.length === 0 ? 'anchors-found' : 'fails' };
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

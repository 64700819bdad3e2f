/**
 * One `check` (or `list`) run: collect the sources, ask GitHub (unless
 * offline), run the rules and build the §6 report. The CLI turns the result
 * into output and an exit code; nothing here prints.
 */
import type { Config } from './config-types.js';
import { collectSources, type Collected } from './collect.js';
import { budgetFinding, plannedRequests } from './budget.js';
import { ruleSeverity } from './config.js';
import { rewordForEcosystems } from './ecosystem-wording.js';
import type { GitHubClient, RefRequest, ResolveResult } from './github/client.js';
import { UsageError } from './errors.js';
import { isInternalRef, type Finding, type RefKey, type Resolution } from './model.js';
import { buildReport, type ReadSummary, type Report } from './report/report.js';
import { runRules } from './rules/index.js';
import {
  baseRevision,
  collectPinnedBases,
  containmentQuestions,
  type PinnedBase,
} from './rules/pinned.js';
import type { CheckContext } from './rules/types.js';
import { transportLimits, type TransportLimits } from './github/limits.js';

export interface GitHubSettings {
  token: string | null;
  apiUrl: string;
  graphqlUrl: string | null;
  replay: string | null;
  record: string | null;
}

export interface CheckOptions {
  root: string;
  /** The root relative to the repository top; report paths start there (default `.`). */
  shownRoot?: string;
  config: Config;
  /** Null: no network (list, --offline). */
  github: GitHubSettings | null;
  today: string;
  now: Date;
  version: string;
  /** The configuration file, if any: run-level findings point at it. */
  configFile?: string | null;
  /** `check --discover`: also look for open PRs that break a patch and no record names. */
  discover?: boolean;
  /** Read every file whole and keep its text (`sync` rewrites them); see CollectOptions. */
  wholeFiles?: boolean;
}

export interface CheckResult {
  report: Report;
  findings: Finding[];
  collected: Collected;
  /** GitHub's answers; null when offline. */
  live: ReadonlyMap<RefKey, Resolution> | null;
  notes: string[];
}

export async function runCheck(opts: CheckOptions): Promise<CheckResult> {
  const collected = await collectSources(opts.root, opts.config, {
    wholeFiles: opts.wholeFiles === true,
  });
  const notes: string[] = [];
  const extra: Finding[] = [];
  const budget = opts.config.github.budget;
  let live: Map<RefKey, Resolution> | null = null;
  let knownDates: Map<string, number | null> | undefined;
  let requests = 0;
  let offline = opts.github === null;
  // One deadline for every GitHub phase of the run (refs, then pinned bases).
  // It starts once the GitHub modules are loaded: on a starved machine loading
  // Octokit can take seconds, and a deadline spent before the first request
  // would report a GitHub that was never asked ("0 requests sent").
  if (opts.github !== null && opts.github.replay === null) await loadGitHubModules();
  const transport = transportLimits(opts.config, Date.now());
  if (opts.github !== null) {
    const refs = refRequests(collected);
    const planned =
      opts.github.replay !== null
        ? 0
        : plannedRequests(refs, {
            token: opts.github.token !== null,
            chunkSize: opts.config.github.chunkSize,
          });
    if (budget !== null && planned > budget) {
      extra.push(budgetFinding('refs', planned, budget, budget, opts.configFile ?? null));
      offline = true;
    } else if (refs.length > 0) {
      const answer = await resolveLive(
        opts.github,
        opts.config,
        refs,
        transport,
        baseDateRequests(opts.github, opts.config, collected),
      );
      live = answer.results;
      knownDates = answer.dates;
      requests = answer.requests;
      notes.push(...answer.notes);
    } else {
      live = new Map();
    }
  }
  let pinned: Pick<CheckContext, 'pinned' | 'containment'> = {};
  if (opts.github !== null && live !== null) {
    const left = budget === null ? Infinity : Math.max(0, budget - requests);
    const facts = await askContainment(
      opts.github,
      opts.config,
      collected,
      live,
      left,
      transport,
      knownDates,
    );
    pinned = { pinned: facts.pinned, containment: facts.containment };
    requests += facts.requests;
    if (facts.skipped > 0 && budget !== null) {
      extra.push(
        budgetFinding('containment', facts.skipped, left, budget, opts.configFile ?? null),
      );
    }
  }
  if (opts.discover === true && opts.github !== null) {
    const { discoverAlongside } = await import('./commands/discover-run.js');
    const found = await discoverAlongside(opts.root, opts.config, opts.github);
    if ('skipped' in found) notes.push(found.skipped);
    else {
      extra.push(...found.findings);
      notes.push(...found.notes);
      requests += found.graphqlRequests + found.restRequests;
    }
  }
  const ctx: CheckContext = {
    ...pinned,
    sources: collected.sources,
    mentionsByRef: collected.mentionsByRef,
    live,
    patchFiles: collected.patchFiles,
    indexedOnDisk: collected.indexedOnDisk,
    indexed: collected.indexed,
    today: opts.today,
    config: opts.config,
  };
  const findings = rewordForEcosystems(
    [...runRules(ctx, { offline }), ...withConfiguredSeverity(extra, opts.config)],
    collected.sources,
    live,
  );
  const report = buildReport({
    ctx,
    findings,
    checkedAt: opts.now.toISOString(),
    root: opts.shownRoot ?? '.',
    version: opts.version,
    requests,
    read: readSummary(collected),
  });
  return { report, findings, collected, live, notes };
}

/**
 * Is each merged fix in its pinned base? (in-pinned-base-drift,
 * drop-candidate). Only merged refs of patches with a pinned base are asked,
 * once per (repo, base, commit). A snapshot recorded before these answers
 * existed replays them as unknown rather than failing.
 */
async function askContainment(
  settings: GitHubSettings,
  config: Config,
  collected: Collected,
  live: ReadonlyMap<RefKey, Resolution>,
  maxRequests: number,
  transport: TransportLimits,
  knownDates: ReadonlyMap<string, number | null> | undefined,
): Promise<{
  pinned: PinnedBase[];
  containment: Map<string, boolean | null>;
  requests: number;
  skipped: number;
}> {
  const pinnedBases = collectPinnedBases(collected.sources, config);
  const questions = containmentQuestions(collected.mentionsByRef, live, pinnedBases);
  if (settings.replay === null && questions.length > maxRequests) {
    return { pinned: pinnedBases, containment: new Map(), requests: 0, skipped: questions.length };
  }
  const c = await import('./github/containment.js');
  let resolver =
    settings.replay !== null
      ? await c.replayContainment(settings.replay, { lenient: true })
      : c.createGitHubContainment({
          token: settings.token,
          apiUrl: settings.apiUrl,
          graphqlUrl: settings.graphqlUrl,
          timeoutSeconds: config.github.timeoutSeconds,
          concurrency: config.github.concurrency,
          ...transport,
          ...(Number.isFinite(maxRequests) ? { maxRequests } : {}),
          ...(knownDates ? { knownDates } : {}),
        });
  if (settings.record !== null) resolver = c.recordingContainment(resolver, settings.record);
  const facts = await c.askPinnedContainment(
    { sources: collected.sources, config, mentionsByRef: collected.mentionsByRef, live },
    resolver,
  );
  return { ...facts, skipped: 0 };
}

/**
 * The pinned bases' revisions, for the ref queries to date on the way (the
 * containment shortcut needs them once a merged PR is found, and asking then
 * would cost a round trip after the refs). Only with a token: the REST
 * client dates nothing, and a replay asks nothing.
 */
function baseDateRequests(
  settings: GitHubSettings,
  config: Config,
  collected: Collected,
): { repo: string; rev: string }[] {
  if (settings.replay !== null || settings.token === null || settings.token.trim() === '')
    return [];
  const out = new Map<string, { repo: string; rev: string }>();
  for (const base of collectPinnedBases(collected.sources, config)) {
    const rev = baseRevision(base);
    out.set(`${base.repo}@${rev}`, { repo: base.repo, rev });
  }
  return [...out.values()];
}

/** The modules every online phase uses, loaded once (later imports hit the module cache). */
async function loadGitHubModules(): Promise<void> {
  await Promise.all([import('./github/index.js'), import('./github/containment.js')]);
}

/** budget-exceeded is not a rule module, but its severity is configurable like one. */
function withConfiguredSeverity(findings: Finding[], config: Config): Finding[] {
  return findings.flatMap((f) => {
    const severity = ruleSeverity(config, f.rule, f.severity);
    return severity === 'off' ? [] : [{ ...f, severity }];
  });
}

/** One request per distinct ref, with the first kind any mention knows. */
function refRequests(collected: Collected): RefRequest[] {
  const out: RefRequest[] = [];
  for (const [key, mentions] of collected.mentionsByRef) {
    // A private tracker's ref is listed, never asked about (SPEC §2.2).
    if (isInternalRef(key)) continue;
    out.push({ key, kindHint: mentions.find((m) => m.kindHint !== null)?.kindHint ?? null });
  }
  return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

async function resolveLive(
  settings: GitHubSettings,
  config: Config,
  refs: RefRequest[],
  transport: TransportLimits,
  dates: readonly { repo: string; rev: string }[],
): Promise<ResolveResult> {
  // Loaded lazily: Octokit and its plugins are the heaviest modules, and list/--offline never need them.
  const gh = await import('./github/index.js');
  let client: GitHubClient;
  if (settings.replay !== null) {
    try {
      client = await gh.replayClient(settings.replay);
    } catch (err) {
      throw new UsageError(err instanceof Error ? err.message : String(err));
    }
  } else {
    client = gh.createGitHubClient({
      token: settings.token,
      apiUrl: settings.apiUrl,
      graphqlUrl: settings.graphqlUrl,
      chunkSize: config.github.chunkSize,
      concurrency: config.github.concurrency,
      timeoutSeconds: config.github.timeoutSeconds,
      ...transport,
    });
  }
  if (settings.record !== null) client = gh.recordingClient(client, settings.record);
  return client.resolve(refs, { dates });
}

/** How many files and patches the run read (the summary line says it). */
function readSummary(collected: Collected): ReadSummary {
  const d = collected.discovery;
  return {
    files: d.ledgers.length + d.records.length + d.recordIndexes.length + collected.patchesRead,
    patches: collected.patchesRead,
    unattributedRefs: collected.unattributed,
  };
}

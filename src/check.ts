/**
 * One `check` (or `list`) run: collect the sources, ask GitHub (unless
 * offline), run the rules and build the §6 report. The CLI turns the result
 * into output and an exit code; nothing here prints.
 */
import type { Config } from './config-types.js';
import { collectSources, type Collected } from './collect.js';
import { budgetFinding, plannedRequests } from './budget.js';
import { isIgnored, ruleSeverity } from './config.js';
import { rewordForEcosystems } from './ecosystem-wording.js';
import type { GitHubClient, RefRequest, ResolveResult } from './github/client.js';
import { UsageError } from './errors.js';
import {
  isInternalRef,
  type Finding,
  type RefKey,
  type Resolution,
  type SourceResult,
} from './model.js';
import { buildReport, type ReadSummary, type Report } from './report/report.js';
import { runRules } from './rules/index.js';
import {
  baseRevision,
  collectPinnedBases,
  containmentQuestions,
  type PinnedBase,
} from './rules/pinned.js';
import type { CheckContext } from './rules/types.js';
import { abandonRun, transportLimits, type TransportLimits } from './github/limits.js';

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
  /**
   * False: no rule runs and the report holds no findings. `list` in text
   * prints refs and mentions only, so it asks for none (issue 14).
   */
  rules?: boolean;
  /** The project's own repository, when known (own-repo.ts); see CollectOptions. */
  ownRepo?: string | null;
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
  const budget = opts.config.github.budget;
  const github = opts.github;
  // One deadline for every GitHub phase of the run (refs, then pinned bases).
  // It starts once the GitHub modules are loaded: on a starved machine loading
  // Octokit can take seconds, and a deadline spent before the first request
  // would report a GitHub that was never asked ("0 requests sent").
  if (github !== null && github.replay === null) await loadGitHubModules();
  // With a token and no budget to plan against, the refs the ledgers and
  // records name are asked while the patch headers are read (askEarly).
  const asked: { early: EarlyAsk | null } = { early: null };
  const overlap = github !== null && github.replay === null && hasToken(github) && budget === null;
  const collected = await collectSources(opts.root, opts.config, {
    wholeFiles: opts.wholeFiles === true,
    ownRepo: opts.ownRepo ?? null,
    ...(overlap && github !== null
      ? {
          beforeHeaders: (sources: readonly SourceResult[]) => {
            asked.early = askEarly(github, opts.config, sources);
          },
        }
      : {}),
  });
  const notes: string[] = [];
  const extra: Finding[] = [];
  let live: Map<RefKey, Resolution> | null = null;
  let knownDates: Map<string, number | null> | undefined;
  let requests = 0;
  let offline = github === null;
  const { early } = asked;
  const transport = early?.transport ?? transportLimits(opts.config, Date.now());
  if (github !== null && early !== null) {
    const refs = refRequests(collected);
    // The rest (a partial query's worth held back, and refs only the headers
    // name) in as many queries as the run would have sent for them anyway,
    // sent as soon as a request slot is free (transport.slots), not after
    // every early answer is in.
    const late = refs.filter((ref) => !early.keys.has(ref.key));
    const dates =
      early.keys.size > 0 ? [] : baseDateRequests(github, opts.config, collected.sources);
    const asking =
      late.length > 0 ? resolveLive(github, opts.config, late, transport, dates) : null;
    // The first failure is the run's: the other ask is abandoned, and both
    // settle before it is reported, so no request outlives the run.
    const failures: unknown[] = [];
    const settle = <T>(ask: Promise<T>): Promise<T | null> =>
      ask.catch((error: unknown) => {
        failures.push(error);
        abandonRun(transport);
        return null;
      });
    const [answer, more] = await Promise.all([
      settle(early.answer),
      asking === null ? null : settle(asking),
    ]);
    if (answer === null || failures.length > 0) throw failures[0];
    live = new Map();
    for (const { key } of refs) {
      const resolution = answer.results.get(key) ?? more?.results.get(key);
      if (resolution !== undefined) live.set(key, resolution);
    }
    requests = answer.requests + (more?.requests ?? 0);
    notes.push(...answer.notes, ...(more?.notes ?? []));
    knownDates = new Map([...(answer.dates ?? []), ...(more?.dates ?? [])]);
  } else if (github !== null) {
    const refs = refRequests(collected);
    const planned =
      github.replay !== null
        ? 0
        : plannedRequests(refs, {
            token: github.token !== null,
            chunkSize: opts.config.github.chunkSize,
          });
    if (budget !== null && planned > budget) {
      extra.push(budgetFinding('refs', planned, budget, budget, opts.configFile ?? null));
      offline = true;
    } else if (refs.length > 0) {
      const answer = await resolveLive(
        github,
        opts.config,
        refs,
        transport,
        baseDateRequests(github, opts.config, collected.sources),
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
  const findings =
    opts.rules === false
      ? []
      : rewordForEcosystems(
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
  sources: readonly SourceResult[],
): { repo: string; rev: string }[] {
  if (settings.replay !== null || !hasToken(settings)) return [];
  const out = new Map<string, { repo: string; rev: string }>();
  for (const base of collectPinnedBases(sources, config)) {
    const rev = baseRevision(base);
    out.set(`${base.repo}@${rev}`, { repo: base.repo, rev });
  }
  return [...out.values()];
}

function hasToken(settings: GitHubSettings): boolean {
  return settings.token !== null && settings.token.trim() !== '';
}

/** The refs asked while the patch headers are read, and the answer on its way. */
interface EarlyAsk {
  keys: ReadonlySet<RefKey>;
  transport: TransportLimits;
  answer: Promise<ResolveResult>;
}

/**
 * Ask GitHub about the refs the ledgers, READMEs and records name (and date
 * the pinned bases, which records and config name) before the patch headers
 * are read: reading the headers then fills the wait for the answers instead
 * of coming before it. Asking needs only keys, not the roles settled later.
 * Only full queries (`github.chunkSize` refs) go early; the remainder waits
 * for the refs the headers add, so a run sends as many queries as it would
 * have, and a queue of fewer refs than one query sends nothing early and
 * behaves as before. Internal and ignored refs are never asked.
 */
function askEarly(
  settings: GitHubSettings,
  config: Config,
  sources: readonly SourceResult[],
): EarlyAsk {
  const keys = new Set<RefKey>();
  for (const s of sources) {
    for (const m of s.mentions) {
      if (!isInternalRef(m.ref) && !isIgnored(config, m.ref)) keys.add(m.ref);
    }
  }
  const size = Math.max(1, config.github.chunkSize);
  const sorted = [...keys].sort(compareKeys);
  const refs = sorted
    .slice(0, sorted.length - (sorted.length % size))
    .map((key) => ({ key, kindHint: null }));
  const transport = transportLimits(config, Date.now());
  const answer =
    refs.length === 0
      ? Promise.resolve<ResolveResult>({ results: new Map(), requests: 0, cost: 0, notes: [] })
      : resolveLive(settings, config, refs, transport, baseDateRequests(settings, config, sources));
  // Awaited once the headers are read; a failure is reported then, not as an unhandled rejection.
  answer.catch(() => {});
  return { keys: new Set(refs.map((r) => r.key)), transport, answer };
}

function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
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
  return out.sort((a, b) => compareKeys(a.key, b.key));
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

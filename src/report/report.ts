/**
 * The §6 JSON report as a type, and the pure step that builds it from a
 * check's context and findings. Every list is sorted here, so every reporter
 * prints the same order for the same inputs.
 */
import type { Finding, Mention, RefKey, RefKind, Severity, SourceKind, State } from '../model.js';
import { splitRefKey } from '../model.js';
import { compareFindings } from '../rules/order.js';
import { compareText } from '../rules/support.js';
import type { CheckContext } from '../rules/types.js';
import { shownPath, shownPathsIn, treePaths } from './paths.js';

export interface ReportSource {
  path: string;
  kind: SourceKind;
  checkedOn: string | null;
}

export interface ReportPatch {
  path: string;
  /** Some source indexes it as a live patch. */
  indexed: boolean;
  /** Some source lists it as retired. */
  retired: boolean;
}

export interface ReportLive {
  state: State;
  mergedAt: string | null;
  mergeCommit: string | null;
  closedAt: string | null;
  title: string;
  url: string;
}

export interface ReportMention {
  source: string;
  line: number;
  patch: string | null;
  role: string;
  recordedState: State | null;
  /** Where the recorded state is written, when a wrapped title put it below the ref's line. */
  stateLine?: number;
}

export interface ReportRef {
  ref: RefKey;
  /**
   * GitHub's answer when resolved; otherwise the first kind the mentions
   * state (a `/pull/` URL, a record's `kind`); `unknown` when none does,
   * rather than guessing `pr`.
   */
  kind: RefKind | 'unknown';
  /** Null when offline or unresolved (ignored refs are not listed at all). */
  live: ReportLive | null;
  mentions: ReportMention[];
}

export type ReportFinding = Pick<
  Finding,
  'rule' | 'severity' | 'ref' | 'patch' | 'file' | 'line' | 'recorded' | 'live' | 'message'
>;

export interface ReportSummary {
  errors: number;
  warnings: number;
  notices: number;
  refs: number;
  patches: number;
  requests: number;
}

/** What a run read: every file, and how many of them were patches (SPEC §2, issue 10 item 4). */
export interface ReadSummary {
  /** Files read: ledgers, records, record indexes and patch files. */
  files: number;
  /** Patch files whose headers were read, ecosystem-layout patches included. */
  patches: number;
  /** Bare `#N` in copied commit messages that no single repository owns, left unreported. */
  unattributedRefs: number;
}

export interface Report {
  schemaVersion: 1;
  tool: { name: 'upstream-status'; version: string };
  checkedAt: string;
  root: string;
  sources: ReportSource[];
  patches: ReportPatch[];
  refs: ReportRef[];
  findings: ReportFinding[];
  summary: ReportSummary;
  /** Present when the run says what it read (check, list). */
  read?: ReadSummary;
}

export interface ReportInput {
  ctx: CheckContext;
  findings: readonly Finding[];
  /** ISO-8601 timestamp; passed in so the build stays pure. */
  checkedAt: string;
  /**
   * The root relative to the repository top (`.` when it is the top, or
   * there is no repository): every path in the report is prefixed with it.
   */
  root: string;
  version: string;
  /** HTTP requests made to GitHub (0 offline or on replay). */
  requests: number;
  read?: ReadSummary;
}

/** owner/repo in text order, then the number as a number (#9 before #10). */
export function compareRefKeys(a: RefKey, b: RefKey): number {
  const x = splitRefKey(a);
  const y = splitRefKey(b);
  return compareText(`${x.owner}/${x.repo}`, `${y.owner}/${y.repo}`) || x.number - y.number;
}

/**
 * `keys` in compareRefKeys order, each key split once rather than twice per
 * comparison (a report sorts thousands of refs).
 */
export function sortRefKeys(keys: readonly RefKey[]): RefKey[] {
  const decorated = keys.map((key) => {
    const { owner, repo, number } = splitRefKey(key);
    return { key, repo: `${owner}/${repo}`, number };
  });
  decorated.sort((x, y) => compareText(x.repo, y.repo) || x.number - y.number);
  return decorated.map((d) => d.key);
}

function buildPatches(ctx: CheckContext, show: (p: string) => string): ReportPatch[] {
  const notPatches = new Set(ctx.sources.flatMap((s) => s.notPatches));
  const paths = new Set([...ctx.indexed.keys(), ...ctx.patchFiles]);
  const patches: ReportPatch[] = [];
  for (const path of paths) {
    const entries = ctx.indexed.get(path) ?? [];
    // A file the ledger declares "not a patch" is not a patch, unless a source indexes it anyway.
    if (entries.length === 0 && notPatches.has(path)) continue;
    patches.push({
      path: show(path),
      indexed: entries.some((e) => !e.retired),
      retired: entries.some((e) => e.retired),
    });
  }
  return patches.sort((a, b) => compareText(a.path, b.path));
}

function toReportMentions(
  mentions: readonly Mention[],
  show: (p: string) => string,
): ReportMention[] {
  const all: ReportMention[] = [];
  for (const m of mentions) {
    const source = show(m.source);
    const patch = m.patch === null ? null : show(m.patch);
    // Two literals, not a spread of an optional key: same keys, same order.
    all.push(
      m.stateLine !== undefined && m.stateLine !== m.line
        ? {
            source,
            line: m.line,
            patch,
            role: m.role,
            recordedState: m.recordedState,
            stateLine: m.stateLine,
          }
        : { source, line: m.line, patch, role: m.role, recordedState: m.recordedState },
    );
  }
  if (!isSorted(all, compareReportMentions)) all.sort(compareReportMentions);
  // `[engine#1](…/pull/1)` is two scanner hits on one line but one place in the
  // report. Sorting is stable, so identical mentions sit in one run of equal
  // ones, in their first order: keeping the first of each is what dropping
  // repeats before sorting kept, without a key string per mention.
  const out: ReportMention[] = [];
  let runStart = 0;
  for (const rm of all) {
    const runHead = out[runStart];
    if (runHead === undefined || compareReportMentions(runHead, rm) !== 0) runStart = out.length;
    else if (sameMentionIn(out, runStart, rm)) continue;
    out.push(rm);
  }
  return out;
}

function compareReportMentions(a: ReportMention, b: ReportMention): number {
  return (
    compareText(a.source, b.source) ||
    a.line - b.line ||
    compareText(a.patch ?? '', b.patch ?? '') ||
    compareText(a.role, b.role) ||
    compareText(a.recordedState ?? '', b.recordedState ?? '')
  );
}

/** Is a mention equal in every field to `rm` among `out[from…]`? */
function sameMentionIn(out: readonly ReportMention[], from: number, rm: ReportMention): boolean {
  for (let i = from; i < out.length; i++) {
    const o = out[i]!;
    if (
      o.source === rm.source &&
      o.line === rm.line &&
      o.patch === rm.patch &&
      o.role === rm.role &&
      o.recordedState === rm.recordedState &&
      o.stateLine === rm.stateLine
    )
      return true;
  }
  return false;
}

/** Whether `items` is already in `compare` order (then a sort would change nothing). */
function isSorted<T>(items: readonly T[], compare: (a: T, b: T) => number): boolean {
  for (let i = 1; i < items.length; i++) if (compare(items[i - 1]!, items[i]!) > 0) return false;
  return true;
}

/**
 * The first mention, in reading order (sortMentions: source, then line; the
 * earlier of equals), that states a kind; without sorting a copy per ref.
 */
function firstHinted(mentions: readonly Mention[]): Mention | undefined {
  let best: Mention | undefined;
  for (const m of mentions) {
    if (m.kindHint === null) continue;
    if (best === undefined || (compareText(m.source, best.source) || m.line - best.line) < 0)
      best = m;
  }
  return best;
}

function buildRef(
  ctx: CheckContext,
  ref: RefKey,
  mentions: readonly Mention[],
  show: (p: string) => string,
): ReportRef {
  const resolution = ctx.live?.get(ref);
  const live = resolution?.status === 'found' ? resolution.live : null;
  const hinted = firstHinted(mentions)?.kindHint ?? null;
  return {
    ref,
    kind: live?.kind ?? hinted ?? 'unknown',
    live:
      live === null
        ? null
        : {
            state: live.state,
            mergedAt: live.mergedAt,
            mergeCommit: live.mergeCommit,
            closedAt: live.closedAt,
            title: live.title,
            url: live.url,
          },
    mentions: toReportMentions(mentions, show),
  };
}

function toReportFinding(f: Finding, root: string, known: ReadonlySet<string>): ReportFinding {
  return {
    rule: f.rule,
    severity: f.severity,
    ref: f.ref,
    patch: f.patch === null ? null : shownPath(root, f.patch),
    file: shownPath(root, f.file),
    line: f.line,
    recorded: f.recorded,
    live: f.live,
    message: shownPathsIn(f.message, root, known),
  };
}

export function buildReport(input: ReportInput): Report {
  const { ctx } = input;
  const show = (p: string): string => shownPath(input.root, p);
  const sources = ctx.sources
    .map((s): ReportSource => ({
      path: show(s.source.path),
      kind: s.source.kind,
      checkedOn: s.source.checkedOn,
    }))
    .sort((a, b) => compareText(a.path, b.path) || compareText(a.kind, b.kind));
  const patches = buildPatches(ctx, show);
  const refs = sortRefKeys([...ctx.mentionsByRef.keys()]).map((ref) =>
    buildRef(ctx, ref, ctx.mentionsByRef.get(ref) ?? [], show),
  );
  const known = input.root === '.' ? new Set<string>() : treePaths(ctx, input.findings);
  const findings = [...input.findings]
    .sort(compareFindings)
    .map((f) => toReportFinding(f, input.root, known));
  const count = (severity: Severity): number =>
    findings.filter((f) => f.severity === severity).length;
  return {
    schemaVersion: 1,
    tool: { name: 'upstream-status', version: input.version },
    checkedAt: input.checkedAt,
    root: input.root,
    sources,
    patches,
    refs,
    findings,
    summary: {
      errors: count('error'),
      warnings: count('warning'),
      notices: count('notice'),
      refs: refs.length,
      patches: patches.length,
      requests: input.requests,
    },
    ...(input.read ? { read: input.read } : {}),
  };
}

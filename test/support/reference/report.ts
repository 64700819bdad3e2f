/**
 * Verbatim copy of src/report/report.ts as it was before issue 14's ledger, records and
 * report speed work (commit cc6dd17): the reference report-differential.test.ts holds the
 * faster code to. Not used by the tool. Only this comment and the import paths were changed.
 */
/**
 * The §6 JSON report as a type, and the pure step that builds it from a
 * check's context and findings. Every list is sorted here, so every reporter
 * prints the same order for the same inputs.
 */
import type {
  Finding,
  Mention,
  RefKey,
  RefKind,
  Severity,
  SourceKind,
  State,
} from '../../../src/model.js';
import { splitRefKey } from '../../../src/model.js';
import { compareFindings } from '../../../src/rules/order.js';
import { compareText, sortMentions } from './rules-support.js';
import type { CheckContext } from '../../../src/rules/types.js';
import { shownPath, shownPathsIn, treePaths } from '../../../src/report/paths.js';

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
  const seen = new Set<string>();
  const out: ReportMention[] = [];
  for (const m of mentions) {
    const rm: ReportMention = {
      source: show(m.source),
      line: m.line,
      patch: m.patch === null ? null : show(m.patch),
      role: m.role,
      recordedState: m.recordedState,
      ...(m.stateLine !== undefined && m.stateLine !== m.line ? { stateLine: m.stateLine } : {}),
    };
    // `[engine#1](…/pull/1)` is two scanner hits on one line but one place in the report.
    const key = JSON.stringify(rm);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(rm);
  }
  return out.sort(
    (a, b) =>
      compareText(a.source, b.source) ||
      a.line - b.line ||
      compareText(a.patch ?? '', b.patch ?? '') ||
      compareText(a.role, b.role) ||
      compareText(a.recordedState ?? '', b.recordedState ?? ''),
  );
}

function buildRef(
  ctx: CheckContext,
  ref: RefKey,
  mentions: readonly Mention[],
  show: (p: string) => string,
): ReportRef {
  const resolution = ctx.live?.get(ref);
  const live = resolution?.status === 'found' ? resolution.live : null;
  const hinted = sortMentions(mentions).find((m) => m.kindHint !== null)?.kindHint ?? null;
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
  const refs = [...ctx.mentionsByRef.keys()]
    .sort(compareRefKeys)
    .map((ref) => buildRef(ctx, ref, ctx.mentionsByRef.get(ref) ?? [], show));
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

/** Hand-built CheckContexts: only what a test states differs from a quiet, consistent default. */
import { DEFAULT_CONFIG, type Config, type RuleSettings } from '../../src/config-types.js';
import type {
  LiveState,
  Mention,
  PatchEntry,
  RefKey,
  Resolution,
  RuleId,
  SourceInfo,
  SourceResult,
  State,
} from '../../src/model.js';
import type { CheckContext } from '../../src/rules/types.js';

export const LEDGER = 'deploy/patch.upstream.status.md';
export const RECORD = 'deploy/patches/a/fix.upstream.status.yaml';
export const PATCH = 'deploy/patches/a/fix.py';

export function mention(ref: RefKey, over: Partial<Mention> = {}): Mention {
  return {
    ref,
    kindHint: null,
    source: LEDGER,
    sourceKind: 'ledger',
    line: 10,
    patch: PATCH,
    role: 'fix',
    recordedState: null,
    recordedDate: null,
    ...over,
  };
}

export function live(state: State, over: Partial<LiveState> = {}): Resolution {
  return {
    status: 'found',
    live: {
      kind: 'pr',
      state,
      mergedAt: state === 'MERGED' ? '2026-08-12T10:00:00Z' : null,
      mergeCommit: state === 'MERGED' ? 'abc123' : null,
      closedAt: state === 'MERGED' || state === 'CLOSED' ? '2026-08-12T10:00:00Z' : null,
      stateReason: null,
      reviewDecision: null,
      title: 'A title',
      url: 'https://github.com/o/r/pull/1',
      author: 'alice',
      ...over,
    },
  };
}

export function notFound(message: string): Resolution {
  return { status: 'not-found', message };
}

export function source(
  info: Partial<SourceInfo> & { path: string },
  over: Partial<Omit<SourceResult, 'source'>> = {},
): SourceResult {
  return {
    source: { kind: 'ledger', checkedOn: null, checkedOnLine: null, ...info },
    mentions: [],
    patches: [],
    ambiguous: [],
    problems: [],
    notPatches: [],
    ...over,
  };
}

export function entry(path: string, over: Partial<PatchEntry> = {}): PatchEntry {
  return { path, source: LEDGER, line: 5, retired: false, repo: null, ...over };
}

export interface ContextSpec {
  mentions?: Mention[];
  /** Omit (or null) for an offline context. */
  live?: Record<RefKey, Resolution> | null;
  sources?: SourceResult[];
  patchFiles?: string[];
  entries?: PatchEntry[];
  today?: string;
  rules?: Partial<Record<RuleId, RuleSettings>>;
}

export function context(spec: ContextSpec = {}): CheckContext {
  const mentionsByRef = new Map<RefKey, Mention[]>();
  for (const m of spec.mentions ?? []) {
    mentionsByRef.set(m.ref, [...(mentionsByRef.get(m.ref) ?? []), m]);
  }
  const indexed = new Map<string, PatchEntry[]>();
  for (const e of spec.entries ?? []) indexed.set(e.path, [...(indexed.get(e.path) ?? []), e]);
  const config: Config = { ...DEFAULT_CONFIG, rules: spec.rules ?? {} };
  return {
    sources: spec.sources ?? [],
    mentionsByRef,
    live: spec.live === undefined || spec.live === null ? null : new Map(Object.entries(spec.live)),
    patchFiles: spec.patchFiles ?? [],
    indexed,
    today: spec.today ?? '2026-08-20',
    config,
  };
}

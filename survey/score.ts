/**
 * Scores a tool report's mentions against a labelled truth file.
 * Metric definitions: survey/README.md ("Scoring against a truth file").
 */
import {
  flattenMentions,
  type Report,
  type ToolMention,
  type Truth,
  type TruthMention,
} from './types.js';

/** "Drop when merged" roles. */
export const FIX_CLASS = new Set(['fix', 'own']);
export const ANCHOR_CLASS = new Set(['anchor-collision']);
/** Truth roles that must never yield "drop the patch" advice. */
export const NEVER_DROP = new Set([
  'introduced-the-defect',
  'anchor-collision',
  'related',
  'background',
  'unrelated',
]);
/** How far (in lines) a tool mention may sit from the truth line and still be the same mention. */
export const NEAR_LINES = 3;

export interface Pair {
  truth: TruthMention;
  tool: ToolMention;
  exactLine: boolean;
}

export interface Ratio {
  hit: number;
  of: number;
}

export interface ClassScore {
  precision: Ratio;
  recall: Ratio;
}

export interface Score {
  truthMentions: number;
  foundAtLine: Ratio;
  foundAnywhere: Ratio;
  ambiguousExpected: Ratio;
  states: Ratio;
  statesWrong: Pair[];
  /** In-scope tool mentions with a state that no truth mention pairs with. */
  extraWithState: ToolMention[];
  fixOwn: ClassScore;
  anchor: ClassScore;
  decisive: ClassScore;
  dangerous: Pair[];
  missing: TruthMention[];
  wrongLine: Pair[];
  stateMissed: Pair[];
  roleMismatch: Pair[];
  extra: ToolMention[];
}

function inScope(source: string, truth: Truth): boolean {
  const prefixes = truth.scopePrefixes;
  if (!prefixes || prefixes.length === 0) {
    return truth.mentions.some((m) => m.source === source);
  }
  return prefixes.some((p) => source === p || source.startsWith(p));
}

function key(source: string, ref: string): string {
  return `${source}\u0000${ref}`;
}

/** One-to-one matching: exact (source, ref, line) first, then the nearest unclaimed tool mention. */
export function matchMentions(
  truth: TruthMention[],
  tool: ToolMention[],
): { pairs: Pair[]; unmatchedTruth: TruthMention[]; unmatchedTool: ToolMention[] } {
  const byKey = new Map<string, ToolMention[]>();
  for (const m of tool) {
    const k = key(m.source, m.ref);
    const list = byKey.get(k) ?? [];
    list.push(m);
    byKey.set(k, list);
  }
  const claimed = new Set<ToolMention>();
  const pairs: Pair[] = [];
  const pending: TruthMention[] = [];
  for (const t of truth) {
    if (t.ref === null) continue;
    const exact = (byKey.get(key(t.source, t.ref)) ?? []).find(
      (m) => m.line === t.line && !claimed.has(m),
    );
    if (exact) {
      claimed.add(exact);
      pairs.push({ truth: t, tool: exact, exactLine: true });
    } else {
      pending.push(t);
    }
  }
  const unmatchedTruth: TruthMention[] = [];
  for (const t of pending) {
    const cands = (byKey.get(key(t.source, t.ref as string)) ?? []).filter((m) => !claimed.has(m));
    const near = (m: ToolMention): number => {
      const d = Math.abs(m.line - t.line);
      return t.stateLine !== undefined && m.line === t.stateLine ? 0 : d;
    };
    const best = cands
      .filter((m) => near(m) <= NEAR_LINES || m.line === t.stateLine)
      .sort((a, b) => near(a) - near(b) || a.line - b.line)[0];
    if (best) {
      claimed.add(best);
      pairs.push({ truth: t, tool: best, exactLine: false });
    } else {
      unmatchedTruth.push(t);
    }
  }
  const unmatchedTool = tool.filter((m) => !claimed.has(m));
  return { pairs, unmatchedTruth, unmatchedTool };
}

function classScore(
  pairs: Pair[],
  truthAll: TruthMention[],
  extra: ToolMention[],
  cls: Set<string>,
): ClassScore {
  const toolIn = (role: string | null | undefined): boolean => cls.has(role ?? '');
  const precision: Ratio = { hit: 0, of: 0 };
  for (const p of pairs) {
    if (!toolIn(p.tool.role)) continue;
    precision.of++;
    if (cls.has(p.truth.role)) precision.hit++;
  }
  for (const m of extra) if (toolIn(m.role)) precision.of++;
  const recall: Ratio = { hit: 0, of: truthAll.filter((t) => cls.has(t.role)).length };
  for (const p of pairs) if (cls.has(p.truth.role) && toolIn(p.tool.role)) recall.hit++;
  return { precision, recall };
}

export function score(truth: Truth, report: Report): Score {
  const tool = flattenMentions(report).filter((m) => inScope(m.source, truth));
  const labelled = truth.mentions.filter((t) => t.ref !== null);
  const ambiguous = truth.mentions.filter((t) => t.ref === null);
  const { pairs, unmatchedTruth, unmatchedTool } = matchMentions(labelled, tool);

  const ambiguousHit = ambiguous.filter((t) => ambiguousHitFor(t, report)).length;

  const exact = pairs.filter((p) => p.exactLine);
  const withState = pairs.filter((p) => p.truth.state !== null);
  const statesRead = withState.filter((p) => p.tool.recordedState === p.truth.state).length;
  const statesWrong = pairs
    .filter((p) => (p.tool.recordedState ?? null) !== null)
    .filter((p) => p.tool.recordedState !== p.truth.state);

  const decisiveCls = new Set([...FIX_CLASS, ...ANCHOR_CLASS]);
  const decisive = ((): ClassScore => {
    const sameClass = (a: string, b: string | null | undefined): boolean =>
      (FIX_CLASS.has(a) && FIX_CLASS.has(b ?? '')) ||
      (ANCHOR_CLASS.has(a) && ANCHOR_CLASS.has(b ?? ''));
    const precision: Ratio = { hit: 0, of: 0 };
    for (const p of pairs) {
      if (!decisiveCls.has(p.tool.role ?? '')) continue;
      precision.of++;
      if (sameClass(p.truth.role, p.tool.role)) precision.hit++;
    }
    for (const m of unmatchedTool) if (decisiveCls.has(m.role ?? '')) precision.of++;
    const recall: Ratio = { hit: 0, of: labelled.filter((t) => decisiveCls.has(t.role)).length };
    for (const p of pairs) if (sameClass(p.truth.role, p.tool.role)) recall.hit++;
    return { precision, recall };
  })();

  return {
    truthMentions: truth.mentions.length,
    foundAtLine: { hit: exact.length + ambiguousHit, of: truth.mentions.length },
    foundAnywhere: { hit: pairs.length + ambiguousHit, of: truth.mentions.length },
    ambiguousExpected: { hit: ambiguousHit, of: ambiguous.length },
    states: { hit: statesRead, of: labelled.filter((t) => t.state !== null).length },
    statesWrong,
    extraWithState: unmatchedTool.filter((m) => (m.recordedState ?? null) !== null),
    fixOwn: classScore(pairs, labelled, unmatchedTool, FIX_CLASS),
    anchor: classScore(pairs, labelled, unmatchedTool, ANCHOR_CLASS),
    decisive,
    dangerous: pairs.filter(
      (p) => FIX_CLASS.has(p.tool.role ?? '') && NEVER_DROP.has(p.truth.role),
    ),
    missing: [...unmatchedTruth, ...ambiguous.filter((t) => !ambiguousHitFor(t, report))],
    wrongLine: pairs.filter((p) => !p.exactLine),
    stateMissed: withState.filter((p) => (p.tool.recordedState ?? null) === null),
    roleMismatch: pairs.filter(
      (p) =>
        p.truth.role !== p.tool.role &&
        (decisiveCls.has(p.truth.role) || decisiveCls.has(p.tool.role ?? '')),
    ),
    extra: unmatchedTool,
  };
}

function ambiguousHitFor(t: TruthMention, report: Report): boolean {
  return report.findings.some(
    (f) => f.rule === 'ambiguous-ref' && f.file === t.source && f.line === t.line,
  );
}

export function pct(r: Ratio): string {
  return r.of === 0 ? 'n/a' : `${((100 * r.hit) / r.of).toFixed(1)}%`;
}

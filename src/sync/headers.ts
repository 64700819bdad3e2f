/**
 * Sync for patch headers: the state word of each UPSTREAM STATUS entry
 * (`(alice, OPEN)` → `(alice, MERGED)`), the review decision beside it while
 * the PR is still open, and the block's date (`UPSTREAM STATUS (re-queried
 * 2026-08-11)`), which `stale-check` reads like a ledger's check date.
 * A shared `#a / #b (both OPEN)` whose refs parted becomes
 * `#a (MERGED) / #b (OPEN)`. No date is added where none was written.
 */
import type { SourceResult } from '../model.js';
import { decide, stateGroups, type StateGroup } from './groups.js';
import { rewriteInPlace, splitProseGroup } from './rewrite.js';
import { anyAnswered, foundLive, type LiveMap } from './target.js';
import type { FileEdits } from './types.js';
import { enclosingParens, lineStart } from './words.js';

const DECISION = /(?<![\w])(APPROVED|CHANGES_REQUESTED|REVIEW_REQUIRED)(?![\w])/;
const HEADING = /upstream[ \t]+status/i;

export function planHeader(
  source: SourceResult,
  text: string,
  live: LiveMap,
  today: string,
): FileEdits {
  const out: FileEdits = { edits: [], changes: [], notes: [] };
  for (const group of stateGroups(source.mentions, text)) {
    const decision = decide(group, live, false);
    const result =
      decision.kind === 'same'
        ? rewriteInPlace(text, group, decision)
        : splitProseGroup(text, group, decision.targets, out.notes);
    if (result === null) continue;
    out.edits.push(...result.edits);
    out.changes.push(...result.changes);
    if (group.refs.length === 1) reviewDecision(text, group, live, out);
  }
  checkDate(source, text, live, today, out);
  return out;
}

/**
 * `(alice, OPEN, REVIEW_REQUIRED)`: GitHub's decision replaces the one
 * written, like the review-decision-drift rule compares them — only while
 * the PR is open; once merged or closed the decision is history.
 */
function reviewDecision(text: string, group: StateGroup, live: LiveMap, out: FileEdits): void {
  const ref = group.refs[0]!;
  const l = foundLive(live, ref);
  if (l === null || l.kind !== 'pr' || l.reviewDecision === null) return;
  if (l.state !== 'OPEN' && l.state !== 'DRAFT') return;
  const parens = enclosingParens(text, group.span);
  if (parens === null) return;
  const m = DECISION.exec(text.slice(parens.start, parens.end));
  if (m === null || m[1] === undefined || m[1] === l.reviewDecision) return;
  const start = parens.start + m.index;
  out.edits.push({ start, end: start + m[1].length, text: l.reviewDecision });
  out.changes.push({
    ref,
    line: group.line,
    field: 'review_decision',
    from: m[1],
    to: l.reviewDecision,
  });
}

function checkDate(
  source: SourceResult,
  text: string,
  live: LiveMap,
  today: string,
  out: FileEdits,
): void {
  const { checkedOn, checkedOnLine } = source.source;
  if (checkedOn === null || checkedOnLine === null || checkedOn === today) return;
  if (
    !anyAnswered(
      live,
      source.mentions.map((m) => m.ref),
    )
  )
    return;
  const from = lineStart(text, checkedOnLine);
  const end = text.indexOf('\n', from);
  const line = text.slice(from, end < 0 ? text.length : end);
  const heading = HEADING.exec(line);
  if (heading === null) return;
  // The reader takes the first date after the heading words; so does sync.
  const at = line.indexOf(checkedOn, heading.index + heading[0].length);
  if (at < 0) return;
  out.edits.push({ start: from + at, end: from + at + checkedOn.length, text: today });
  out.changes.push({
    ref: null,
    line: checkedOnLine,
    field: 'check-date',
    from: checkedOn,
    to: today,
  });
}

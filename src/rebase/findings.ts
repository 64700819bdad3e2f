/**
 * The findings `rebase-check` adds (SPEC §4): their ids, their shape, and the
 * pure step from an apply verdict to findings. Messages name the hunk, its
 * old line range and the first line that no longer matches.
 */
import type { Config, RuleSettings } from '../config-types.js';
import type { Finding, RuleId, Severity } from '../model.js';
import { compareText } from '../rules/support.js';
import type { PatchVerdict } from './apply.js';
import type { ParsedDiff } from './diff-parse.js';
import { describeCulprits } from './culprit-text.js';

/** The ids rebase-check adds to the RuleId union. */
export type RebaseRuleId = Extract<
  RuleId,
  | 'hunk-does-not-apply'
  | 'already-applied'
  | 'fixed-in-target'
  | 'collision-in-target'
  | 'anchor-not-checkable'
  | 'anchor-missing'
  | 'anchor-ambiguous'
>;

export type RebaseFinding = Finding;

export const REBASE_SEVERITY: Record<RebaseRuleId, Severity> = {
  'hunk-does-not-apply': 'error',
  'already-applied': 'warning',
  'fixed-in-target': 'notice',
  'collision-in-target': 'error',
  'anchor-not-checkable': 'notice',
  'anchor-missing': 'error',
  'anchor-ambiguous': 'error',
};

/** The configured severity of a rule, null when it is turned off. */
export function severityFor(
  config: Config,
  rule: RuleId | RebaseRuleId,
  fallback: Severity,
): Severity | null {
  const rules: Partial<Record<string, RuleSettings>> = config.rules;
  const configured = rules[rule]?.severity;
  if (configured === 'off') return null;
  return configured ?? fallback;
}

export interface FindingPlace {
  patch: string;
  /** The upstream and ref checked, for messages: `example-org/engine@v0.5.18`. */
  target: string;
}

export function rebaseFinding(
  rule: RuleId | RebaseRuleId,
  severity: Severity,
  f: {
    patch: string;
    file?: string;
    line: number;
    ref?: string | null;
    recorded?: string | null;
    live?: string | null;
    message: string;
  },
): RebaseFinding {
  return {
    rule,
    severity,
    ref: f.ref ?? null,
    patch: f.patch,
    file: f.file ?? f.patch,
    line: f.line,
    recorded: f.recorded ?? null,
    live: f.live ?? null,
    message: f.message,
  };
}

/** What `culpritsFor(path)` knows of the commits that moved a file; [] when nothing. */
export type { CulpritLookup } from './culprit-text.js';
import type { CulpritLookup } from './culprit-text.js';

/** A checkPatch verdict (and the parse it came from) → findings at the patch's own lines. */
export function verdictFindings(
  where: FindingPlace,
  parsed: ParsedDiff,
  verdict: PatchVerdict,
  culprits: CulpritLookup,
  binaryAtRef: ReadonlySet<string>,
): RebaseFinding[] {
  const out: RebaseFinding[] = [];
  const at = (rule: RebaseRuleId, line: number, message: string) =>
    out.push(rebaseFinding(rule, REBASE_SEVERITY[rule], { patch: where.patch, line, message }));
  for (const problem of verdict.problems) {
    out.push(
      rebaseFinding('parse-error', 'error', {
        patch: where.patch,
        line: problem.line,
        message: `${where.patch} cannot be read as a diff: ${problem.message}`,
      }),
    );
  }
  verdict.files.forEach((file, i) => {
    const fp = parsed.files[i];
    const fileLine = fp?.line ?? 1;
    const hunkLine = (index: number) => fp?.hunks[index - 1]?.line ?? fileLine;
    const blame = describeCulprits(culprits(file.path));
    switch (file.status) {
      case 'applies':
        return;
      case 'binary':
        at(
          'hunk-does-not-apply',
          fileLine,
          `binary change to ${file.path}: it cannot be checked as text (GNU patch skips it silently, so the patched tree would lack it); rebuild it against ${where.target}.`,
        );
        return;
      case 'missing-file':
        at(
          'hunk-does-not-apply',
          fileLine,
          binaryAtRef.has(file.path)
            ? `${file.path} is a binary file at ${where.target}: a text patch cannot apply to it.`
            : `${file.path} does not exist at ${where.target}${blame}.`,
        );
        return;
      case 'already-applied':
        at(
          'already-applied',
          fileLine,
          `${where.target} already carries the change to ${file.path} (every hunk matches in reverse): drop it from the patch.`,
        );
        return;
      case 'fails':
        break;
    }
    let reported = false;
    for (const h of file.hunks) {
      if (h.status === 'already-applied') {
        at(
          'already-applied',
          hunkLine(h.hunk),
          `hunk ${h.hunk} of ${file.path} is already in ${where.target} (it matches in reverse).`,
        );
      } else if (h.status === 'fails') {
        reported = true;
        const [from, to] = h.oldRange;
        const m = h.firstMismatch;
        const why =
          m === null
            ? 'its lines are there but not where this hunk may go (it overlaps an earlier hunk, or needs the start or end of the file)'
            : m.actual === null
              ? `the file ends before line ${m.line}, where the hunk expects ${show(m.expected)}`
              : `line ${m.line} is now ${show(m.actual)} where the hunk expects ${show(m.expected)}`;
        at(
          'hunk-does-not-apply',
          hunkLine(h.hunk),
          `hunk ${h.hunk} of ${file.path} (old lines ${from}-${to}) does not apply to ${where.target}: ${why}${blame}.`,
        );
      }
    }
    if (!reported && file.reason === 'file-not-emptied') {
      at(
        'hunk-does-not-apply',
        fileLine,
        `${file.path} at ${where.target} has lines this patch does not delete, so it cannot remove the file${blame}.`,
      );
    }
  });
  return out;
}

/** A line for a message: its ending shown when it is not a plain LF, so CRLF drift is visible. */
function show(line: string): string {
  const text = line.endsWith('\r\n')
    ? line.slice(0, -2)
    : line.endsWith('\n')
      ? line.slice(0, -1)
      : line;
  const ending = line.endsWith('\r\n')
    ? ' (CRLF)'
    : line.endsWith('\n')
      ? ''
      : ' (no newline at end of file)';
  return `${JSON.stringify(text)}${ending}`;
}

/** Deterministic order: file, line, rule, message. */
export function compareRebaseFindings(a: RebaseFinding, b: RebaseFinding): number {
  return (
    compareText(a.file, b.file) ||
    a.line - b.line ||
    compareText(a.rule, b.rule) ||
    compareText(a.ref ?? '', b.ref ?? '') ||
    compareText(a.message, b.message)
  );
}

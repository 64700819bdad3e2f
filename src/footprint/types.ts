/**
 * A patch's footprint: the upstream files it touches and the exact text it
 * depends on there — hunks for a diff, anchors for a script — and what could
 * not be read, with why.
 */
export interface Anchor {
  /** What the script looks for, exactly as Python builds it (a pattern when `regexFlags` is set). */
  old: string;
  /** What the script puts in its place; null when it only tests for the text. */
  new: string | null;
  /** Occurrences the script demands; null: at least one. */
  expected: number | null;
  /** `.replace(old, new, n)`; null replaces every occurrence. */
  replaceCount: number | null;
  /** `edit`: replaced; `required`: must be there; `marker`: its presence means already applied. */
  role: 'edit' | 'required' | 'marker';
  /** Python `re` flags when `old` is a regular expression. */
  regexFlags: number | null;
  /** 1-based line of the script (or record) that says so. */
  line: number;
  /** Made only when the anchor is there (`if src.count(x) == 1: …`): its absence fails nothing. */
  optional?: boolean;
}

export interface TargetFile {
  /** Repository paths it may be, best first (two when the package folder was guessed). */
  candidates: string[];
  /** owner/repo, lower-cased; null when nothing says. */
  repo: string | null;
  /** The package folder was guessed (`pkg/` or `python/pkg/`), not configured. */
  guessed: boolean;
  /** How the patch names the file: `<vllm>/v1/core/sched/scheduler.py`, a repo path, … */
  written: string;
  anchors: Anchor[];
}

export interface FootprintHunk {
  file: string;
  oldStart: number;
  oldLines: number;
  /** 1-based line of the `@@` header in the patch. */
  line: number;
}

export interface Unreadable {
  line: number;
  reason: string;
}

export type FootprintKind = 'diff' | 'python' | 'shell' | 'other';

export interface Footprint {
  patch: string;
  kind: FootprintKind;
  repo: string | null;
  files: TargetFile[];
  hunks: FootprintHunk[];
  /** Diffs a shell script applies (root-relative). */
  companions: string[];
  unreadable: Unreadable[];
  /** Where the anchors came from: the script itself, or the record's `target.anchors`. */
  anchorsFrom: 'script' | 'record' | null;
}

/** Every target known and every use read: nothing unreadable, at least one file. */
export function isComplete(f: Footprint): boolean {
  return f.unreadable.length === 0 && (f.files.length > 0 || f.companions.length > 0);
}

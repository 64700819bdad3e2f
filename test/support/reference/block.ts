/**
 * Verbatim copy of src/sources/headers/block.ts as it was before session 4 of
 * issue 14's speed work (commit cc6dd17): the reference its differential test
 * holds the faster code to. Not used by the tool. Only this comment was
 * added, and the import paths changed — and, in session 10, KNOWN_LABELS
 * mirrors the labels the tool learned then, and in session 16 "third-party:"
 * (changes of meaning, not of speed, which both must share).
 */
/**
 * Finding the UPSTREAM STATUS block(s) of a masked preamble and cutting them
 * into labelled entries (SPEC §2.3).
 *
 * Rules, chosen to survive hand-written headers:
 * - Heading: a line whose content (after the comment marker) starts with
 *   `UPSTREAM STATUS` in any case, optionally behind emphasis like `**` or
 *   `==`. Mid-sentence mentions ("see the upstream status ledger") are not
 *   headings. Any ISO date on the heading line is the block's check date.
 * - The heading can wrap: while its parenthetical is open, the next lines
 *   are heading too, and the block's date is the latest date in it.
 * - Label column L: the indent of the first content line after the heading.
 *   A line indented no deeper than L whose leading words are a label begins
 *   a new entry: known labels (`issue`, `third-party PR`, `own PR`/`our PR`,
 *   `anchor risk`/`anchor collision`, `fix`/`upstream fix`) give their role,
 *   any other label (1–3 words then `:` or two spaces) is `related` — but
 *   only in a block whose first line is a label: in a block of prose
 *   paragraphs only the known labels are labels. A line
 *   at L after a blank line starts an unlabelled `related` entry (a new
 *   paragraph ends a label's reach). Any other line continues the current
 *   entry — in an unlabelled prose block that is every line of a paragraph.
 * - End: a blank line followed by a line indented no deeper than the heading
 *   that is not a label (a known label, or 1–3 words followed by `:` or by two
 *   spaces); a rule line (`---`, `====`, e.g. format-patch's diffstat
 *   separator) unless it underlines the heading; another heading; or the end
 *   of the preamble. Trailing blank lines are not part of the block.
 */
import type { Role } from '../../../src/model.js';
import { latestIsoDate } from '../../../src/states.js';
import type { MaskedLine, MaskedText } from '../../../src/sources/headers/text.js';

export interface Entry {
  /** Offsets in the masked preamble. */
  start: number;
  end: number;
  role: Role;
  /** Whether a label gave the role; an unlabelled paragraph is `related` by default. */
  labelled: boolean;
}

export interface StatusBlock {
  /** Index of the heading line in the masked lines. */
  headingLine: number;
  checkedOn: string | null;
  start: number;
  end: number;
  entries: Entry[];
}

const HEADING = /^[*_=>[-]{0,4}[ \t]*upstream[ \t]+status(?![\w-])/i;
const RULE = /^[-=_~*]{3,}[ \t]*$/;
const KNOWN_LABELS: readonly [RegExp, Role][] = [
  [/^(?:(?:upstream[ \t]+|tracking[ \t]+)?issues?|bugs?(?:[ \t]+reports?)?)(?=[\s:]|$)/i, 'issue'],
  // "third-party: #n" and "competing: #n" name the PR by the colon alone;
  // "Alternative approaches …" in prose is no label (session 16).
  [
    /^(?:(?:third[- ]party|competing|alternative)[ \t]+PRs?(?=[\s:]|$)|(?:third[- ]party|competing)(?=[ \t]*:|[ \t]{2,}))/i,
    'third-party',
  ],
  // `ours   #n …` as a label column (a colon or a gap after it), not "Ours is …" in prose.
  [/^(?:(?:own|our)[ \t]+(?:upstream[ \t]+)?PRs?(?=[\s:]|$)|ours(?=:|[ \t]{2,}))/i, 'own'],
  [
    /^(?:anchor[ \t]+(?:risks?|collisions?|conflicts?)|collisions?|collides|conflicts?|(?:also[ \t]+)?touch(?:es|ed)?(?:[ \t]+the[ \t]+same[ \t]+(?:lines?|code|hunks?))?)(?=[\s:]|$)/i,
    'anchor-collision',
  ],
  [
    /^(?:(?:upstream[ \t]+)?fix(?:es)?|fixed(?:[ \t]+(?:upstream|by|in))?|upstream[ \t]+PRs?|retires(?:[ \t]+(?:it|this|the[ \t]+patch))?|drops?[ \t]+(?:when|on))(?=[\s:]|$)/i,
    'fix',
  ],
  [
    /^(?:regressed[ \t]+(?:by|in)|introduced[ \t]+(?:by|in)|caused[ \t]+by|cause|culprit)(?=[\s:]|$)/i,
    'introduced-the-defect',
  ],
  [/^background(?=[\s:]|$)/i, 'background'],
];
// 1–3 words then `:` or a two-space gap: the shape of a label column. Words
// contain no spaces, so the pattern cannot backtrack across the line.
const GENERIC_LABEL = /^[A-Za-z][\w'/-]*(?: [A-Za-z][\w'/-]*){0,2}\??(?::(?:\s|$)|[ \t]{2,}\S)/;

/** The role a label names, `related` for an unknown label, null when `content` has none. */
export function readLabel(content: string, generic = true): Role | null {
  for (const [re, role] of KNOWN_LABELS) if (re.test(content)) return role;
  return generic && GENERIC_LABEL.test(content) ? 'related' : null;
}

function contentOf(line: MaskedLine): string {
  return line.indent === -1 ? '' : line.text.slice(line.indent);
}

// Every heading holds these words: a text without them has no block.
const HEADING_WORDS = /upstream[ \t]+status/i;

export function findStatusBlocks(masked: MaskedText, source = masked.text): StatusBlock[] {
  const blocks: StatusBlock[] = [];
  if (!HEADING_WORDS.test(masked.text)) return blocks;
  for (let i = 0; i < masked.lines.length;) {
    const line = masked.lines[i];
    const heading = line ? HEADING.exec(contentOf(line)) : null;
    if (!line || !heading) {
      i++;
      continue;
    }
    const wrapped = headingEnd(masked.lines, i, line.start + line.indent + heading[0].length);
    const block = readBlock(masked.lines, i, wrapped.line, wrapped.after, source);
    blocks.push(block.block);
    i = block.next;
  }
  return blocks;
}

/**
 * Where the heading ends: a `(` left open on the heading line continues on
 * the next lines (at most three) until it closes.
 */
function headingEnd(
  lines: readonly MaskedLine[],
  index: number,
  afterWords: number,
): { line: number; after: number } {
  const first = lines[index]!;
  if (!/^[ \t*_:]*\(/.test(first.text.slice(afterWords - first.start)))
    return { line: index, after: afterWords };
  let depth = 0;
  for (let j = index; j < lines.length && j <= index + 3; j++) {
    const line = lines[j]!;
    const from = j === index ? afterWords - line.start : 0;
    for (let k = from; k < line.text.length; k++) {
      const c = line.text[k];
      if (c === '(') depth++;
      else if (c === ')' && depth > 0 && --depth === 0) {
        // A heading that closes its parenthetical on its own line keeps what follows.
        return j === index
          ? { line: j, after: afterWords }
          : { line: j, after: line.start + k + 1 };
      }
    }
    if (depth === 0) break;
  }
  return { line: index, after: afterWords };
}

function readBlock(
  lines: readonly MaskedLine[],
  headingIndex: number,
  headingLast: number,
  afterHeading: number,
  source: string,
): { block: StatusBlock; next: number } {
  const heading = lines[headingIndex]!;
  const headingTail = lines[headingLast]!;
  const entries: Entry[] = [
    { start: afterHeading, end: headingTail.end, role: 'related', labelled: false },
  ];
  // A `*` blanked as a comment marker is a bullet only where the heading's
  // line has none: in a `/* … */` comment every line starts with one.
  const starBullets = !startsWithStar(source, heading);
  let labelColumn: number | null = null;
  // A block whose first line is prose, not a label, is written in paragraphs:
  // "rather than rejected: …" there is a sentence, only a known label is a label.
  let generic = true;
  let sawBlank = false;
  // Whether the entry being read opened with a bullet: then a bullet at the
  // label column is its sibling, and opens an entry of its own.
  let bulletEntry = false;
  let last = headingTail;
  let j = headingLast + 1;
  for (; j < lines.length; j++) {
    const line = lines[j]!;
    if (line.indent === -1) {
      sawBlank = true;
      continue;
    }
    const whole = contentOf(line);
    if (HEADING.test(whole)) break;
    if (RULE.test(whole)) {
      if (labelColumn === null && !sawBlank) continue; // underlines the heading
      break;
    }
    const mark = bulletWidth(whole, source, line, starBullets);
    const content = mark > 0 ? whole.slice(mark) : whole;
    if (labelColumn === null) generic = readLabel(content) !== null;
    const label = readLabel(content, generic);
    if (sawBlank && line.indent <= heading.indent && label === null) break;
    labelColumn ??= line.indent;
    const paragraph = sawBlank && entries.length > 1;
    sawBlank = false;
    const atColumn = line.indent <= labelColumn;
    const sibling = atColumn && mark >= 0 && bulletEntry;
    if (atColumn && (sibling || (/^[A-Za-z]/.test(content) && (label !== null || paragraph)))) {
      entries.push({
        start: line.start,
        end: line.end,
        role: label ?? 'related',
        labelled: label !== null,
      });
    }
    if (atColumn && entries.length > 0 && entries[entries.length - 1]!.start === line.start)
      bulletEntry = mark >= 0;
    const current = entries[entries.length - 1]!;
    current.end = line.end;
    last = line;
  }
  // A wrapped heading ("queried 2026-08-01; re-queried … 2026-08-03)"): the latest date.
  const headingText = lines
    .slice(headingIndex, headingLast + 1)
    .map((l) => l.text)
    .join('\n');
  const checkedOn = latestIsoDate(headingText.slice(heading.indent));
  return {
    block: { headingLine: headingIndex, checkedOn, start: heading.start, end: last.end, entries },
    next: j,
  };
}

// A list item's marker and the blanks after it: `- `, `* `, `+ `, `• `.
const BULLET = /^[-*+\u2022][ \t]+/;

/**
 * The width of the bullet `content` (a masked line's content) opens with; 0
 * for a `*` bullet the masking blanked (its content starts after it), -1 for
 * a line that is no list item.
 */
function bulletWidth(
  content: string,
  source: string,
  line: MaskedLine,
  starBullets: boolean,
): number {
  const m = BULLET.exec(content);
  if (m !== null) return m[0].length;
  return starBullets && blankedStar(source, line) ? 0 : -1;
}

/** Whether the masking blanked a `*` list marker right before the line's content. */
function blankedStar(source: string, line: MaskedLine): boolean {
  if (source.length < line.end) return false;
  let k = line.start + line.indent - 1;
  while (k >= line.start && (source[k] === ' ' || source[k] === '\t')) k--;
  return k >= line.start && source[k] === '*' && (k === line.start || /[ \t]/.test(source[k - 1]!));
}

/** Whether the source line of `line` starts with a `*` (a C comment's, or a blanked bullet). */
function startsWithStar(source: string, line: MaskedLine): boolean {
  let k = line.start;
  while (k < line.end && (source[k] === ' ' || source[k] === '\t')) k++;
  return source[k] === '*';
}

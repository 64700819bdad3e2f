/**
 * A unified diff of two texts, line by line (Myers' O((N+M)·D) algorithm),
 * with three lines of context — what `sync --dry-run` prints. Written here
 * rather than taken from a package because sync only ever needs this one
 * output format, and its edits change few lines.
 */

type Op = { kind: ' ' | '-' | '+'; line: string };

const CONTEXT = 3;
/** Beyond this many differing lines the middle is shown as one replacement, bounding memory. */
const MAX_EDIT_DISTANCE = 4000;
const NO_NEWLINE = '\\ No newline at end of file';
/**
 * Marks a last line that has no newline, so `a` and `a\n` compare unequal
 * and the marker line can be printed after it.
 */
const UNTERMINATED = '\u0000';

export function unifiedDiff(path: string, before: string, after: string): string {
  if (before === after) return '';
  const ops = diffLines(splitLines(before), splitLines(after));
  const out = [`--- a/${path}`, `+++ b/${path}`];
  for (const hunk of hunks(ops)) {
    out.push(hunk.header);
    for (const op of hunk.ops) {
      if (op.line.endsWith(UNTERMINATED)) out.push(op.kind + op.line.slice(0, -1), NO_NEWLINE);
      else out.push(op.kind + op.line);
    }
  }
  return out.join('\n') + '\n';
}

/** Lines without their `\n` (a CR stays, so CRLF files diff as they are). */
function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  else lines[lines.length - 1] += UNTERMINATED;
  return lines;
}

function diffLines(a: readonly string[], b: readonly string[]): Op[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const same = (lines: readonly string[]): Op[] => lines.map((line) => ({ kind: ' ', line }));
  return [
    ...same(a.slice(0, head)),
    ...(myers(midA, midB) ?? replaceAll(midA, midB)),
    ...same(a.slice(a.length - tail)),
  ];
}

function replaceAll(a: readonly string[], b: readonly string[]): Op[] {
  return [
    ...a.map((line): Op => ({ kind: '-', line })),
    ...b.map((line): Op => ({ kind: '+', line })),
  ];
}

/** Shortest edit script, or null when it is longer than MAX_EDIT_DISTANCE. */
function myers(a: readonly string[], b: readonly string[]): Op[] | null {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_EDIT_DISTANCE);
  const off = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && v[k - 1 + off]! < v[k + 1 + off]!);
      let x = down ? v[k + 1 + off]! : v[k - 1 + off]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[k + off] = x;
      if (x >= n && y >= m) return backtrack(a, b, trace, off);
    }
  }
  return null;
}

function backtrack(
  a: readonly string[],
  b: readonly string[],
  trace: readonly Int32Array[],
  off: number,
): Op[] {
  const ops: Op[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d >= 0; d--) {
    const v = trace[d]!;
    const k = x - y;
    const down = k === -d || (k !== d && v[k - 1 + off]! < v[k + 1 + off]!);
    const prevK = down ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : v[prevK + off]!;
    const prevY = d === 0 ? 0 : prevX - prevK;
    while (x > prevX && y > prevY) {
      ops.push({ kind: ' ', line: a[--x]! });
      y--;
    }
    if (d === 0) break;
    if (x === prevX) ops.push({ kind: '+', line: b[--y]! });
    else ops.push({ kind: '-', line: a[--x]! });
  }
  return ops.reverse();
}

interface NumberedOp extends Op {
  /** 1-based line of this op on each side (the line before it on the side it is not on). */
  lineA: number;
  lineB: number;
}

interface Hunk {
  header: string;
  ops: NumberedOp[];
}

function hunks(ops: readonly Op[]): Hunk[] {
  const numbered: NumberedOp[] = [];
  let lineA = 0;
  let lineB = 0;
  for (const op of ops) {
    if (op.kind !== '+') lineA++;
    if (op.kind !== '-') lineB++;
    numbered.push({ ...op, lineA, lineB });
  }
  const changed = numbered.flatMap((o, i) => (o.kind === ' ' ? [] : [i]));
  const out: Hunk[] = [];
  let i = 0;
  while (i < changed.length) {
    const from = Math.max(0, changed[i]! - CONTEXT);
    let to = changed[i]!;
    // Changes at most twice the context apart share one hunk, as in diff(1).
    while (i + 1 < changed.length && changed[i + 1]! - to - 1 <= 2 * CONTEXT) to = changed[++i]!;
    i++;
    const slice = numbered.slice(from, Math.min(numbered.length, to + CONTEXT + 1));
    out.push({ header: header(slice), ops: slice });
  }
  return out;
}

function header(slice: readonly NumberedOp[]): string {
  const countA = slice.filter((o) => o.kind !== '+').length;
  const countB = slice.filter((o) => o.kind !== '-').length;
  const first = slice[0]!;
  // Line numbers are 1-based; an empty side names the line before it (diff(1)).
  const startA = first.kind === '+' ? first.lineA + 1 : first.lineA;
  const startB = first.kind === '-' ? first.lineB + 1 : first.lineB;
  return `@@ -${range(startA, countA)} +${range(startB, countB)} @@`;
}

function range(start: number, count: number): string {
  if (count === 1) return `${start}`;
  return `${count === 0 ? start - 1 : start},${count}`;
}

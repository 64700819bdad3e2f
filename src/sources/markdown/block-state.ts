/**
 * markdown-it's block state, with its line tables built from native scans.
 * StateBlock's constructor walks the source one character at a time to find
 * where each line begins and ends and how far it is indented; on a large
 * ledger that loop was a tenth of the block parse. Here the line ends come
 * from indexOf and each line's indentation from one sticky match; the
 * tables are the same (test/sources/markdown-block-state.test.ts).
 */
import type { Env, MarkdownIt, StateBlock, Token } from 'markdown-it';

type StateBlockClass = new (src: string, md: MarkdownIt, env: Env, tokens: Token[]) => StateBlock;

const LEADING_BLANKS = /[ \t]*/y;

export function withLineTables(Base: StateBlockClass): StateBlockClass {
  return class extends Base {
    constructor(src: string, md: MarkdownIt, env: Env, tokens: Token[]) {
      // The base reads no line of an empty source; the tables are built below.
      super('', md, env, tokens);
      this.src = src;
      fillLineTables(this, src);
    }
  };
}

/** bMarks, eMarks, tShift, sCount, bsCount and lineMax, as StateBlock computes them. */
export function fillLineTables(state: StateBlock, src: string): void {
  const bMarks: number[] = [];
  const eMarks: number[] = [];
  const tShift: number[] = [];
  const sCount: number[] = [];
  const bsCount: number[] = [];
  const length = src.length;
  let start = 0;
  while (start < length) {
    LEADING_BLANKS.lastIndex = start;
    LEADING_BLANKS.test(src);
    const text = LEADING_BLANKS.lastIndex;
    let end = src.indexOf('\n', start);
    if (end < 0) {
      // A last line without a line ending counts only if it holds more than blanks.
      if (text >= length) break;
      end = length;
    }
    let offset = 0;
    for (let i = start; i < text; i++) offset += src.charCodeAt(i) === 9 ? 4 - (offset % 4) : 1;
    bMarks.push(start);
    eMarks.push(end);
    tShift.push(text - start);
    sCount.push(offset);
    bsCount.push(0);
    start = end + 1;
  }
  bMarks.push(length);
  eMarks.push(length);
  tShift.push(0);
  sCount.push(0);
  bsCount.push(0);
  state.bMarks = bMarks;
  state.eMarks = eMarks;
  state.tShift = tShift;
  state.sCount = sCount;
  state.bsCount = bsCount;
  state.lineMax = bMarks.length - 1;
}

/** Markdown links in headers: one ref written twice (link text and URL). */
import type { FoundRef } from '../../refs.js';

/**
 * `[#4101](https://github.com/o/r/pull/4101)`: the link text and the URL are
 * the same ref. Keep the URL (it names the repo) and let it end at the
 * link's `)` so a state written after the link is read as its state.
 */
export function collapseLinks(refs: FoundRef[], text: string): FoundRef[] {
  const out: FoundRef[] = [];
  for (let i = 0; i < refs.length; i++) {
    const ref = refs[i]!;
    const next = refs[i + 1];
    let p = ref.end;
    if (text[p] === '`') p++;
    if (next?.form === 'url' && text[p] === ']' && text[p + 1] === '(' && next.start === p + 2)
      continue;
    if (ref.form === 'url' && text[ref.start - 1] === '(' && text[ref.start - 2] === ']') {
      const close = linkClose(text, ref.end);
      out.push(close === -1 ? ref : { ...ref, end: close + 1 });
    } else {
      out.push(ref);
    }
  }
  return out;
}

/** The `)` closing a link whose URL ends at `from` (URLs may carry `/files`, `#…`). */
function linkClose(text: string, from: number): number {
  for (let i = from; i < text.length && i < from + 200; i++) {
    const c = text[i];
    if (c === ')') return i;
    if (c === ' ' || c === '\n' || c === '\t' || c === '(') return -1;
  }
  return -1;
}

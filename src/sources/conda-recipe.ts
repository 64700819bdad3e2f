/**
 * A conda recipe's comments as notes on its patches (session 15).
 *
 * Feedstocks say why they carry a patch in the comment above its line in the
 * recipe's `patches:` list (`# backport https://github.com/o/r/pull/127702`)
 * or after it (`- patches/0003-x.patch  # upstream: o/r#812 (merged)`).
 * `recipeNotes` gives those comments as a markdown document of the same
 * lines, for the notes reader (ledger/index.ts, `entries`): the comments
 * above a patch's line and after it become one bullet that opens with the
 * patch's path, so its refs are that patch's; any other comment is a
 * paragraph of its own; every other line is blank. Line numbers stay the
 * recipe's. A selector alone (`# [win]`) says nothing and is dropped.
 */

/** A whole-line comment: its text. */
const COMMENT = /^\s*#\s?(.*)$/;
/** A list item naming a patch file, and a comment after it. */
const PATCH_ITEM = /^\s*-\s+['"]?([^\s'"#]+\.(?:patch|diff))['"]?\s*(?:#\s?(.*))?$/;
/** A comment after a value on any other line. */
const TRAILING = /\s#\s?(.*)$/;
/** `[win]`, `[py<39]`: a conda-build selector, nothing more. */
const SELECTOR_ONLY = /^\s*\[[^\]]*\]\s*$/;

/** The recipe's comments as markdown notes with the recipe's line numbers. */
export function recipeNotes(recipe: string): string {
  const lines = recipe.split('\n');
  const out = lines.map(() => '');
  let pending: number[] = [];
  const flush = (): void => {
    for (const i of pending) out[i] = prose(COMMENT.exec(lines[i]!)?.[1] ?? '');
    pending = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') {
      flush();
      continue;
    }
    const comment = COMMENT.exec(line);
    if (comment !== null) {
      pending.push(i);
      continue;
    }
    const item = PATCH_ITEM.exec(line);
    if (item !== null) {
      const after = saying(item[2]);
      const [first, ...rest] = pending;
      if (first === undefined) {
        if (after !== '') out[i] = `- \`${item[1]}\`: ${after}`;
      } else {
        out[first] = `- \`${item[1]}\`: ${COMMENT.exec(lines[first]!)?.[1] ?? ''}`;
        for (const k of rest) out[k] = `  ${COMMENT.exec(lines[k]!)?.[1] ?? ''}`;
        if (after !== '') out[i] = `  ${after}`;
      }
      pending = [];
      continue;
    }
    flush();
    // `sha256: …  # fixed upstream in o/r#90`: words after a value are prose too.
    const trailing = TRAILING.exec(line);
    if (trailing !== null && !line.trimStart().startsWith('{') && saying(trailing[1]) !== '')
      out[i] = prose(saying(trailing[1]));
  }
  flush();
  return out.join('\n');
}

/** A comment's words, without a selector that is all it holds. */
function saying(text: string | undefined): string {
  return text === undefined || SELECTOR_ONLY.test(text) ? '' : text.trim();
}

/** A comment as a paragraph line: a leading list or heading mark kept from meaning markdown. */
function prose(text: string): string {
  return /^\s*(?:[-*+>]|#{1,6}\s|\d+[.)]\s)/.test(text) ? `\\${text.trimStart()}` : text;
}

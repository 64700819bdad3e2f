/**
 * A BitBake recipe's comments as notes on its patches (session 16).
 *
 * Layers say why they carry a patch in the recipe that applies it: a comment
 * that opens with the patch's number or name (`# 0002 -> upstream said no
 * (#104 closed)`, `# 0001: backport of https://…/pull/412`), a comment right
 * above the `SRC_URI` line that adds it, or, in a recipe that applies one
 * patch, any comment at all (`# upstream issue #14 is still open`).
 * `bitbakeNotes` gives those comments as a markdown document of the same
 * lines, for the notes reader (ledger/index.ts, `entries`), as
 * conda-recipe.ts does for a conda recipe: a comment about a patch becomes a
 * bullet that opens with the patch's path, its following lines that bullet's
 * continuation; any other comment is a paragraph; every other line is blank.
 */

/** A whole-line comment: its text (not a `#!` line). */
const COMMENT = /^\s*#(?!!)\s?(.*)$/;
/** A patch a recipe applies: `file://0001-x.patch` (with a subfolder, options after `;`). */
const FILE_URI = /file:\/\/([^\s;"'\\]+\.(?:patch|diff))/g;
/** A comment that opens with a patch: its file name, or its number (`0002 ->`, `0001:`). */
const PATCH_LEAD =
  /^`?(?:([\w.+-]+\.(?:patch|diff))`?|(\d{3,4})(?![\w.-]))[ \t]*(?:->|→|:|—|–|-(?=\s))?[ \t]*/;

/**
 * The recipe's comments as markdown notes with the recipe's line numbers.
 * `pathOf` gives the path (relative to the recipe's folder) of a patch the
 * recipe names by its `file://` name, or null when the walk found none.
 */
export function bitbakeNotes(recipe: string, pathOf: (name: string) => string | null): string {
  const lines = recipe.split('\n');
  const out = lines.map(() => '');
  // The patches the recipe applies, by their `file://` names, as found on disk.
  const applied: string[] = [];
  for (const m of recipe.matchAll(FILE_URI)) {
    const found = pathOf(m[1]!);
    if (found !== null && !applied.includes(found)) applied.push(found);
  }
  if (applied.length === 0) return out.join('\n');
  const byLead = (lead: RegExpExecArray): string | null => {
    const named = lead[1];
    const number = lead[2];
    const hits = applied.filter((p) => {
      const name = p.slice(p.lastIndexOf('/') + 1);
      return named !== undefined ? name === named : name.startsWith(`${number}-`);
    });
    return hits.length === 1 ? hits[0]! : null;
  };
  let block: number[] = [];
  const flush = (next: number): void => {
    if (block.length === 0) return;
    // A block about no patch in particular: the patch the line after it adds,
    // or the recipe's one patch.
    const below = patchesOn(lines[next] ?? '', pathOf);
    const fallback = below.length === 1 ? below[0]! : applied.length === 1 ? applied[0]! : null;
    let open = false;
    for (const i of block) {
      const text = COMMENT.exec(lines[i]!)?.[1] ?? '';
      const lead = PATCH_LEAD.exec(text);
      const patch = lead === null ? null : byLead(lead);
      if (patch !== null) {
        out[i] = `- \`${patch}\`: ${text.slice(lead![0].length)}`;
        open = true;
      } else if (open) {
        out[i] = `  ${text.trim()}`;
      } else if (fallback !== null && i === block[0]) {
        out[i] = `- \`${fallback}\`: ${text}`;
        open = true;
      } else {
        out[i] = prose(text);
      }
    }
    block = [];
  };
  for (let i = 0; i < lines.length; i++) {
    if (COMMENT.test(lines[i]!)) block.push(i);
    else flush(i);
  }
  flush(lines.length);
  return out.join('\n');
}

/** The patches a line adds (`SRC_URI += "file://0002-x.patch"`), as found on disk. */
function patchesOn(line: string, pathOf: (name: string) => string | null): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(FILE_URI)) {
    const found = pathOf(m[1]!);
    if (found !== null) out.push(found);
  }
  return out;
}

/** A comment as a paragraph line: a leading list or heading mark kept from meaning markdown. */
function prose(text: string): string {
  return /^\s*(?:[-*+>]|#{1,6}\s|\d+[.)]\s)/.test(text) ? `\\${text.trimStart()}` : text;
}

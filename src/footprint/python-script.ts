/**
 * A Python anchor script, read statically with a real parser (@lezer/python):
 * the files it edits, as repository paths, and the anchors it needs in each.
 */
import { parser } from '@lezer/python';
import { mapInstalledPath, type PackageMap } from './package-paths.js';
import { Evaluator } from './python-eval.js';
import { indexScript } from './python-scope.js';
import { findUses, type RawAnchor } from './python-uses.js';
import { describePath, keyOf, type Value } from './python-values.js';
import type { Anchor, TargetFile, Unreadable } from './types.js';

export interface ScriptReading {
  files: TargetFile[];
  unreadable: Unreadable[];
}

export function readPythonScript(text: string, packages: PackageMap): ScriptReading {
  const tree = parser.parse(text);
  const ix = indexScript(text, tree);
  const unreadable: Unreadable[] = [];
  tree.iterate({
    enter(ref) {
      if (ref.type.isError && unreadable.length < 3)
        unreadable.push({
          line: ix.lineOf(ref.from),
          reason: 'Python syntax error: the script does not parse here',
        });
    },
  });
  const uses = findUses(new Evaluator(ix));
  unreadable.push(...uses.unreadable);
  const known = new Set<string>();
  for (const f of [...uses.files.map((u) => u.path), ...uses.anchors.map((a) => a.file)])
    if (f.k === 'pkgpath') known.add(f.pkg);

  const byFile = new Map<string, TargetFile>();
  const place = (path: Value, line: number): TargetFile | null => {
    const mapped = mapInstalledPath(path, packages, known);
    if (!mapped.ok) {
      unreadable.push({
        line,
        reason: `cannot tell which upstream file it edits: ${mapped.reason}`,
      });
      return null;
    }
    const key = mapped.candidates.join('\0');
    let file = byFile.get(key);
    if (!file) {
      file = {
        candidates: mapped.candidates,
        repo: mapped.repo,
        guessed: mapped.guessed,
        written: describePath(path),
        anchors: [],
      };
      byFile.set(key, file);
    }
    return file;
  };
  const anchorsOf = new Map<TargetFile, RawAnchor[]>();
  const placed = new Map<string, TargetFile | null>();
  const placeOnce = (path: Value, line: number) => {
    const key = keyOf(path);
    if (!placed.has(key)) placed.set(key, place(path, line));
    return placed.get(key) ?? null;
  };
  for (const u of uses.files) placeOnce(u.path, u.line);
  for (const a of uses.anchors) {
    const file = placeOnce(a.file, a.line);
    if (file) anchorsOf.set(file, [...(anchorsOf.get(file) ?? []), a]);
  }
  for (const [file, raw] of anchorsOf) file.anchors = mergeAnchors(raw);
  return { files: [...byFile.values()], unreadable: dedupeUnreadable(unreadable) };
}

/** One anchor per (role, text, replacement); `.count(old)` lends its demanded count to `.replace(old, …)`. */
export function mergeAnchors(raw: readonly RawAnchor[]): Anchor[] {
  const out = new Map<string, Anchor>();
  // The count and the line that demands it (the finding for a wrong count lands there).
  const expectedOf = new Map<string, { n: number; line: number }>();
  for (const a of raw)
    if (a.role === 'edit' && a.expected !== null && !expectedOf.has(a.old))
      expectedOf.set(a.old, { n: a.expected, line: a.line });
  const counted = raw.filter((a) => a.role === 'edit' && a.new === null);
  const optional = new Set(
    counted
      .filter((a) => a.optional)
      .map((a) => a.old)
      .filter((old) => !counted.some((c) => c.old === old && !c.optional)),
  );
  const edited = new Set(raw.filter((a) => a.role === 'edit').map((a) => a.old));
  const replaced = new Set(
    raw.filter((a) => a.role === 'edit' && a.new !== null).map((a) => a.old),
  );
  const writes = (guard: RawAnchor) =>
    raw.some(
      (e) =>
        e.new !== null &&
        e.new.includes(guard.old) &&
        guard.guards != null &&
        e.line >= guard.guards[0] &&
        e.line <= guard.guards[1],
    );
  for (const a of raw) {
    if (a.role === 'guard' && !writes(a)) continue;
    if (a.role === 'required' && a.regexFlags === null && edited.has(a.old)) continue;
    if (a.role === 'edit' && a.new === null && replaced.has(a.old)) continue;
    const key = `${a.role}\0${a.old}\0${a.new ?? ''}\0${a.regexFlags ?? ''}`;
    if (out.has(key)) continue;
    out.set(key, {
      old: a.old,
      new: a.new,
      expected: a.role === 'edit' ? (expectedOf.get(a.old)?.n ?? null) : null,
      replaceCount: a.replaceCount,
      // `.count(x)` with no `.replace(x, …)`: x must be there (so many times), nothing is written.
      role:
        a.role === 'guard' ? 'marker' : a.role === 'edit' && a.new === null ? 'required' : a.role,
      regexFlags: a.regexFlags,
      line: (a.role === 'edit' ? expectedOf.get(a.old)?.line : undefined) ?? a.line,
      ...(optional.has(a.old) && a.role === 'edit' ? { optional: true } : {}),
    });
  }
  return [...out.values()];
}

function dedupeUnreadable(list: Unreadable[]): Unreadable[] {
  const seen = new Set<string>();
  return list
    .filter((u) => {
      const key = `${u.line}\0${u.reason}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.line - b.line);
}

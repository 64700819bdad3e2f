/**
 * Where report paths start. Every path a run reads is relative to its root;
 * every path it reports is relative to the repository top (`shownRoot` is
 * the root as seen from there, `.` when they are the same or there is no
 * repository). GitHub places annotations by repository path, and a person
 * reading `deploy/docker/patches/x.py:12` can open it from the top.
 */
import path from 'node:path';
import type { Finding, PatchEntry, SourceResult } from '../model.js';

/** `rel` (root-relative, `/`) as the report shows it. Empty and absolute paths are left alone. */
export function shownPath(shownRoot: string, rel: string): string {
  if (shownRoot === '.' || shownRoot === '' || rel === '' || path.posix.isAbsolute(rel)) return rel;
  return path.posix.join(shownRoot, rel);
}

/** A path-like word: what sits between spaces, quotes, brackets, commas and `:line`. */
const WORD = /[^\s`"'()[\]<>,;:]+/g;

/**
 * A finding's message with every path it names as the report shows paths.
 * Only words that are paths of the run's own tree (`known`, root-relative:
 * sources, patches, the finding's own file) are rewritten, so an upstream
 * file named in the same message is left as it is; a trailing full stop ends
 * the sentence, not the path.
 */
export function shownPathsIn(
  message: string,
  shownRoot: string,
  known: ReadonlySet<string>,
): string {
  if (shownRoot === '.' || shownRoot === '') return message;
  return message.replace(WORD, (word) => {
    const bare = word.replace(/\.+$/, '');
    return known.has(bare) ? shownPath(shownRoot, bare) + word.slice(bare.length) : word;
  });
}

/** The paths of the run's own tree that a message or note may name (root-relative). */
export function treePaths(
  tree: {
    sources: readonly SourceResult[];
    indexed: ReadonlyMap<string, readonly PatchEntry[]>;
    patchFiles: readonly string[];
  },
  findings: readonly Pick<Finding, 'file' | 'patch'>[] = [],
): Set<string> {
  const paths = new Set([
    ...tree.sources.map((s) => s.source.path),
    ...tree.indexed.keys(),
    ...tree.patchFiles,
  ]);
  for (const f of findings) {
    if (f.file !== '') paths.add(f.file);
    if (f.patch !== null) paths.add(f.patch);
  }
  return paths;
}

/**
 * What an index tells the records of its patches (SPEC §2.4): the library's
 * repo (`libraries.<name>.repo`, or `internal`) and the library's pinned
 * bases (`pinned_bases[]` with a commit), by patch path; and, for the
 * archived record, each library's repo by name.
 */
import type { IndexFacts, PinnedCommit } from './types.js';

export interface PatchDefaults {
  repo: string | null;
  internal: boolean;
  pins: PinnedCommit[];
}

export function indexDefaults(indexes: readonly IndexFacts[]): {
  byPatch: Map<string, PatchDefaults>;
  libraryRepos: Map<string, string>;
} {
  const byPatch = new Map<string, PatchDefaults>();
  const libraryRepos = new Map<string, string>();
  for (const index of indexes) {
    for (const lib of index.libraries) {
      if (lib.repo !== null && !libraryRepos.has(lib.name.toLowerCase()))
        libraryRepos.set(lib.name.toLowerCase(), lib.repo);
      const pins = index.pinnedBases
        .filter((b) => b.library?.toLowerCase() === lib.name.toLowerCase() && b.commit !== null)
        .map((b) => ({ ref: b.ref, commit: b.commit ?? '' }));
      for (const patch of lib.patches) {
        if (!byPatch.has(patch))
          byPatch.set(patch, { repo: lib.repo, internal: lib.internal, pins });
      }
    }
  }
  return { byPatch, libraryRepos };
}

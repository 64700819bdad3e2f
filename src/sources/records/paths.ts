/** Paths as records write them → the root-relative, `/`-separated form the model uses. */
import { posix } from 'node:path';

/**
 * `./a\\b/../c.py` → `a/c.py`. Null for a path that leaves the root (absolute
 * or `..`): a record cannot name a patch outside the tree it is checked in.
 */
export function normaliseRelPath(written: string): string | null {
  const slashed = written.trim().replace(/\\/g, '/');
  if (slashed === '' || isAbsolute(slashed)) return null;
  const normal = posix.normalize(slashed).replace(/\/+$/, '');
  if (normal === '..' || normal.startsWith('../') || normal === '.') return null;
  return normal;
}

/**
 * A path in an index: relative to `patchesDir` (so `../x.py` is beside the
 * folder), unless it already starts with that folder.
 */
export function joinPatchesDir(patchesDir: string, written: string): string | null {
  const dir = normaliseRelPath(patchesDir) ?? '';
  const asWritten = normaliseRelPath(written);
  if (asWritten !== null && (dir === '' || asWritten === dir || asWritten.startsWith(`${dir}/`))) {
    return asWritten;
  }
  if (isAbsolute(written.trim().replace(/\\/g, '/'))) return null;
  // `patches/quill/x.py` in `deploy/docker/patch.upstream.status.yaml`: relative
  // to the folder that holds the patches folder (session 13, q26).
  const name = dir.slice(dir.lastIndexOf('/') + 1);
  if (asWritten !== null && name !== '' && asWritten.startsWith(`${name}/`)) {
    const parent = dir.slice(0, Math.max(0, dir.lastIndexOf('/')));
    return parent === '' ? asWritten : `${parent}/${asWritten}`;
  }
  return normaliseRelPath(`${dir}/${written.trim()}`);
}

/** `/x` or `C:/x` (after `\\` → `/`). */
export function isAbsolute(slashed: string): boolean {
  return slashed.startsWith('/') || /^[A-Za-z]:\//.test(slashed);
}

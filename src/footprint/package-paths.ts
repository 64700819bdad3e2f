/**
 * Installed-package paths → repository paths. `packages` in the config says
 * where a package lives (`sglang: {repo: sgl-project/sglang, path:
 * python/sglang}`); otherwise the folder is guessed as `pkg/` or
 * `python/pkg/` at the repository root, and the footprint says it guessed.
 */
import type { Value } from './python-values.js';

export interface PackageSetting {
  repo: string | null;
  path: string | null;
}

export type PackageMap = Readonly<Record<string, PackageSetting>>;

export type Mapped =
  | { ok: true; candidates: string[]; repo: string | null; guessed: boolean; pkg: string }
  | { ok: false; reason: string };

const INSTALL_DIRS = new Set(['site-packages', 'dist-packages']);

export function mapInstalledPath(
  v: Value,
  packages: PackageMap,
  knownPackages: ReadonlySet<string>,
): Mapped {
  if (v.k === 'pkgpath') return inPackage(v.pkg, v.parts, packages);
  if (v.k === 'str') {
    const parts = v.v.split('/').filter((p) => p !== '' && p !== '.');
    if (!v.v.startsWith('/'))
      return {
        ok: false,
        reason: `"${v.v}" is relative to the working directory the script runs in`,
      };
    const site = parts.findIndex((p) => INSTALL_DIRS.has(p));
    if (site >= 0 && parts[site + 1])
      return inPackage(parts[site + 1] as string, parts.slice(site + 2), packages);
    for (let i = parts.length - 2; i >= 0; i--) {
      const name = parts[i] as string;
      if (packages[name] !== undefined || knownPackages.has(name))
        return inPackage(name, parts.slice(i + 1), packages);
    }
    return { ok: false, reason: `${v.v} is not inside an installed package this reader knows` };
  }
  if (v.k === 'unknown') return { ok: false, reason: v.reason };
  return { ok: false, reason: `the file is a ${v.k}, not a path` };
}

function inPackage(pkg: string, parts: string[], packages: PackageMap): Mapped {
  const rel = parts.join('/');
  const setting = packages[pkg];
  if (setting?.path)
    return {
      ok: true,
      candidates: [join(setting.path, rel)],
      repo: setting.repo,
      guessed: false,
      pkg,
    };
  return {
    ok: true,
    candidates: [join(pkg, rel), join(`python/${pkg}`, rel)],
    repo: setting?.repo ?? null,
    guessed: true,
    pkg,
  };
}

function join(dir: string, rel: string): string {
  const d = dir.replace(/^\/+|\/+$/g, '');
  return d === '' || d === '.' ? rel : rel === '' ? d : `${d}/${rel}`;
}

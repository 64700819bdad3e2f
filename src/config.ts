/**
 * `.upstream-status.yml` (SPEC §7): find it, parse it, validate it against the
 * Config contract, and answer the questions other modules ask of a config.
 *
 * Validation collects every mistake (each with its key path and line) rather
 * than stopping at the first, so one edit round fixes a config. Values are
 * merged over DEFAULT_CONFIG section by section: a valid key takes effect even
 * when a sibling is wrong, so the config returned beside errors is the best
 * reading of what was meant (callers still stop on errors: exit 2).
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_CONFIG, type Config } from './config-types.js';
import { splitRefKey, type RuleId, type Severity } from './model.js';

export interface ConfigError {
  file: string;
  /** 1-based; 0 when the error concerns the file as a whole (e.g. it does not exist). */
  line: number;
  /** Dotted key path (`rules.stale-check.maxAgeDays`, `ignore[2]`); '' for YAML syntax errors. */
  key: string;
  message: string;
}

export const CONFIG_FILES = ['.upstream-status.yml', '.upstream-status.yaml'] as const;

// `satisfies` makes the compiler fail here when a RuleId is added to model.ts.
export async function loadConfig(
  root: string,
  explicit: string | null,
): Promise<{ config: Config; file: string | null; errors: ConfigError[] }> {
  if (explicit !== null) return loadFile(path.resolve(explicit), explicit);
  const present: string[] = [];
  for (const name of CONFIG_FILES) {
    const text = await readText(path.join(root, name));
    if (text.ok || text.code.startsWith(TOO_LARGE)) present.push(name);
  }
  const [first, second] = present;
  if (first === undefined) return { config: cloneDefaults(), file: null, errors: [] };
  const loaded = await loadFile(path.join(root, first), first);
  if (second !== undefined) {
    // Silently reading one of two configs would leave the other's edits without effect.
    loaded.errors.unshift({
      file: second,
      line: 0,
      key: '',
      message: `both ${first} and ${second} exist; keep one`,
    });
  }
  return loaded;
}

async function loadFile(abs: string, shown: string) {
  const text = await readText(abs);
  if (!text.ok) {
    const message =
      text.code === 'ENOENT' ? 'configuration file not found' : `cannot read: ${text.code}`;
    return {
      config: cloneDefaults(),
      file: shown,
      errors: [{ file: shown, line: 0, key: '', message }],
    };
  }
  // Loaded only when there is a file to parse: the YAML library is not free to load.
  const { parseConfig } = await import('./config-parse.js');
  return { ...parseConfig(text.text, shown), file: shown };
}

const MAX_CONFIG_BYTES = 1024 * 1024;
const TOO_LARGE = 'it is';

async function readText(
  abs: string,
): Promise<{ ok: true; text: string } | { ok: false; code: string }> {
  try {
    // A configuration is a few lines: one past 1 MiB is refused before it is read.
    // Synchronous, as the rest of the reading: node:fs/promises costs ~1 ms to load.
    const stats = statSync(abs, { throwIfNoEntry: false });
    if (stats === undefined) return { ok: false, code: 'ENOENT' };
    const size = stats.size;
    if (size > MAX_CONFIG_BYTES)
      return { ok: false, code: `${TOO_LARGE} ${size} bytes, over 1 MiB` };
    return { ok: true, text: readFileSync(abs, 'utf8') };
  } catch (e) {
    return { ok: false, code: (e as NodeJS.ErrnoException).code ?? String(e) };
  }
}

/**
 * The repo for bare refs in a patch, from `repos.defaults`. Keys are folder
 * prefixes relative to the patches folder or to the root; the longest key
 * that covers the patch wins (ties: the patches-folder reading).
 */
export function repoForPatch(
  config: Config,
  patchPath: string,
  patchesDir: string | null,
): string | null {
  const inDir = patchesDir === null ? null : relativeTo(patchesDir, patchPath);
  let best: { len: number; repo: string } | null = null;
  for (const [prefix, repo] of Object.entries(config.repos.defaults)) {
    const covers = (p: string | null) =>
      p !== null && (prefix === '' || p === prefix || p.startsWith(`${prefix}/`));
    if ((covers(inDir) || covers(patchPath)) && (best === null || prefix.length > best.len)) {
      best = { len: prefix.length, repo };
    }
  }
  return best?.repo ?? null;
}

/** `owner/repo#*`, `owner/repo#123` and `internal#*` patterns; owner/repo case-insensitive. */
export function isIgnored(config: Config, refKey: string): boolean {
  if (config.ignore.length === 0) return false;
  const { number } = splitRefKey(refKey);
  const repo = refKey.slice(0, refKey.lastIndexOf('#')).toLowerCase();
  return config.ignore.some((pattern) => {
    const hash = pattern.lastIndexOf('#');
    const which = pattern.slice(hash + 1);
    return (
      pattern.slice(0, hash).toLowerCase() === repo && (which === '*' || Number(which) === number)
    );
  });
}

export function ruleSeverity(
  config: Config,
  rule: RuleId,
  defaultSeverity: Severity,
): Severity | 'off' {
  return config.rules[rule]?.severity ?? defaultSeverity;
}

// ——— validation ———

export function cloneDefaults(): Config {
  return structuredClone(DEFAULT_CONFIG);
}

/** `patch` relative to `dir` ('' or '.' is the root), or null when it lies outside. */
function relativeTo(dir: string, patch: string): string | null {
  if (dir === '' || dir === '.') return patch;
  return patch.startsWith(`${dir}/`) ? patch.slice(dir.length + 1) : null;
}

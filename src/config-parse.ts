/**
 * Parsing and validating `.upstream-status.yml` text (SPEC §7). Kept apart
 * from config.ts so that a run without a configuration file never loads the
 * YAML library for it.
 *
 * Validation collects every mistake (each with its key path and line) rather
 * than stopping at the first, so one edit round fixes a config. Values are
 * merged over DEFAULT_CONFIG section by section: a valid key takes effect even
 * when a sibling is wrong, so the config returned beside errors is the best
 * reading of what was meant (callers still stop on errors: exit 2).
 */
import path from 'node:path';
import { isAlias, isMap, isScalar, isSeq, LineCounter, type Document, type Node } from 'yaml';
import { DEFAULT_CONFIG, type Config, type RuleSettings } from './config-types.js';
import { compileGlob } from './glob.js';
import type { RuleId, Severity } from './model.js';
import { normaliseRepo } from './refs.js';
import { parseYaml } from './yaml-parse.js';

import { cloneDefaults, type ConfigError } from './config.js';

const RULE_IDS = Object.keys({
  'state-drift': 1,
  'anchor-collision-merged': 1,
  'unresolved-ref': 1,
  'source-disagreement': 1,
  'unindexed-patch': 1,
  'missing-patch': 1,
  'in-pinned-base-drift': 1,
  'drop-candidate': 1,
  'stale-check': 1,
  'merged-at-drift': 1,
  'review-decision-drift': 1,
  'ambiguous-ref': 1,
  'parse-error': 1,
  'alive-because-drift': 1,
  'budget-exceeded': 1,
  'hunk-does-not-apply': 1,
  'already-applied': 1,
  'fixed-in-target': 1,
  'collision-in-target': 1,
  'anchor-not-checkable': 1,
  'anchor-missing': 1,
  'anchor-ambiguous': 1,
  'unrecorded-collision': 1,
} satisfies Record<RuleId, 1>) as RuleId[];

const SEVERITIES = ['error', 'warning', 'notice', 'off'] as const;
const ALIAS = /^[A-Za-z][A-Za-z0-9_.-]*$/;
const HOST =
  /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*(?::\d{1,5})?$/;
const IGNORE = /^(?:internal|[^#\s]+\/[^#\s]+)#(?:\*|[1-9]\d*)$/i;

/** Parse and validate config text. Pure. Returns the best config it could build even when there are errors. */
export function parseConfig(text: string, file: string): { config: Config; errors: ConfigError[] } {
  const lineCounter = new LineCounter();
  const doc = parseYaml(text, { lineCounter, prettyErrors: false });
  const r: Reader = { file, doc, lineCounter, errors: [] };
  const config = cloneDefaults();
  if (doc.errors.length > 0) {
    for (const e of doc.errors) {
      r.errors.push({
        file,
        line: lineCounter.linePos(e.pos[0]).line,
        key: '',
        message: e.message,
      });
    }
    return { config, errors: r.errors };
  }
  const top = resolve(r, doc.contents);
  if (top === null || isNull(top)) return { config, errors: [] };
  for (const [key, keyNode, value] of entries(r, top, '') ?? []) {
    const section = own(SECTIONS, key);
    if (section) section(r, value, config);
    else unknownKey(r, keyNode, key, Object.keys(SECTIONS));
  }
  return { config, errors: r.errors };
}

/**
 * `explicit` (from `--config`, resolved against the working directory) must
 * exist; otherwise the first of CONFIG_FILES in `root`, else the defaults.
 */
interface Reader {
  file: string;
  doc: Document;
  lineCounter: LineCounter;
  errors: ConfigError[];
}

type Section = (r: Reader, node: Node | null, config: Config) => void;

const SECTIONS: Record<string, Section> = {
  ledgers(r, node, config) {
    const list = stringList(r, node, 'ledgers', (s, n, key) => relPath(r, s, n, key));
    if (list) config.ledgers = list;
  },
  records(r, node, config) {
    const list = stringList(r, node, 'records', (s, n, key) => glob(r, s, n, key));
    if (list) config.records = list;
  },
  exclude(r, node, config) {
    const list = stringList(r, node, 'exclude', (s, n, key) => glob(r, s, n, key));
    if (list) config.exclude = list;
  },
  patches(r, node, config) {
    const fields: Record<string, Section> = {
      dir(r, n, c) {
        const s = n === null || isNull(n) ? null : scalarString(r, n, 'patches.dir');
        if (s !== null && s !== undefined) c.patches.dir = relPath(r, s, n, 'patches.dir') ?? null;
      },
      exclude(r, n, c) {
        const list = stringList(r, n, 'patches.exclude', (s, n2, key) => glob(r, s, n2, key));
        // Added to the defaults, never replacing them: READMEs, records, `_schema/` and `archived/` are never patches.
        if (list) c.patches.exclude = [...new Set([...DEFAULT_CONFIG.patches.exclude, ...list])];
      },
      extensions(r, n, c) {
        const list = stringList(r, n, 'patches.extensions', (s, n2, key) =>
          /^\.[^/\s]+$/.test(s)
            ? s.toLowerCase()
            : fail(r, n2, key, `expected an extension like ".patch", got "${s}"`),
        );
        if (list) c.patches.extensions = list;
      },
    };
    subsections(r, node, 'patches', fields, config);
  },
  repos(r, node, config) {
    const fields: Record<string, Section> = {
      aliases(r, n, c) {
        for (const [alias, keyNode, value] of entries(r, n, 'repos.aliases') ?? []) {
          const key = `repos.aliases.${alias}`;
          const repo = repoValue(r, value, key);
          if (!ALIAS.test(alias) || alias.toLowerCase() === 'internal') {
            fail(
              r,
              keyNode,
              key,
              `"${alias}" cannot be an alias: use a word like "engine" (not "internal")`,
            );
          } else if (repo) setOwn(c.repos.aliases, alias.toLowerCase(), repo);
        }
      },
      defaults(r, n, c) {
        for (const [prefix, keyNode, value] of entries(r, n, 'repos.defaults') ?? []) {
          const key = `repos.defaults.${prefix}`;
          const repo = repoValue(r, value, key);
          const folder = relPath(r, prefix, keyNode, key);
          if (repo && folder !== undefined)
            setOwn(c.repos.defaults, folder === '.' ? '' : folder, repo);
        }
      },
    };
    subsections(r, node, 'repos', fields, config);
  },
  bases(r, node, config) {
    for (const [repoText, keyNode, value] of entries(r, node, 'bases') ?? []) {
      const key = `bases.${repoText}`;
      const repo = normaliseRepo(repoText);
      if (repo === null) fail(r, keyNode, key, `expected owner/repo, got "${repoText}"`);
      const ref = scalarString(r, value, key, ' (quote version numbers: "0.5")');
      if (repo !== null && ref) setOwn(config.bases, repo, ref);
    }
  },
  ignore(r, node, config) {
    const list = stringList(r, node, 'ignore', (s, n, key) =>
      IGNORE.test(s) &&
      (s.toLowerCase().startsWith('internal#') || normaliseRepo(s.slice(0, s.lastIndexOf('#'))))
        ? s.toLowerCase()
        : fail(r, n, key, `expected owner/repo#*, owner/repo#123 or internal#*, got "${s}"`),
    );
    if (list) config.ignore = list;
  },
  rules(r, node, config) {
    for (const [id, keyNode, value] of entries(r, node, 'rules') ?? []) {
      if (!(RULE_IDS as string[]).includes(id))
        unknownKey(r, keyNode, `rules.${id}`, RULE_IDS, 'rule');
      else {
        const settings = ruleSettings(r, value, id as RuleId);
        if (settings) config.rules[id as RuleId] = settings;
      }
    }
  },
  limits(r, node, config) {
    const limits = {
      maxFiles: [1, 10_000_000],
      maxFileMB: [1, 1024],
      maxPatchMB: [1, 4096],
    } as const;
    const fields: Record<string, Section> = {};
    for (const [name, [min, max]] of Object.entries(limits)) {
      fields[name] = (r, n, c) => {
        const v = integer(r, n, `limits.${name}`, min, max);
        if (v !== undefined) c.limits[name as keyof typeof limits] = v;
      };
    }
    subsections(r, node, 'limits', fields, config);
  },
  packages(r, node, config) {
    for (const [name, keyNode, value] of entries(r, node, 'packages') ?? []) {
      const key = `packages.${name}`;
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
        fail(r, keyNode, key, `"${name}" is not an importable package name`);
        continue;
      }
      const setting: { repo: string | null; path: string | null } = { repo: null, path: null };
      for (const [field, fieldKey, fieldValue] of entries(r, value, key) ?? []) {
        if (field === 'repo') setting.repo = repoValue(r, fieldValue, `${key}.repo`) ?? null;
        else if (field === 'path') {
          const s = scalarString(r, fieldValue, `${key}.path`);
          setting.path =
            s === undefined ? null : (relPath(r, s, fieldValue, `${key}.path`) ?? null);
        } else unknownKey(r, fieldKey, `${key}.${field}`, ['repo', 'path']);
      }
      Object.defineProperty(config.packages, name, {
        value: setting,
        enumerable: true,
        configurable: true,
        writable: true,
      });
    }
  },
  github(r, node, config) {
    const limits = {
      chunkSize: [1, 100],
      concurrency: [1, 16],
      timeoutSeconds: [1, 600],
      budget: [1, 1_000_000],
      maxResponseMB: [1, 1024],
    } as const;
    const fields: Record<string, Section> = {};
    for (const [name, [min, max]] of Object.entries(limits)) {
      fields[name] = (r, n, c) => {
        const v = integer(r, n, `github.${name}`, min, max);
        if (v !== undefined) c.github[name as keyof typeof limits] = v;
      };
    }
    fields['webHost'] = (r, n, c) => {
      const s = scalarString(r, n, 'github.webHost');
      if (s === undefined) return;
      if (HOST.test(s)) c.github.webHost = s.toLowerCase();
      else
        fail(r, n, 'github.webHost', `expected a host name like "github.example.com", got "${s}"`);
    };
    fields['allowInsecureHttp'] = (r, n, c) => {
      const v = n !== null && isScalar(n) ? n.value : undefined;
      if (typeof v === 'boolean') c.github.allowInsecureHttp = v;
      else fail(r, n, 'github.allowInsecureHttp', `expected true or false, got ${describe(n)}`);
    };
    subsections(r, node, 'github', fields, config);
  },
};

/** A rule's settings: `{ severity, maxAgeDays, exclude }`, or just the severity (`unindexed-patch: off`). */
function ruleSettings(r: Reader, node: Node | null, id: RuleId): RuleSettings | undefined {
  const base = `rules.${id}`;
  if (node !== null && isScalar(node) && typeof node.value === 'string') {
    const severity = severityValue(r, node, base);
    return severity ? { severity } : undefined;
  }
  const out: RuleSettings = {};
  for (const [name, keyNode, value] of entries(r, node, base) ?? []) {
    const key = `${base}.${name}`;
    if (name === 'severity') {
      const severity = severityValue(r, value, key);
      if (severity) out.severity = severity;
    } else if (name === 'maxAgeDays' && id === 'stale-check') {
      const days = integer(r, value, key, 1, Number.MAX_SAFE_INTEGER);
      if (days !== undefined) out.maxAgeDays = days;
    } else if (name === 'exclude') {
      const list = stringList(r, value, key, (s, n, k) => glob(r, s, n, k));
      if (list) out.exclude = list;
    } else {
      const known = id === 'stale-check' ? ['severity', 'maxAgeDays'] : ['severity'];
      unknownKey(r, keyNode, key, [...known, 'exclude']);
    }
  }
  return out;
}

function severityValue(r: Reader, node: Node | null, key: string): Severity | 'off' | undefined {
  const s = scalarString(r, node, key);
  if (s === undefined) return undefined;
  if ((SEVERITIES as readonly string[]).includes(s)) return s as Severity | 'off';
  return fail(r, node, key, `expected one of ${SEVERITIES.join(', ')}, got "${s}"`);
}

function subsections(
  r: Reader,
  node: Node | null,
  base: string,
  fields: Record<string, Section>,
  config: Config,
): void {
  for (const [name, keyNode, value] of entries(r, node, base) ?? []) {
    const field = own(fields, name);
    if (field) field(r, value, config);
    else unknownKey(r, keyNode, `${base}.${name}`, Object.keys(fields));
  }
}

/**
 * A table's own entry: a key a user wrote (`constructor`, `__proto__`,
 * `hasOwnProperty`) must never find an Object.prototype member.
 */
function own<T>(table: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Store under any name, `__proto__` included (plain assignment would set the prototype). */
function setOwn(dict: Record<string, string>, key: string, value: string): void {
  Object.defineProperty(dict, key, { value, enumerable: true, writable: true, configurable: true });
}

// ——— node readers: each returns undefined (after recording an error) when the value is unusable ———

/** A mapping's entries; null (`key:` with no value) reads as absent. */
function entries(
  r: Reader,
  node: Node | null,
  key: string,
): [string, Node | null, Node | null][] | undefined {
  node = resolve(r, node);
  if (node === null || isNull(node)) return undefined;
  if (!isMap(node)) return fail(r, node, key, `expected a mapping, got ${describe(node)}`);
  const out: [string, Node | null, Node | null][] = [];
  for (const pair of node.items) {
    const k = resolve(r, pair.key as Node | null);
    if (k === null || !isScalar(k) || k.value === null || typeof k.value === 'object') {
      fail(r, k ?? node, key, 'keys must be plain strings');
      continue;
    }
    out.push([String(k.value), k, resolve(r, pair.value as Node | null)]);
  }
  return out;
}

function stringList<T>(
  r: Reader,
  node: Node | null,
  key: string,
  check: (s: string, node: Node, key: string) => T | undefined,
): T[] | undefined {
  node = resolve(r, node);
  if (node === null || isNull(node)) return undefined;
  if (!isSeq(node)) return fail(r, node, key, `expected a list of strings, got ${describe(node)}`);
  const out: T[] = [];
  let ok = true;
  node.items.forEach((item, i) => {
    const itemNode = resolve(r, item as Node | null) ?? node;
    const s = scalarString(r, itemNode, `${key}[${i}]`);
    const v = s === undefined ? undefined : check(s, itemNode, `${key}[${i}]`);
    if (v === undefined) ok = false;
    else out.push(v);
  });
  return ok ? out : undefined;
}

function scalarString(r: Reader, node: Node | null, key: string, hint = ''): string | undefined {
  if (node !== null && isScalar(node) && typeof node.value === 'string' && node.value !== '')
    return node.value;
  return fail(r, node, key, `expected a non-empty string, got ${describe(node)}${hint}`);
}

function integer(
  r: Reader,
  node: Node | null,
  key: string,
  min: number,
  max: number,
): number | undefined {
  const v = node !== null && isScalar(node) ? node.value : undefined;
  if (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max) return v;
  const range =
    max === Number.MAX_SAFE_INTEGER ? `a positive integer` : `an integer from ${min} to ${max}`;
  return fail(r, node, key, `expected ${range}, got ${describe(node)}`);
}

function repoValue(r: Reader, node: Node | null, key: string): string | undefined {
  const s = scalarString(r, node, key);
  if (s === undefined) return undefined;
  return normaliseRepo(s) ?? fail(r, node, key, `expected owner/repo, got "${s}"`);
}

/** Root-relative (or patches-relative) path, normalised; it may not leave the root. */
function relPath(r: Reader, s: string, node: Node | null, key: string): string | undefined {
  const p = path.posix.normalize(s).replace(/(.)\/+$/, '$1');
  if (p.startsWith('/')) return fail(r, node, key, `must be relative to the root, got "${s}"`);
  if (p === '..' || p.startsWith('../'))
    return fail(r, node, key, `must stay inside the root, got "${s}"`);
  return p;
}

function glob(r: Reader, s: string, node: Node, key: string): string | undefined {
  try {
    compileGlob(s);
    return s;
  } catch (e) {
    return fail(r, node, key, (e as Error).message);
  }
}

function unknownKey(
  r: Reader,
  node: Node | null,
  key: string,
  known: readonly string[],
  what = 'key',
): void {
  const name = key.slice(key.lastIndexOf('.') + 1);
  fail(r, node, key, `unknown ${what} "${name}"; expected one of: ${known.join(', ')}`);
}

function fail(r: Reader, node: Node | null, key: string, message: string): undefined {
  const offset = node?.range?.[0];
  const line = offset === undefined ? 0 : r.lineCounter.linePos(offset).line;
  r.errors.push({ file: r.file, line, key, message });
  return undefined;
}

function resolve(r: Reader, node: Node | null | undefined): Node | null {
  if (node === null || node === undefined) return null;
  return isAlias(node) ? ((node.resolve(r.doc) as Node | undefined) ?? null) : node;
}

function isNull(node: Node): boolean {
  return isScalar(node) && node.value === null;
}

function describe(node: Node | null): string {
  if (node === null || isNull(node)) return 'nothing';
  if (isMap(node)) return 'a mapping';
  if (isSeq(node)) return 'a list';
  if (isScalar(node))
    return typeof node.value === 'string' ? `"${node.value}"` : String(node.value);
  return 'an unsupported value';
}

/**
 * A shell patch script, read line by line (no shell is run): the diffs it
 * applies (`patch -p1 < x.diff`, `patch -i x.diff`, `git apply x.diff`),
 * followed to the companion files beside it, and `sed -i 's/old/new/' file`
 * edits as anchors.
 */
import path from 'node:path';
import { mapInstalledPath, type PackageMap } from './package-paths.js';
import type { Anchor, TargetFile, Unreadable } from './types.js';

export interface ShellReading {
  companions: string[];
  files: TargetFile[];
  unreadable: Unreadable[];
}

const ASSIGN = /^\s*(?:export\s+|local\s+|readonly\s+)?([A-Za-z_]\w*)=(.*)$/;
const APPLY = /\b(?:patch\b[^|;&]*|git\b[^|;&]*\bapply\b[^|;&]*)/;
const DIFF_NAME = /[\w.@+-]+\.(?:diff|patch)\b/g;

/** `patch` is the script's root-relative path; `patchFiles` every patch file known. */
export function readShellScript(
  text: string,
  patch: string,
  patchFiles: readonly string[],
  packages: PackageMap,
): ShellReading {
  const vars = new Map<string, string>();
  const out: ShellReading = { companions: [], files: [], unreadable: [] };
  const dir = path.posix.dirname(patch);
  const beside = (name: string) =>
    patchFiles.find((p) => p === path.posix.join(dir, name)) ??
    patchFiles.find((p) => p.endsWith(`/${name}`));
  let applies = false;
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(/(^|\s)#.*$/, '');
    const assign = ASSIGN.exec(line);
    if (assign) vars.set(assign[1] as string, expand(unquote(assign[2] ?? ''), vars));
    if (APPLY.test(line) && /(^|[\s;&|(])(patch|git)\s/.test(` ${line}`)) {
      applies = true;
      for (const name of expand(line, vars).match(DIFF_NAME) ?? []) {
        const found = beside(path.posix.basename(name));
        if (found && !out.companions.includes(found)) out.companions.push(found);
      }
    }
    const sed = readSed(line, vars);
    if (sed) {
      const mapped = mapInstalledPath({ k: 'str', v: sed.file }, packages, new Set());
      if (!mapped.ok)
        out.unreadable.push({
          line: i + 1,
          reason: `sed edits a file outside any known package: ${mapped.reason}`,
        });
      else
        out.files.push({
          candidates: mapped.candidates,
          repo: mapped.repo,
          guessed: mapped.guessed,
          written: sed.file,
          anchors: [{ ...sed.anchor, line: i + 1 }],
        });
    }
  });
  if (applies && out.companions.length === 0) {
    // The diff is named through a variable or a function argument: take the diff files the script names.
    for (const name of text.match(DIFF_NAME) ?? []) {
      const found = beside(name);
      if (found && !out.companions.includes(found)) out.companions.push(found);
    }
    if (out.companions.length === 0)
      out.unreadable.push({
        line: 1,
        reason: 'it applies a diff, but no diff file it names exists beside it',
      });
  }
  return out;
}

function unquote(s: string): string {
  const t = s.trim();
  return /^(["']).*\1$/s.test(t) ? t.slice(1, -1) : t;
}

/** `$X`, `${X}`, `${X:-default}`; `$(dirname …)`-style values stay as written. */
function expand(s: string, vars: ReadonlyMap<string, string>): string {
  return s.replace(/\$\{([A-Za-z_]\w*)(?::?-([^}]*))?\}|\$([A-Za-z_]\w*)/g, (all, a, dflt, b) => {
    const name = (a ?? b) as string;
    return vars.get(name) ?? (dflt as string | undefined) ?? all;
  });
}

function words(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g)].map(
    (m) => m[1] ?? m[2] ?? m[3] ?? '',
  );
}

function readSed(
  line: string,
  vars: ReadonlyMap<string, string>,
): { file: string; anchor: Omit<Anchor, 'line'> } | null {
  const w = words(expand(line, vars));
  const at = w.indexOf('sed');
  if (at < 0 || !w.slice(at + 1).some((x) => /^-[a-zA-Z]*i/.test(x) || x === '--in-place'))
    return null;
  const rest = w.slice(at + 1).filter((x) => !x.startsWith('-'));
  const [script, file] = rest;
  const m = script ? /^s(.)(.*)$/.exec(script) : null;
  if (!m || !file) return null;
  const d = m[1] as string;
  const [old, repl] = (m[2] ?? '').split(
    new RegExp(`(?<!\\\\)${d.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`),
  );
  if (old === undefined) return null;
  const literal = !/[.[\]*^$\\]/.test(old);
  return {
    file,
    anchor: {
      old: literal ? old : breToPython(old),
      new: literal && repl !== undefined && !/[&\\]/.test(repl) ? repl : null,
      expected: null,
      replaceCount: null,
      role: 'edit',
      regexFlags: literal ? null : 8,
    },
  };
}

/** A POSIX basic regular expression in the syntax `re` (and JS) reads. */
function breToPython(bre: string): string {
  let out = '';
  for (let i = 0; i < bre.length; i++) {
    const c = bre[i] as string;
    const n = bre[i + 1];
    if (c === '\\' && n !== undefined && '(){}+?|'.includes(n)) {
      out += n;
      i++;
    } else if ('(){}+?|'.includes(c)) out += `\\${c}`;
    else if (c === '\\' && n !== undefined) {
      out += c + n;
      i++;
    } else out += c;
  }
  return out;
}

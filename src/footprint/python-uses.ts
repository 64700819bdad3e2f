/**
 * Where an anchor script uses the text of its target file: `.replace(old,
 * new)`, `.count(old)`, `.find(old)`, `old in src`, `re.sub`/`re.search`.
 * Each use, in every iteration of its loops, becomes a raw anchor on the
 * file value the text was read from. What cannot be read says why.
 */
import type { SyntaxNode } from '@lezer/common';
import { dottedName } from './python-calls.js';
import type { Evaluator } from './python-eval.js';
import { guardedLines, probeRole, type ProbeRole } from './python-probes.js';
import { countExpectation, isOptionalCount } from './python-counts.js';
import { children } from './python-scope.js';
import type { Value } from './python-values.js';

export interface RawAnchor {
  file: Value;
  old: string;
  new: string | null;
  expected: number | null;
  replaceCount: number | null;
  /** `guard`: `if x not in src: <edits>` — a marker when the edits write x, else a mere condition. */
  role: 'edit' | 'required' | 'marker' | 'guard';
  /** Python `re` flags when `old` is a regular expression. */
  regexFlags: number | null;
  line: number;
  /** `if src.count(x) == 1: <edit>`: the edit is made only when x is there; its absence is no failure. */
  optional?: boolean;
  /** For a guard: the lines of the body it guards. */
  guards?: [number, number] | null;
}

export interface ScriptUses {
  anchors: RawAnchor[];
  /** Files the script reads or writes (path values), with the line. */
  files: { path: Value; line: number }[];
  unreadable: { line: number; reason: string }[];
}

const TEXT_METHODS = new Set(['replace', 'count', 'find', 'index', 'rfind', 'rindex']);
const RE_WITH_REPL = new Set(['sub', 'subn']);
const RE_SEARCH = new Set(['search', 'match', 'fullmatch']);

export function findUses(ev: Evaluator): ScriptUses {
  const out: ScriptUses = { anchors: [], files: [], unreadable: [] };
  ev.ix.tree.iterate({
    enter(ref) {
      if (ref.name === 'CallExpression') readCall(ev, ref.node, out);
      else if (ref.name === 'BinaryExpression' && ref.node.getChild('in'))
        readProbe(ev, ref.node, out);
    },
  });
  return out;
}

function args(node: SyntaxNode): SyntaxNode[] {
  const list = node.getChild('ArgList');
  if (!list) return [];
  const parts = children(list);
  return parts.filter(
    (c, i) => !['(', ')', ',', 'AssignOp'].includes(c.name) && parts[i + 1]?.name !== 'AssignOp',
  );
}

function readCall(ev: Evaluator, call: SyntaxNode, out: ScriptUses): void {
  const callee = call.firstChild;
  if (!callee || callee.name !== 'MemberExpression' || callee.getChild('[')) return;
  const obj = callee.firstChild;
  const method = ev.text(callee.getChild('PropertyName') ?? callee);
  const a = args(call);
  const line = ev.line(call);
  const dotted = dottedName(ev, callee);
  if (
    dotted !== null &&
    dotted.startsWith('re.') &&
    (RE_WITH_REPL.has(method) || RE_SEARCH.has(method))
  ) {
    const [pattern, flagsAt] = [a[0], RE_WITH_REPL.has(method) ? 3 : 2];
    const subject = a[RE_WITH_REPL.has(method) ? 2 : 1];
    if (pattern && subject) regexUse(ev, call, pattern, subject, a[flagsAt] ?? null, null, out);
    return;
  }
  if (!obj) return;
  // `src.find(x, start)` walks the file; only a plain `find(x)` says x must be there.
  if ((method === 'find' || method === 'rfind') && a.length > 1) return;
  if (TEXT_METHODS.has(method) && a[0]) {
    for (const env of ev.loopEnvs(call)) {
      const texts = ev.eval(obj, env).filter((v) => v.k === 'text');
      if (texts.length === 0) continue;
      const olds = ev.eval(a[0], env);
      const news = method === 'replace' && a[1] ? ev.eval(a[1], env) : [null];
      const count =
        method === 'replace' && a[2] ? ev.eval(a[2], env).find((v) => v.k === 'num') : undefined;
      for (const t of texts) {
        if (t.k !== 'text') continue;
        out.files.push({ path: t.path, line });
        for (const o of olds) {
          if (o.k === 'match') continue;
          if (o.k !== 'str') {
            out.unreadable.push({
              line,
              reason: `the text searched for is not known statically: ${o.k === 'unknown' ? o.reason : o.k}`,
            });
            continue;
          }
          for (const n of news) {
            if (n !== null && n.k !== 'str') {
              out.unreadable.push({
                line,
                reason: `the replacement is not known statically: ${n.k === 'unknown' ? n.reason : n.k}`,
              });
              continue;
            }
            out.anchors.push({
              file: t.path,
              old: o.v,
              new: n === null ? null : n.v,
              expected: method === 'count' ? countExpectation(ev, call, env) : null,
              optional: method === 'count' && isOptionalCount(ev, call),
              replaceCount: count?.k === 'num' ? count.v : null,
              role: method === 'replace' || method === 'count' ? 'edit' : 'required',
              regexFlags: null,
              line,
            });
          }
        }
      }
    }
    return;
  }
  if (RE_WITH_REPL.has(method) || RE_SEARCH.has(method)) {
    const subject = a[RE_WITH_REPL.has(method) ? 1 : 0];
    if (subject) regexUse(ev, call, null, subject, null, obj, out);
  }
}

function regexUse(
  ev: Evaluator,
  call: SyntaxNode,
  pattern: SyntaxNode | null,
  subject: SyntaxNode,
  flags: SyntaxNode | null,
  compiled: SyntaxNode | null,
  out: ScriptUses,
): void {
  const line = ev.line(call);
  for (const env of ev.loopEnvs(call)) {
    const texts = ev.eval(subject, env).filter((v) => v.k === 'text');
    if (texts.length === 0) continue;
    const flagValue = flags ? ev.eval(flags, env).find((v) => v.k === 'num') : undefined;
    const patterns: { p: string; flags: number }[] = [];
    for (const v of pattern ? ev.eval(pattern, env) : compiled ? ev.eval(compiled, env) : []) {
      if (v.k === 'str') patterns.push({ p: v.v, flags: flagValue?.k === 'num' ? flagValue.v : 0 });
      else if (v.k === 'regex') patterns.push({ p: v.pattern, flags: v.flags });
      else
        out.unreadable.push({
          line,
          reason: `the pattern is not known statically: ${v.k === 'unknown' ? v.reason : v.k}`,
        });
    }
    for (const t of texts) {
      if (t.k !== 'text') continue;
      out.files.push({ path: t.path, line });
      for (const { p, flags: f } of patterns)
        out.anchors.push({
          file: t.path,
          old: p,
          new: null,
          expected: null,
          replaceCount: null,
          role: 'required',
          regexFlags: f,
          line,
        });
    }
  }
}

function readProbe(ev: Evaluator, node: SyntaxNode, out: ScriptUses): void {
  const parts = children(node);
  const left = parts[0];
  const right = parts[parts.length - 1];
  if (!left || !right) return;
  const negative = parts.some((c) => c.name === 'not');
  const role: ProbeRole = probeRole(ev, node, negative);
  if (role === 'conditional' || role === 'skip') return;
  const line = ev.line(node);
  for (const env of ev.loopEnvs(node)) {
    for (const t of ev.eval(right, env)) {
      if (t.k !== 'text') continue;
      for (const s of ev.eval(left, env)) {
        if (s.k !== 'str') {
          out.unreadable.push({
            line,
            reason: `the text tested for is not known statically: ${s.k === 'unknown' ? s.reason : s.k}`,
          });
          continue;
        }
        const guards = role === 'guard' ? guardedLines(ev, node) : null;
        out.anchors.push({
          file: t.path,
          old: s.v,
          new: null,
          expected: null,
          replaceCount: null,
          role,
          regexFlags: null,
          line,
          guards,
        });
      }
    }
  }
}

/** `src.count(x) != 2` or `n = src.count(x)` … `if n != 2`: the count the script demands (never 0). */

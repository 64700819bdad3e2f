/**
 * The Action's inputs, as the runner passes them: `INPUT_<NAME>` environment
 * variables (name upper-cased, spaces → `_`), empty when not given. They
 * become the argument list of `upstream-status check`.
 */
import { UsageError } from './errors.js';

const FORMATS = ['text', 'json', 'github', 'markdown'];

export interface ActionInputs {
  token: string;
  argv: string[];
}

function input(env: NodeJS.ProcessEnv, name: string): string {
  return (env[`INPUT_${name.toUpperCase().replace(/ /g, '_')}`] ?? '').trim();
}

/**
 * Split `args` like a shell would split words, with '…' and "…" quoting and
 * backslash escapes, but without expanding anything: no variables, globs or
 * commands, so an input cannot run code.
 */
export function splitArgs(text: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote !== null) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < text.length) word += text[++i]!;
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      word ??= '';
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === '\\' && i + 1 < text.length) {
      word = (word ?? '') + text[++i]!;
    } else {
      word = (word ?? '') + c;
    }
  }
  if (quote !== null) throw new UsageError(`the args input has an unclosed ${quote} quote`);
  if (word !== null) words.push(word);
  return words;
}

export function readActionInputs(env: NodeJS.ProcessEnv): ActionInputs {
  const format = input(env, 'format');
  if (format !== '' && !FORMATS.includes(format)) {
    throw new UsageError(`the format input must be one of ${FORMATS.join(', ')}, not "${format}"`);
  }
  const root = input(env, 'root');
  const argv = [
    'check',
    ...(root !== '' ? ['--root', root] : []),
    ...(format !== '' ? ['--format', format] : []),
    ...splitArgs(input(env, 'args')),
  ];
  return { token: input(env, 'token'), argv };
}

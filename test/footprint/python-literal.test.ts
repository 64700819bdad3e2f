import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { readPythonString } from '../../src/footprint/python-literal.js';

const LITERALS = [
  String.raw`"plain"`,
  String.raw`'single \'quoted\' and \"double\"'`,
  String.raw`"tab\tnewline\nreturn\rbell\abs\bff\fvt\v"`,
  String.raw`"back\\slash and \q unknown \d kept"`,
  String.raw`"hex \x41\x7e octal \101\60\7 nul\0"`,
  String.raw`"bmp \u00e9\u2014 astral \U0001F600"`,
  String.raw`"named \N{EM DASH} and \N{NO-BREAK SPACE}"`,
  '"line \\\ncontinued"',
  '"""triple "quoted" with\nreal newline and \\t tab"""',
  "'''single triple\\\n joined'''",
  String.raw`r"raw \n \x41 \" kept"`,
  String.raw`R'raw \\ two'`,
  String.raw`b"bytes \x41 \u00e9 stays"`,
  String.raw`rb"raw bytes \n"`,
  String.raw`Br"raw bytes \t"`,
  String.raw`u"unicode prefix \u0041"`,
  String.raw`f"format {{braces}} only\n"`,
  String.raw`rf"raw format {{x}} \n"`,
  String.raw`F'''upper {{}}'''`,
];

const PYTHON = spawnSync('python3', ['--version']).status === 0;

function pythonValues(literals: string[]): string[] {
  const program = [
    'import json, sys',
    'out = []',
    'for src in json.load(sys.stdin):',
    '    v = eval(src)  # literals only, written above',
    '    out.append(v.decode("latin-1") if isinstance(v, bytes) else v)',
    'print(json.dumps(out))',
  ].join('\n');
  const r = spawnSync('python3', ['-c', program], {
    input: JSON.stringify(literals),
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout) as string[];
}

describe('Python string literals', () => {
  it.skipIf(!PYTHON)('decode to exactly what python3 builds from them', () => {
    const expected = pythonValues(LITERALS);
    const ours = LITERALS.map((l) => {
      const r = readPythonString(l);
      return r.ok ? r.value : `!${r.reason}`;
    });
    expect(ours).toEqual(expected);
  });

  it('refuses an f-string that interpolates, and a character name it does not know', () => {
    expect(readPythonString('f"x{y}"')).toMatchObject({ ok: false });
    expect(readPythonString(String.raw`"\N{SNOWMAN WITH HAT}"`)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('SNOWMAN'),
    });
  });

  it('marks bytes', () => {
    expect(readPythonString('b"x"')).toEqual({ ok: true, value: 'x', bytes: true });
  });
});

import { describe, expect, it } from 'vitest';
import { readPythonScript } from '../../src/footprint/python-script.js';

const brief = (text: string, packages = {}) => {
  const r = readPythonScript(text, packages);
  return {
    files: r.files.map((f) => ({
      at: f.candidates,
      guessed: f.guessed,
      repo: f.repo,
      anchors: f.anchors.map((a) => [a.role, a.old, a.new, a.expected]),
    })),
    unreadable: r.unreadable.map((u) => u.line),
  };
};

describe('where an anchor script writes', () => {
  const edit = 'src = open(f).read()\nsrc = src.replace("a", "b")\n';

  it('maps a package path through config, or guesses pkg/ and python/pkg/ and says so', () => {
    const text = `import os, eng\nf = os.path.join(os.path.dirname(eng.__file__), "x/y.py")\n${edit}`;
    expect(brief(text).files[0]).toMatchObject({
      at: ['eng/x/y.py', 'python/eng/x/y.py'],
      guessed: true,
      repo: null,
    });
    expect(brief(text, { eng: { repo: 'o/eng', path: 'src/eng' } }).files[0]).toMatchObject({
      at: ['src/eng/x/y.py'],
      guessed: false,
      repo: 'o/eng',
    });
  });

  it('follows find_spec(...).origin, submodule_search_locations, Path / and .parent, and constants', () => {
    const shapes = [
      `from importlib.util import find_spec\nfrom pathlib import Path\n_REL = "x/y.py"\nf = Path(find_spec("eng").origin).parent / _REL\n`,
      `import importlib.util\nspec = importlib.util.find_spec("eng")\nroot = list(spec.submodule_search_locations)[0]\nf = os.path.join(root, "x", "y.py")\n`,
      `import os\nPARTS = ("x", "y.py")\nimport eng\nf = os.path.join(os.path.dirname(eng.__file__), *PARTS)\n`,
      `f = "/usr/lib/python3/dist-packages/eng/x/y.py"\n`,
      `import os\ndef where(root):\n    return os.path.join(root, "x/y.py")\nimport eng\nf = where(os.path.dirname(eng.__file__))\n`,
    ];
    for (const shape of shapes)
      expect(brief(`${shape}${edit}`).files[0]?.at[0], shape).toBe('eng/x/y.py');
  });

  it('says why when the file is not known statically', () => {
    const r = readPythonScript(`import sys\nf = sys.argv[1]\n${edit}`, {});
    expect(r.files).toEqual([]);
    expect(r.unreadable[0]?.reason).toMatch(/cannot tell which upstream file/);
    const rel = readPythonScript(`f = "eng/x.py"\n${edit}`, {});
    expect(rel.unreadable[0]?.reason).toMatch(/relative to the working directory/);
  });
});

describe('what an anchor script needs there', () => {
  const head =
    'import os, eng\nf = os.path.join(os.path.dirname(eng.__file__), "m.py")\nsrc = open(f).read()\n';

  it('reads (old, new) pairs, counts, markers, requirements and insert-after anchors', () => {
    const text = `${head}MARK = "FIXED"\nif MARK in src:\n    raise SystemExit(0)\nA = "alpha"\nif A not in src:\n    raise SystemExit(1)\nfor old, new in [("one", "ONE"), ("two", "TWO")]:\n    if src.count(old) != 1:\n        raise SystemExit(1)\n    src = src.replace(old, new)\nsrc = src.replace(A, A + " # " + MARK, 1)\nif "maybe" in src:\n    print("note")\n`;
    expect(brief(text).files[0]?.anchors).toEqual([
      ['marker', 'FIXED', null, null],
      ['edit', 'one', 'ONE', 1],
      ['edit', 'two', 'TWO', 1],
      ['edit', 'alpha', 'alpha # FIXED', null],
    ]);
  });

  it('marks an edit made only when its anchor is there as optional', () => {
    const text = `${head}if src.count("o") == 1:\n    src = src.replace("o", "p", 1)\n`;
    expect(readPythonScript(text, {}).files[0]?.anchors).toMatchObject([
      { old: 'o', optional: true, expected: 1 },
    ]);
  });

  it('reads the count a tuple demands, through a loop variable', () => {
    const text = `${head}EDITS = [("x", "y", 2)]\nfor old, new, want in EDITS:\n    found = src.count(old)\n    if found != want:\n        raise SystemExit(1)\n    src = src.replace(old, new)\n`;
    expect(brief(text).files[0]?.anchors).toEqual([['edit', 'x', 'y', 2]]);
  });

  it('keeps each file its own edits when a dict maps files to edits', () => {
    const text = `import eng\nfrom pathlib import Path\nD = Path(eng.__file__).parent\nE = {"a.py": [("1", "one")], "b.py": [("2", "two")]}\nfor rel, edits in E.items():\n    s = (D / rel).read_text()\n    for old, new in edits:\n        s = s.replace(old, new)\n`;
    expect(brief(text).files.map((f) => [f.at[0], f.anchors.map((a) => a[1])])).toEqual([
      ['eng/a.py', ['1']],
      ['eng/b.py', ['2']],
    ]);
  });

  it('reads f-strings of constants and regex patterns; names what it cannot read', () => {
    const text = `${head}import re\nTAG = "T1"\nsrc = src.replace("k", f"k  # {TAG}")\nsrc = re.sub(r"^def f\\(", "def g(", src, flags=re.M)\nsrc = src.replace(os.environ["X"], "y")\n`;
    const r = brief(text);
    expect(r.files[0]?.anchors).toEqual([
      ['edit', 'k', 'k  # T1', null],
      ['required', '^def f\\(', null, null],
    ]);
    expect(r.unreadable).toEqual([8]);
  });
});

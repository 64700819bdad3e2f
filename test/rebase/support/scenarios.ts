/**
 * The differential matrix: upstream trees at several "refs" and real-shaped
 * patches made against the base. Each tree exists to make some hunks move,
 * break or already be there; each patch has a shape GNU patch must read.
 */
import { formatPatch, gitDiff } from './git-diff.js';
import {
  appendTo,
  applyEdits,
  baseTree,
  extraFunction,
  head,
  replaceIn,
  setFile,
  toCrlf,
  type Edit,
  type Tree,
} from './python-tree.js';

const CORE = 'pkg/core.py';
const UTIL = 'pkg/util.py';
const IO = 'pkg/io.py';
const INIT = 'pkg/__init__.py';
const VERSION = 'pkg/version.py';

/** Patch A, one commit over three files and five hunks. */
const importSys = replaceIn(CORE, 'import os\n', 'import os\nimport sys\n'); // start-anchored hunk
const offsetCore7 = replaceIn(
  CORE,
  head('core', 7),
  head('core', 7).replace('scale\n', 'scale + 1\n'),
);
const appendCore = appendTo(CORE, extraFunction('core_total')); // end-anchored hunk
const clampUtil5 = replaceIn(
  UTIL,
  `${head('util', 5)}    if result > LIMIT:\n        result = LIMIT\n`,
  `${head('util', 5)}    if result > LIMIT:\n        result = LIMIT - 1\n`,
);
const appendIo = appendTo(IO, extraFunction('io_total'));
const patchA = [importSys, offsetCore7, appendCore, clampUtil5, appendIo];

/** Patch B (format-patch): util, a file without a final newline, a new file. */
const util9 = `${head('util', 9)}    if result > LIMIT:\n        result = LIMIT\n    return result\n`;
const patchB: Edit[] = [
  replaceIn(UTIL, util9, util9.replace('return result', 'return int(result)')),
  replaceIn(VERSION, 'VERSION = "1.0.0"', 'VERSION = "1.1.0"'),
  setFile('pkg/extra.py', '"""Extras."""\n\n\ndef extra():\n    return 42\n'),
];

/** Patch C (plain `diff -u` behind a dashed preamble). */
const patchC: Edit[] = [
  replaceIn(CORE, 'scaled by 15 and', 'scaled by fifteen and'),
  replaceIn(INIT, '    "name_29",\n', '    "name_29",\n    "name_30",\n'),
];

/** Patch E: a new module and its import. */
const patchE: Edit[] = [
  setFile('pkg/plugins.py', '"""Plugins."""\n\nREGISTRY = {}\n'),
  replaceIn(INIT, 'from . import io\n', 'from . import io\nfrom . import plugins\n'),
];

export function buildTrees(): Record<string, Tree> {
  const v1 = baseTree();
  const v2 = applyEdits(
    v1,
    replaceIn(CORE, 'LIMIT = 1000\n', `LIMIT = 1000\n${extraFunction('core_helper')}\n`),
    replaceIn(CORE, head('core', 12), `# moved here\n# and here\n\n\n${head('core', 12)}`),
    replaceIn(
      UTIL,
      `${head('util', 1)}    if result > LIMIT:\n        result = LIMIT\n    return result\n\n\n`,
      '',
    ),
    replaceIn(IO, 'LIMIT = 1000\n', `LIMIT = 1000\n${'# io setting\n'.repeat(20)}`),
    replaceIn(INIT, 'from . import core\n', 'from . import core\nfrom . import compat\n'),
    replaceIn(VERSION, 'FIELD_20 =', 'FIELD_20a = "inserted"\nFIELD_20 ='),
  );
  return {
    v1,
    'v2-offsets': v2,
    'v3-context-changed': applyEdits(
      v2,
      replaceIn(CORE, 'scaled by 7 and', 'scaled by seven and'),
      appendTo(IO, '# end of module\n'),
    ),
    'v4-carries-patches': applyEdits(v1, ...patchA, ...patchB, ...patchE),
    'v5-crlf': toCrlf(v1),
    'v6-half-applied': applyEdits(v1, offsetCore7, clampUtil5),
    'v7-io-removed': applyEdits(v2, setFile(IO, null)),
    // A line above hunks that have less leading than trailing context: GNU
    // only matches those at line 1, so they fail although the text is there.
    'v8-license-line': Object.fromEntries(
      Object.entries(v1).map(([path, text]) => [path, `# SPDX-License-Identifier: MIT\n${text}`]),
    ),
  };
}

function plainDiff(gitOutput: string): string {
  return gitOutput
    .split('\n')
    .filter((l) => !l.startsWith('diff --git ') && !l.startsWith('index '))
    .map((l) => (/^(---|\+\+\+) [ab]\//.test(l) ? `${l}\t2026-01-02 03:04:05.000000000 +0000` : l))
    .join('\n');
}

export function buildPatches(): Record<string, string> {
  const v1 = baseTree();
  const after = (...edits: Edit[]) => applyEdits(v1, ...edits);
  const a = gitDiff(v1, after(...patchA));
  const versionLines = (v1[VERSION] ?? '').split('\n');
  const lastLines = versionLines.slice(-3);
  return {
    'A-git-multi': a,
    'B-format-patch': formatPatch(v1, after(...patchB), 'Round util_9\n\nAlso bump the version.\n'),
    'C-dashed-preamble': [
      'Make core_15 readable',
      '=====================',
      '',
      '--- reviewed by Bob, 2026-01-03',
      '----------------------------------------',
      'Upstream: https://github.com/up/tinypkg/pull/12',
      '----------------------------------------',
      '',
      plainDiff(gitDiff(v1, after(...patchC))),
    ].join('\n'),
    'D-no-newline': [
      'Hand-written: add a release line after the unterminated last line.',
      '',
      `--- a/${VERSION}`,
      `+++ b/${VERSION}`,
      `@@ -${versionLines.length - 2},3 +${versionLines.length - 2},4 @@`,
      ...lastLines.slice(0, 2).map((l) => ` ${l}`),
      `-${lastLines[2] ?? ''}`,
      '\\ No newline at end of file',
      `+${lastLines[2] ?? ''}`,
      '+RELEASE = "stable"',
      '\\ No newline at end of file',
      '',
    ].join('\n'),
    'E-new-file': gitDiff(v1, after(...patchE)),
    'F-crlf-git': gitDiff(toCrlf(v1), toCrlf(after(offsetCore7))),
    'G-crlf-whole': a.replace(/\n/g, '\r\n'),
    'H-delete': gitDiff(v1, after(setFile(IO, null))),
    'I-U1-anchored': gitDiff(
      v1,
      after(
        replaceIn(UTIL, '"""Utilities."""', '"""Utility functions."""'),
        appendIo, // -U1 leaves one line of context before and none after: end-anchored
      ),
      ['-U1'],
    ),
    'J-U0': gitDiff(
      v1,
      after(
        replaceIn(CORE, head('core', 3), `# three\n${head('core', 3)}`),
        replaceIn(CORE, 'scaled by 10 and', 'scaled by ten and'),
        replaceIn(
          CORE,
          `    return result\n\n\n${head('core', 18)}`,
          `    return result\n\n${head('core', 18)}`,
        ),
      ),
      ['-U0'],
    ),
  };
}

import { describe, expect, it } from 'vitest';
import { extractPreamble } from '../../src/sources/headers/preamble.js';

const lines = (...ls: string[]): string => ls.join('\n') + '\n';
const preambleOf = (path: string, text: string): string => extractPreamble(path, text).text;

describe('extractPreamble for diffs', () => {
  it('stops at the first `diff --git` line', () => {
    const text = lines('Subject: fix', '', 'body', 'diff --git a/x b/x', '--- a/x', '+++ b/x');
    expect(preambleOf('p/a.diff', text)).toBe(lines('Subject: fix', '', 'body'));
  });

  it('stops at a `--- ` line followed by `+++ `, but not at dashed prose lines', () => {
    const text = lines(
      'note',
      '---',
      '--------',
      '--- not a header',
      'still prose',
      '--- a/x.c',
      '+++ b/x.c',
      '@@ -1 +1 @@',
    );
    expect(preambleOf('p/a.PATCH', text)).toBe(
      lines('note', '---', '--------', '--- not a header', 'still prose'),
    );
  });

  it("keeps git format-patch's `---` separator and diffstat in the preamble", () => {
    const text = lines(
      'Subject: x',
      '',
      'why',
      '---',
      ' a.py | 2 +-',
      '',
      'diff --git a/a.py b/a.py',
    );
    expect(preambleOf('p/a.patch', text)).toBe(
      lines('Subject: x', '', 'why', '---', ' a.py | 2 +-', ''),
    );
  });

  it('is empty when the file starts with a file header, and whole when there is none', () => {
    expect(preambleOf('p/a.diff', lines('--- a/x', '+++ b/x'))).toBe('');
    expect(preambleOf('p/a.diff', 'only prose\nno newline')).toBe('only prose\nno newline');
  });

  it('copes with CRLF line endings', () => {
    const text = 'why\r\n---\r\ndiff --git a/x b/x\r\n';
    expect(preambleOf('p/a.diff', text)).toBe('why\r\n---\r\n');
  });
});

describe('extractPreamble for Python', () => {
  it('takes the shebang, encoding line, comments and the module docstring', () => {
    const head = lines(
      '#!/usr/bin/env python3',
      '# -*- coding: utf-8 -*-',
      '"""Doc.',
      '',
      'More."""',
    );
    expect(preambleOf('p/a.py', head + lines('import os', '"""not the docstring"""'))).toBe(head);
  });

  it("reads ''' and r-prefixed docstrings, one-line docstrings and comments after them", () => {
    expect(preambleOf('p/a.py', lines("r'''Doc", "'''", 'x = 1'))).toBe(lines("r'''Doc", "'''"));
    const oneLine = lines('"""Doc."""', '# UPSTREAM STATUS', '#   own PR #1', '');
    expect(preambleOf('p/a.py', oneLine + 'import os\n')).toBe(
      lines('"""Doc."""', '# UPSTREAM STATUS', '#   own PR #1'),
    );
  });

  it('takes only leading comments when there is no docstring', () => {
    expect(preambleOf('p/a.py', lines('# one', '', '# two', '', 'import os', '# later'))).toBe(
      lines('# one', '', '# two'),
    );
    expect(preambleOf('p/a.py', lines('import os', '"""late"""'))).toBe('');
  });

  it('reads an unclosed docstring to the end of the file rather than throwing', () => {
    expect(preambleOf('p/a.py', '"""never closed\n#1\n')).toBe('"""never closed\n#1\n');
  });
});

describe('extractPreamble for scripts and unknown files', () => {
  it('takes the leading # block of a shell script after its shebang', () => {
    const head = lines('#!/bin/sh', '# what', '#', '# why');
    expect(preambleOf('p/a.sh', head + lines('', 'set -e', '# not the header'))).toBe(head);
  });

  it('takes a leading /* */ or // comment block of an unknown file type', () => {
    const c = lines('/*', ' * UPSTREAM STATUS', ' */', '// more');
    expect(preambleOf('p/a.c', c + lines('int x;', '// later'))).toBe(c);
  });

  it('falls back to the first 200 lines when an unknown file has no comment block', () => {
    const text = Array.from({ length: 300 }, (_, i) => `line ${i + 1}`).join('\n');
    const got = preambleOf('p/README', text).split('\n');
    expect(got).toHaveLength(201);
    expect(got[199]).toBe('line 200');
    expect(got[200]).toBe('');
  });
});

describe('extractPreamble offsets', () => {
  it('starts after a byte-order mark so offsets stay the file offsets', () => {
    const text = '\uFEFFwhy\ndiff --git a/x b/x\n';
    const p = extractPreamble('p/a.diff', text);
    expect(p).toEqual({ text: 'why\n', startOffset: 1, startLine: 1 });
    expect(text.slice(p.startOffset, p.startOffset + p.text.length)).toBe(p.text);
  });

  it('handles an empty file', () => {
    for (const path of ['a.diff', 'a.py', 'a.sh', 'a']) {
      expect(extractPreamble(path, '')).toEqual({ text: '', startOffset: 0, startLine: 1 });
    }
  });
});

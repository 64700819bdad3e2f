/**
 * Header shapes from the session-11 held-out queues, in our own words: a
 * bare `ours` label column, and "When it merges …, drop this."
 */
import { describe, expect, it } from 'vitest';
import { readPatchHeader } from '../../src/sources/headers/patch-header.js';

function roles(body: string): (string | null)[][] {
  const text = `#!/usr/bin/env python3\n"""Guard the EOS path.\n\n${body}\n"""\nimport os\n`;
  const r = readPatchHeader(
    { path: 'p/guard.py', text, defaultRepo: 'acme/engine' },
    { layout: null },
  );
  return r.mentions.map((m) => [m.ref, m.role, m.recordedState]);
}

describe('block labels and words, session 11', () => {
  it('reads `ours` as a label column, and "Ours is …" in prose as no label', () => {
    expect(
      roles(
        [
          'Upstream status, as of 2026-11-18:',
          '  ours   #5150 "spec: truncate at EOS" (MERGED)',
          '  see    #5188 adds the regression test; not needed by us.',
        ].join('\n'),
      ),
    ).toEqual([
      ['acme/engine#5150', 'own', 'MERGED'],
      ['acme/engine#5188', 'related', null],
    ]);
  });

  it('makes a third-party PR the fix when "When it merges and we bump, drop this."', () => {
    expect(
      roles(
        [
          'UPSTREAM STATUS (2026-11-20)',
          '  third-party PR  #5255 "clamp scales" (OPEN) -- same clamp as ours.',
          '                  When it merges and we bump, drop this.',
          '                  #5249 (OPEN) is the other vendor flavour; irrelevant.',
        ].join('\n'),
      ),
    ).toEqual([
      ['acme/engine#5255', 'fix', 'OPEN'],
      ['acme/engine#5249', 'third-party', 'OPEN'],
    ]);
  });
});

describe('words about a ref, session 11 (q11)', () => {
  it("does not read 'their CI is red on an unrelated runner' as the ref being unrelated", () => {
    expect(
      roles(
        [
          'UPSTREAM STATUS (2026-09-14)',
          '  own PR   #880 (okafor-d, DRAFT -- their CI is red on an unrelated H100',
          '           runner, maintainers know)',
          '  searched #851 looks similar by title; unrelated.',
        ].join('\n'),
      ),
    ).toEqual([
      ['acme/engine#880', 'own', 'DRAFT'],
      ['acme/engine#851', 'unrelated', null],
    ]);
  });

  it('reads "once it is merged …, guard.py goes" as the drop signal, the file named by name', () => {
    expect(
      roles(
        [
          'UPSTREAM STATUS (2026-09-14)',
          '  third-party PR  #2275 (OPEN) pins the entries; once it is merged and in our',
          '                  pinned base, guard.py goes.',
        ].join('\n'),
      ),
    ).toEqual([['acme/engine#2275', 'fix', 'OPEN']]);
  });
});

describe('a run of `label: …` lines with no UPSTREAM STATUS heading', () => {
  const body = [
    'upstream:  #18842 "size buckets by padded numel" (ours, OPEN)',
    'bug:       #18790 (we opened it)',
    'cause:     #18305 "bucket by exact numel" -- merged for 2.4.0, that is where',
    '           the floor division came from',
    'collides:  #18911 (DRAFT) reworks bucketing; our anchor string is gone then.',
  ].join('\n');

  it("is read as a block in a queue's own patch: each label gives its refs their role", () => {
    expect(roles(body)).toEqual([
      ['acme/engine#18842', 'own', 'OPEN'],
      ['acme/engine#18790', 'issue', null],
      ['acme/engine#18305', 'introduced-the-defect', null],
      ['acme/engine#18911', 'anchor-collision', 'DRAFT'],
    ]);
  });

  it('needs two known labels: Args/Returns sections of a docstring are no block', () => {
    const r = readPatchHeader(
      {
        path: 'p/guard.py',
        text: '"""Guard.\n\nArgs:  x (the rows)\nReturns:  y\nSee: #12 for the fix.\n"""\n',
        defaultRepo: 'acme/engine',
      },
      { layout: null },
    );
    expect(r.hasStatusBlock).toBe(false);
  });

  it("is no block in an ecosystem's patch, whose header is a copied commit message", () => {
    const text = `Subject: fix\n\nBug: #12 crashes\nCause: #10 changed it\n\nUpstream-Status: Pending\n---\ndiff --git a/a b/a\n`;
    const r = readPatchHeader(
      { path: 'recipes-core/x/x/0001-fix.patch', text, defaultRepo: null },
      { layout: 'yocto' },
    );
    expect(r.hasStatusBlock).toBe(false);
  });
});

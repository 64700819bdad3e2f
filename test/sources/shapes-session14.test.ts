/**
 * Role words from session 14's queues (each in our own words here): the
 * real or upstream fix named before its ref, a backport of someone's PR,
 * "collision:" before refs, and a PR that moves the patched function.
 */
import { describe, expect, it } from 'vitest';
import { readPatchHeader } from '../../src/sources/headers/patch-header.js';

function roles(body: string): (string | number)[][] {
  const text = `Tune the pool.\n\n${body}\n\ndiff --git a/x.c b/x.c\n--- a/x.c\n+++ b/x.c\n`;
  const r = readPatchHeader(
    { path: 'p/pool.diff', text, defaultRepo: 'acme/engine' },
    { layout: null },
  );
  return r.mentions.map((m) => [m.line, m.ref.replace('acme/engine', ''), m.role]);
}

describe('a fix named before its ref', () => {
  it('reads "upstream fix", "the real fix is", "proper fix:"', () => {
    expect(
      roles(
        [
          'Upstream fix #101 is in review.',
          "Lena's real fix is #102; it reworks the pool.",
          'Proper fix: #103.',
        ].join('\n'),
      ),
    ).toEqual([
      [3, '#101', 'fix'],
      [4, '#102', 'fix'],
      [5, '#103', 'fix'],
    ]);
  });

  it("reads a backport or cherry-pick of someone's PR as its fix", () => {
    expect(
      roles(
        ["Cherry-picked from ravi-k's PR #201 as is.", 'Backport of upstream PR #202.'].join('\n'),
      ),
    ).toEqual([
      [3, '#201', 'fix'],
      [4, '#202', 'fix'],
    ]);
  });
});

describe('collisions in words', () => {
  it('reads "collision:" before the refs of its sentence', () => {
    expect(roles('Collision: two PRs rewrite the allocator, #401 and #402.')).toEqual([
      [3, '#401', 'anchor-collision'],
      [3, '#402', 'anchor-collision'],
    ]);
  });

  it('reads "same collision" and "moves this function" after a ref', () => {
    expect(
      roles(
        ['#501 moves this function into pool.c, see above.', '#502 too, same collision.'].join(
          '\n',
        ),
      ),
    ).toEqual([
      [3, '#501', 'anchor-collision'],
      [4, '#502', 'anchor-collision'],
    ]);
  });
});

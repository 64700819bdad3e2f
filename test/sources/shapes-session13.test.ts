/**
 * State shapes from session 13's queues (each in our own words here): a
 * parenthetical that says whose the PR is before its state, "still a DRAFT"
 * after a dash, and "are both OPEN" after refs that each have a note.
 */
import { describe, expect, it } from 'vitest';
import { readPatchHeader } from '../../src/sources/headers/patch-header.js';
import { parseLedger } from '../../src/sources/ledger/index.js';
import { readDitto } from '../../src/sources/ledger/paths.js';
import { joinPatchesDir } from '../../src/sources/records/paths.js';

function header(body: string): (string | number | null)[][] {
  const text = `Tune the pool.\n\n${body}\n\ndiff --git a/x.c b/x.c\n--- a/x.c\n+++ b/x.c\n`;
  const r = readPatchHeader(
    { path: 'p/pool.diff', text, defaultRepo: 'acme/engine' },
    { layout: null },
  );
  return r.mentions.map((m) => [m.line, m.ref, m.recordedState]);
}

function ledger(body: string): (string | number | null)[][] {
  const text = `# carried\n\n## Engine\n\n${body}\n`;
  const r = parseLedger({
    path: 'patch.upstream.status.md',
    patchesDir: 'patches',
    text,
    defaultRepo: null,
  });
  return r.mentions.map((m) => [m.line, m.ref, m.recordedState]);
}

describe('a state after "ours," in the parenthetical', () => {
  it('reads it in a header, in lower case and in words', () => {
    expect(
      header(
        [
          'UPSTREAM STATUS',
          '  own PR   #210 "pool" (ours, auto-closed by the stale bot 2026-08-30).',
          '           #214 (ours, merged 2026-09-01) replaces it.',
          '  related  #220 (mine; closed inactive 2026-07-18)',
          '           #225 (our own, landed 2026-10-30)',
          '           #230 (alice, the author, reviews it)',
        ].join('\n'),
      ),
    ).toEqual([
      [4, 'acme/engine#210', 'CLOSED'],
      [5, 'acme/engine#214', 'MERGED'],
      [6, 'acme/engine#220', 'CLOSED'],
      [7, 'acme/engine#225', 'MERGED'],
      [8, 'acme/engine#230', null],
    ]);
  });

  it('reads it in a ledger bullet', () => {
    expect(
      ledger(
        [
          '- `a.py`: [#101](https://github.com/acme/engine/pull/101) (ours, merged 2026-09-01).',
          '- `b.py`: [#102](https://github.com/acme/engine/pull/102) (ours, auto-closed by the bot).',
        ].join('\n'),
      ),
    ).toEqual([
      [5, 'acme/engine#101', 'MERGED'],
      [6, 'acme/engine#102', 'CLOSED'],
    ]);
  });
});

describe('"still a DRAFT" after a dash', () => {
  it('is the state now, whatever "until" follows', () => {
    expect(header('Re-filed as #7911 -- still a DRAFT until the owners answer.')).toEqual([
      [3, 'acme/engine#7911', 'DRAFT'],
    ]);
    expect(header('See #7912 -- a DRAFT nobody reviews, and #7913.')).toEqual([
      [3, 'acme/engine#7912', null],
      [3, 'acme/engine#7913', null],
    ]);
  });
});

describe('"are both OPEN" after refs that each have a note', () => {
  it('covers both refs in a header, across the line break', () => {
    expect(
      header(
        [
          'status: #1088 merged 10-15.',
          '#1090 (the python side) /',
          '#1131 (lazy registration)',
          'are both OPEN.',
        ].join('\n'),
      ),
    ).toEqual([
      [3, 'acme/engine#1088', 'MERGED'],
      [4, 'acme/engine#1090', 'OPEN'],
      [5, 'acme/engine#1131', 'OPEN'],
    ]);
  });

  it('covers both refs in a ledger bullet', () => {
    expect(
      ledger(
        [
          '- `d.py`: [#104](https://github.com/acme/engine/pull/104) (a) /',
          '  [#105](https://github.com/acme/engine/pull/105) (b) are both OPEN.',
        ].join('\n'),
      ),
    ).toEqual([
      [5, 'acme/engine#104', 'OPEN'],
      [6, 'acme/engine#105', 'OPEN'],
    ]);
  });

  it('does not give a lone ref "are all" words that are prose', () => {
    expect(header('#1140 (the fast path) and the rest are all open questions.')).toEqual([
      [3, 'acme/engine#1140', null],
    ]);
  });
});

function ledgerRead(body: string) {
  return parseLedger({
    path: 'patch.upstream.status.md',
    patchesDir: 'patches',
    text: `# carried\n\n${body}\n`,
    defaultRepo: null,
  });
}

describe('a patch per heading, with keyed bullets under it', () => {
  const text = [
    '## kiln (serving engine)',
    '',
    'Bare numbers in this section are [kiln](https://github.com/emberworks/kiln) PRs.',
    '',
    '### `kiln/evict_race.sh`',
    '',
    'A block freed while a step still holds it.',
    '',
    '- fix: our PR [kiln#2231](https://github.com/emberworks/kiln/pull/2231) -- OPEN',
    '- issue: https://github.com/emberworks/kiln/issues/2190 (open)',
    '- caused by: #2011 (MERGED in v0.9.0)',
    '- also touches: #2260 evictor rewrite (DRAFT)',
    '- watch: #2244 same race on another allocator (OPEN)',
    '',
    '### `kiln/pad_warmup.diff`',
    '',
    "- fix: #2277 (OPEN). tokset#88 alone doesn't retire it.",
    '- fix: none yet; waiting on the maintainers in #2301',
    '',
    '## Retired',
    '',
    '### `kiln/old_fix.py`',
    '',
    '- fix: #1990 (MERGED)',
    '',
    '## Notes',
    '',
    'See #2400 for the roadmap.',
  ].join('\n');

  it("indexes each heading's patch, retired under a Retired heading", () => {
    expect(ledgerRead(text).patches.map((p) => [p.path, p.retired, p.repo])).toEqual([
      ['patches/kiln/evict_race.sh', false, 'emberworks/kiln'],
      ['patches/kiln/pad_warmup.diff', false, 'emberworks/kiln'],
      ['patches/kiln/old_fix.py', true, 'emberworks/kiln'],
    ]);
  });

  it('gives every ref under a heading to its patch, the key its base role, until the next heading as high', () => {
    expect(
      ledgerRead(text).mentions.map((m) => [m.line, m.ref, m.role, m.recordedState, m.patch]),
    ).toEqual([
      [11, 'emberworks/kiln#2231', 'own', 'OPEN', 'patches/kiln/evict_race.sh'],
      [12, 'emberworks/kiln#2190', 'issue', 'OPEN', 'patches/kiln/evict_race.sh'],
      [13, 'emberworks/kiln#2011', 'introduced-the-defect', 'MERGED', 'patches/kiln/evict_race.sh'],
      [14, 'emberworks/kiln#2260', 'anchor-collision', 'DRAFT', 'patches/kiln/evict_race.sh'],
      [15, 'emberworks/kiln#2244', 'related', 'OPEN', 'patches/kiln/evict_race.sh'],
      [19, 'emberworks/kiln#2277', 'fix', 'OPEN', 'patches/kiln/pad_warmup.diff'],
      [20, 'emberworks/kiln#2301', 'related', null, 'patches/kiln/pad_warmup.diff'],
      [26, 'emberworks/kiln#1990', 'fix', 'MERGED', 'patches/kiln/old_fix.py'],
      [30, 'emberworks/kiln#2400', 'related', null, null],
    ]);
  });

  it('reads "tokset#88 alone doesn\'t retire it" as not the fix, in a bullet and in a header', () => {
    const m = ledgerRead(
      "## x\n\n### `kiln/pad_warmup.diff`\n\n- fix: [tokset#88](https://github.com/o/tokset/pull/88) alone doesn't retire it.\n",
    ).mentions;
    expect(m.map((x) => x.role)).toEqual(['related']);
    expect(header("UPSTREAM STATUS\n  fix  #88 alone doesn't retire it.").map((x) => x[1])).toEqual(
      ['acme/engine#88'],
    );
    const r = readPatchHeader(
      {
        path: 'p/pool.diff',
        text: "Tune.\n\nUPSTREAM STATUS\n  fix  #88 alone doesn't retire it.\n\ndiff --git a/x b/x\n",
        defaultRepo: 'acme/engine',
      },
      { layout: null },
    );
    expect(r.mentions.map((x) => x.role)).toEqual(['related']);
  });

  it('reads a ditto row "(same symptom, different approach)" as no fix', () => {
    expect(readDitto('″ (same symptom, different approach)')).toEqual({ role: 'related' });
    expect(readDitto('″ (different approach, by the vendor)')).toEqual({ role: 'third-party' });
  });
});

describe('state cells written in words', () => {
  const row = (state: string) =>
    ledgerRead(
      [
        '| patch | upstream PR | PR state |',
        '|---|---|---|',
        `| \`a.py\` | [#12](https://github.com/o/r/pull/12) | ${state} |`,
      ].join('\n'),
    );
  it.each([
    ['still in review', 'OPEN'],
    ['approved, not merged (needs a CI rerun)', 'OPEN'],
    ['got merged (2026-08-19), first release with it is v0.9.3', 'MERGED'],
    ['abandoned by author', 'CLOSED'],
    ['~~OPEN~~ **MERGED** 2026-10-14 — was OPEN until Oct', 'MERGED'],
    ['~~DRAFT~~ ~~OPEN~~ CLOSED', 'CLOSED'],
  ])('reads "%s" as %s, with no parse-error', (cell, state) => {
    const r = row(cell);
    expect(r.problems).toEqual([]);
    expect(r.mentions.map((m) => m.recordedState)).toEqual([state]);
  });

  it('reads per-ref words: "#12 still in review; #13 abandoned (closed …)"', () => {
    const r = ledgerRead(
      [
        '| patch | upstream PR | PR state |',
        '|---|---|---|',
        '| `a.py` | [#12](https://github.com/o/r/pull/12) / [#13](https://github.com/o/r/pull/13) | #12 still in review; #13 abandoned by author (closed 2026-09-03) |',
      ].join('\n'),
    );
    expect(r.problems).toEqual([]);
    expect(r.mentions.map((m) => [m.ref, m.recordedState])).toEqual([
      ['o/r#12', 'OPEN'],
      ['o/r#13', 'CLOSED'],
    ]);
  });

  it('still reports a cell it cannot read', () => {
    expect(row('see the thread').problems.map((p) => p.message.slice(0, 30))).toEqual([
      'PR state "see the thread" is n',
    ]);
  });
});

describe('whose and what a header ref is, session 13', () => {
  it('does not make a ref in an aside of an own PR entry ours, and reads "(#n, open)"', () => {
    expect(
      header(
        [
          'UPSTREAM STATUS (2026-11-21)',
          '  own PR   #2105 "honour the deadline" (tjs), closed inactive 2026-09-30.',
          '           Re-submitted as #2298, still a DRAFT because their CI',
          '           needs a grpcio bump first (#2291, open).',
        ].join('\n'),
      ).map((m) => m.slice(1)),
    ).toEqual([
      ['acme/engine#2105', 'CLOSED'],
      ['acme/engine#2298', 'DRAFT'],
      ['acme/engine#2291', 'OPEN'],
    ]);
    const r = readPatchHeader(
      {
        path: 'p/pool.diff',
        text: `Tune.\n\nUPSTREAM STATUS\n  own PR   #2105 (ours). Re-submitted as #2298;\n           needs a bump first (#2291, open).\n\ndiff --git a/x b/x\n`,
        defaultRepo: 'acme/engine',
      },
      { layout: null },
    );
    expect(r.mentions.map((m) => [m.ref, m.role])).toEqual([
      ['acme/engine#2105', 'own'],
      ['acme/engine#2298', 'own'],
      ['acme/engine#2291', 'related'],
    ]);
  });

  const roles = (body: string) =>
    readPatchHeader(
      {
        path: 'p/pool.diff',
        text: `Tune.\n\n${body}\n\ndiff --git a/x b/x\n`,
        defaultRepo: 'acme/engine',
      },
      { layout: null },
    ).mentions.map((m) => [m.ref, m.role, m.recordedState]);

  it('reads "related?" as a label, and "is NOT this bug" as unrelated', () => {
    expect(
      roles(
        [
          'Upstream status:',
          '  fix       #2302 "round up" -- MERGED 2026-10-27.',
          '  related?  #2190 is NOT this bug (people keep linking it).',
        ].join('\n'),
      ),
    ).toEqual([
      ['acme/engine#2302', 'fix', 'MERGED'],
      ['acme/engine#2190', 'unrelated', null],
    ]);
  });

  it('reads a PR that is only the man page hunk, or not the same thing, as not the fix', () => {
    expect(
      roles(
        [
          'UPSTREAM STATUS',
          '  own PR  #112 (OPEN) is the code change; #119 is only the man page hunk.',
          '  fix     Not the same thing as #77: that one retried the whole loop.',
        ].join('\n'),
      ),
    ).toEqual([
      ['acme/engine#112', 'own', 'OPEN'],
      ['acme/engine#119', 'related', null],
      ['acme/engine#77', 'related', null],
    ]);
  });

  it('keeps "issue: o/r#104 (ours too, open)" the issue, with its state', () => {
    expect(roles('issue: acme/engine#104 (ours too, open)')).toEqual([
      ['acme/engine#104', 'issue', 'OPEN'],
    ]);
  });
});

describe('own-PR entries and reverted fixes across a header', () => {
  const roles = (body: string) =>
    readPatchHeader(
      {
        path: 'p/lock.py',
        text: `#!/usr/bin/env python3\n"""Hold the lock.\n\n${body}\n"""\nimport os\n`,
        defaultRepo: 'acme/engine',
      },
      { layout: null },
    ).mentions.map((m) => [m.line, m.ref, m.role]);

  it('does not make a ref of a later sentence ours by the label, unless its words say so', () => {
    expect(
      roles(
        [
          'UPSTREAM STATUS (2026-11-24)',
          '  own PR   #19842 "hold the lock" (jonah, OPEN). Rebased',
          '           after #20140 touched the imports. Re-submitted as #19901.',
          '  anchor risk  #20311 renames the class; if it lands before #19842 we re-cut.',
        ].join('\n'),
      ),
    ).toEqual([
      [5, 'acme/engine#19842', 'own'],
      [6, 'acme/engine#20140', 'related'],
      [6, 'acme/engine#19901', 'own'],
      [7, 'acme/engine#20311', 'anchor-collision'],
      [7, 'acme/engine#19842', 'own'],
    ]);
  });

  it('reads a fix the header says was reverted as no fix anywhere in it', () => {
    expect(
      roles(
        [
          'History:',
          '  * 2026-06-02: the upstream fix, #19410, landed; patch dropped.',
          '  * 2026-06-20: #19410 was reverted by #19655; patch restored.',
          '',
          'UPSTREAM STATUS (2026-11-24)',
          '  fix   #20588 "re-land with a guard" (OPEN)',
        ].join('\n'),
      ),
    ).toEqual([
      [5, 'acme/engine#19410', 'related'],
      [6, 'acme/engine#19410', 'related'],
      [6, 'acme/engine#19655', 'background'],
      [9, 'acme/engine#20588', 'fix'],
    ]);
  });
});

describe('history and collision sections', () => {
  it('reads prose refs under an "Anchor collisions" heading as collisions, whatever "superseded by" says', () => {
    const r = ledgerRead(
      [
        '## Anchor collisions to watch',
        '',
        'NOT fixes: if one merges, the named patch stops applying.',
        '',
        '- connector_blocksize: [orbis#8733](https://github.com/o/orbis/pull/8733) (CLOSED, superseded',
        '  by [#8790](https://github.com/o/orbis/pull/8790) which is OPEN) moves the connector',
        '',
        '## Notes',
        '',
        'Superseded by [#8791](https://github.com/o/orbis/pull/8791).',
      ].join('\n'),
    );
    expect(r.mentions.map((m) => [m.ref, m.role])).toEqual([
      ['o/orbis#8733', 'anchor-collision'],
      ['o/orbis#8790', 'anchor-collision'],
      ['o/orbis#8791', 'fix'],
    ]);
  });

  it('reads "was still OPEN then" as history, not a state', () => {
    expect(header('Re-cut in October; our #2105 was still OPEN then.')).toEqual([
      [3, 'acme/engine#2105', null],
    ]);
    expect(header('Re-cut in October; our #2105 is still OPEN.')).toEqual([
      [3, 'acme/engine#2105', 'OPEN'],
    ]);
  });
});

describe('index paths relative to the folder that holds the patches folder', () => {
  it('reads `patches/quill/x.py` in deploy/docker/patch.upstream.status.yaml as deploy/docker/patches/quill/x.py', () => {
    expect(joinPatchesDir('deploy/docker/patches', 'patches/quill/x.py')).toBe(
      'deploy/docker/patches/quill/x.py',
    );
    expect(joinPatchesDir('deploy/docker/patches', 'deploy/docker/patches/quill/x.py')).toBe(
      'deploy/docker/patches/quill/x.py',
    );
    expect(joinPatchesDir('deploy/docker/patches', 'quill/x.py')).toBe(
      'deploy/docker/patches/quill/x.py',
    );
    expect(joinPatchesDir('patches', 'patches/x.py')).toBe('patches/x.py');
    expect(joinPatchesDir('deploy/docker/patches', '../x.py')).toBe('deploy/docker/x.py');
  });
});

describe('state cells and task lists, session 13 (q27, q28)', () => {
  const cell = (state: string, pr = '[#12](https://github.com/o/r/pull/12)') =>
    ledgerRead(
      [
        '| patch | upstream PR | PR state |',
        '|---|---|---|',
        `| \`a.py\` | ${pr} | ${state} |`,
      ].join('\n'),
    );
  it.each([
    ['🟡 open', 'OPEN'],
    ['✅ merged 2026-10-30 · ⏳ not in v0.18.3', 'MERGED'],
    ['❌ closed', 'CLOSED'],
    ['📝 draft', 'DRAFT'],
    ['~~🟡 open~~ ✅ merged', 'MERGED'],
    ['waiting, OPEN', 'OPEN'],
    ['got closed 10-19 (stale bot), reopened 11-02', 'OPEN'],
  ])('reads "%s" as %s', (state, expected) => {
    const r = cell(state);
    expect(r.problems).toEqual([]);
    expect(r.mentions.map((m) => m.recordedState)).toEqual([expected]);
  });

  it('still reports an emoji alone, and a lower-case word after a comma stays prose', () => {
    expect(cell('⏳').problems).toHaveLength(1);
    expect(cell('waiting, open').problems).toHaveLength(1);
  });

  it('reads the refs a state cell names beyond the row as mentions, and its "reverted" as theirs', () => {
    const r = cell(
      'OPEN. History: the first fix #19410 got merged and was reverted by #19655',
      're-land: [#20588](https://github.com/o/r/pull/20588)',
    );
    expect(r.mentions.map((m) => [m.ref, m.role, m.recordedState])).toEqual([
      ['o/r#20588', 'fix', 'OPEN'],
      ['o/r#19410', 'related', 'MERGED'],
      ['o/r#19655', 'background', null],
    ]);
    expect(cell('**MERGED** 2026-10-02 (reverted)').mentions.map((m) => m.role)).toEqual([
      'related',
    ]);
  });

  it('records no state from an unchecked task, and keeps a checked one', () => {
    const r = ledgerRead(
      [
        '## checklist',
        '',
        '- [ ] backport [#7911](https://github.com/o/r/pull/7911) (MERGED) into release-0.18',
        '- [x] [#7874](https://github.com/o/r/pull/7874) (MERGED) on main',
      ].join('\n'),
    );
    expect(r.mentions.map((m) => [m.ref, m.recordedState])).toEqual([
      ['o/r#7911', null],
      ['o/r#7874', 'MERGED'],
    ]);
  });

  it('reads "merged" in a done task of one ref as MERGED, never when negated', () => {
    const r = ledgerRead(
      [
        '## checklist',
        '',
        '- [x] upstream fix for the spill perms merged ([#7990](https://github.com/o/r/pull/7990))',
        '- [x] checked that [#7991](https://github.com/o/r/pull/7991) is not merged yet',
        '- [x] merged the notes: see [#7992](https://github.com/o/r/pull/7992) and the thread in [#7993](https://github.com/o/r/pull/7993)',
      ].join('\n'),
    );
    expect(r.mentions.map((m) => [m.ref, m.recordedState])).toEqual([
      ['o/r#7990', 'MERGED'],
      ['o/r#7991', null],
      ['o/r#7992', null],
      ['o/r#7993', null],
    ]);
  });
});

describe('a notes section of bare refs under a title that names the upstream', () => {
  it('gives its bare refs the title section repo, even where the file cites another project', () => {
    const r = ledgerRead(
      [
        '# whisperlane — carried patches',
        '',
        'Upstream is https://github.com/corvid/whisperlane.',
        '',
        '| file | upstream work | status |',
        '|---|---|---|',
        '| `a.py` | [whisperlane#2231](https://github.com/corvid/whisperlane/pull/2231) | open |',
        '| `b.sh` | needs [tessel#877](https://github.com/quill/tessel/pull/877) | OPEN |',
        '',
        '## notes',
        '',
        '**a** — they asked on #2231 for a test; #2188 was auto-closed by the bot on 10-19,',
        'Marta reopened it on 11-02.',
      ].join('\n'),
    );
    expect(r.ambiguous).toEqual([]);
    expect(r.mentions.slice(2).map((m) => [m.ref, m.recordedState])).toEqual([
      ['corvid/whisperlane#2231', null],
      ['corvid/whisperlane#2188', 'OPEN'],
    ]);
  });
});

describe('"Upstream status:" with its text on the heading line (q28)', () => {
  const read = (body: string) =>
    readPatchHeader(
      {
        path: 'p/0004-bloom.patch',
        text: `Subject: [PATCH] bloom: hash with the spec seed\n\n${body}\n---\n x | 1 +\n\ndiff --git a/x b/x\n`,
        defaultRepo: 'amber/strata',
      },
      { layout: null },
    ).mentions.map((m) => [m.line, m.ref, m.role, m.recordedState]);

  it('reads a ref before a parenthetical that wraps past the heading line', () => {
    expect(
      read(
        [
          'Upstream status: merged upstream as #1266 on 2026-11-12 (that one is',
          'ours); first release with it will be 2.7.0. Carry until then.',
        ].join('\n'),
      ),
    ).toEqual([[3, 'amber/strata#1266', 'own', 'MERGED']]);
  });

  it("still lets the heading's own parenthetical wrap", () => {
    expect(
      read(
        [
          'UPSTREAM STATUS (queried 2026-08-01; re-queried',
          '  2026-08-03)',
          '  own PR  #1270 (OPEN)',
        ].join('\n'),
      ),
    ).toEqual([[5, 'amber/strata#1270', 'own', 'OPEN']]);
  });

  it('does not read "if it is merged as #n" as a state', () => {
    expect(read('Upstream status: drop it if it is merged as #1280.')).toEqual([
      [3, 'amber/strata#1280', 'related', null],
    ]);
  });
});

describe('session 13, last queues (q29, q30)', () => {
  it("reads a paragraph that opens with a patch path in bold as that patch's entry", () => {
    const r = ledgerRead(
      [
        'Vendored: [tokserve](https://github.com/tessel/tokserve).',
        '',
        '**fix_bpe_cache.py** — the cache never evicts.',
        '    Upstream: #201, ours (open, 1 approval); backport of [tokserve#150](https://github.com/tessel/tokserve/pull/150)',
        '    Conflicts with: #188 (draft), moves the LRU.',
        '',
        'Not ours, but watch it: #214 adds the alias.',
      ].join('\n'),
    );
    expect(r.patches.map((p) => p.path)).toEqual(['patches/fix_bpe_cache.py']);
    expect(r.mentions.map((m) => [m.ref, m.patch, m.recordedState])).toEqual([
      ['tessel/tokserve#201', 'patches/fix_bpe_cache.py', null],
      ['tessel/tokserve#150', 'patches/fix_bpe_cache.py', null],
      ['tessel/tokserve#188', 'patches/fix_bpe_cache.py', 'DRAFT'],
      ['tessel/tokserve#214', null, null],
    ]);
  });

  it('does not take a sentence that opens with a file name for a patch entry', () => {
    const r = ledgerRead(
      [
        '| patch | upstream PR | PR state |',
        '|---|---|---|',
        '| `disagg/early_send.py` | [#12](https://github.com/o/r/pull/12) | OPEN |',
        '',
        '> `prefill.py` already records the completion event this needs; **drop it** once',
        '> a base synchronizes on that event itself.',
        '',
        '`helper.py`: shared by the scripts, see [#13](https://github.com/o/r/pull/13).',
      ].join('\n'),
    );
    expect(r.patches.map((p) => p.path)).toEqual([
      'patches/disagg/early_send.py',
      'patches/helper.py',
    ]);
  });

  it('reads "3rd-party PR #455" and "router-side PR #463" as the section repo\'s PRs', () => {
    const r = ledgerRead(
      '## relay\n\nUpstream is [relay](https://github.com/q/relay).\n\nissue relay#449; 3rd-party PR #455; our router-side PR #463 got closed.\n',
    );
    expect(r.ambiguous).toEqual([]);
    expect(r.mentions.map((m) => m.ref)).toEqual(['q/relay#449', 'q/relay#455', 'q/relay#463']);
  });

  it('reads the successor of a collision as a collision, and of anything else as the fix', () => {
    const r = ledgerRead(
      [
        '> #8841 (touched our spec-decode anchor too) was CLOSED by its author, superseded by',
        '> #8733. Dropped it from the table.',
        '',
        'Our first cut #8701 was closed, superseded by #8702.',
      ]
        .join('\n')
        .replace(/#(\d+)/g, '[#$1](https://github.com/h/vortex/pull/$1)'),
    );
    expect(r.mentions.map((m) => [m.ref, m.role])).toEqual([
      ['h/vortex#8841', 'related'],
      ['h/vortex#8733', 'anchor-collision'],
      ['h/vortex#8701', 'related'],
      ['h/vortex#8702', 'fix'],
    ]);
  });
});

describe('terse states at the end of a line (q30)', () => {
  it('reads a state word as the last comma item of the ref\'s line, and "reopened"', () => {
    expect(
      header(
        [
          'own PR: acme/engine#201 -- ours, open',
          'conflicts: #188 rewrites the same fn (_bpe_cached), draft',
          '#826 reopened after the design doc went through.',
          'see #190, #191 and the docs, open questions remain.',
        ].join('\n'),
      ),
    ).toEqual([
      [3, 'acme/engine#201', 'OPEN'],
      [4, 'acme/engine#188', 'DRAFT'],
      [5, 'acme/engine#826', 'OPEN'],
      [6, 'acme/engine#190', null],
      [6, 'acme/engine#191', null],
    ]);
  });
});

describe("q30's last false errors", () => {
  it('reads "Not patches: `patches/apply_all.sh`" in a paragraph as the not-patches list', () => {
    const r = ledgerRead(
      '## retired\n\nNone yet.\n\nNot patches: `apply_all.sh` (driver, runs the rest in order).\n',
    );
    expect(r.notPatches).toEqual(['patches/apply_all.sh']);
  });

  it("keeps a PR whose state is written beside it in the PR cell out of the state cell's problems", () => {
    const r = ledgerRead(
      [
        '| patch | upstream | status |',
        '|---|---|---|',
        '| `pin.sh` | blocked on [tok#214](https://github.com/t/tok/pull/214). Our router-side [#463](https://github.com/q/relay/pull/463) got closed | tok#214 OPEN; #463 CLOSED |',
      ].join('\n'),
    );
    expect(r.problems).toEqual([]);
    expect(r.mentions.map((m) => [m.ref, m.recordedState])).toEqual([
      ['t/tok#214', 'OPEN'],
      ['q/relay#463', 'CLOSED'],
    ]);
  });
});

describe('"is still a DRAFT" and "by <handle>, OPEN" (q27)', () => {
  it('reads an upper-case state after "is still a" and after "by <handle>,"', () => {
    expect(header('So: #915 is still a DRAFT as of 11-19 and it rewrites our methods.')).toEqual([
      [3, 'acme/engine#915', 'DRAFT'],
    ]);
    const r = ledgerRead(
      '## runtime\n\n- fix is not ours: [#4388](https://github.com/p/vg/pull/4388) by hanna-l, OPEN, 2 approvals.\n',
    );
    expect(r.mentions.map((m) => [m.ref, m.recordedState])).toEqual([['p/vg#4388', 'OPEN']]);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GITHUB_URL_REF,
  learnAliases,
  mayHoldRef,
  normaliseRepo,
  parseRefValue,
  reposNamed,
  scanRefs,
} from '../src/refs.js';

const ctx = (aliases: Record<string, string> = {}, defaultRepo: string | null = null) => ({
  aliases: new Map(Object.entries(aliases)),
  defaultRepo,
});

describe('scanRefs', () => {
  it('reads URLs, full refs, aliases and bare numbers in order', () => {
    const text =
      '[engine#4101](https://github.com/Example-Org/engine/pull/4101) rewrites it; #3712 moves it, see example-org/transport#275 and engine#12, #13';
    const refs = scanRefs(text, ctx({ engine: 'example-org/engine' }));
    expect(refs.map((r) => [r.key, r.form, r.kindHint])).toEqual([
      ['example-org/engine#4101', 'alias', null],
      ['example-org/engine#4101', 'url', 'pr'],
      ['example-org/engine#3712', 'bare', null],
      ['example-org/transport#275', 'full', null],
      ['example-org/engine#12', 'alias', null],
      ['example-org/engine#13', 'bare', null],
    ]);
  });

  it('marks a bare #N without any repo in reach as ambiguous, never guessing', () => {
    const [r] = scanRefs('fixed by #178', ctx());
    expect(r).toMatchObject({ key: null, ambiguous: true });
  });

  it('reads "internal PR #178" as the project\'s own tracker, and "<repo name> PR #N" as that repo', () => {
    const [internal] = scanRefs('org/x#1 then internal PR #178', ctx()).slice(1);
    expect(internal).toMatchObject({ key: null, internal: true, ambiguous: false });
    const aliases = { infera: 'amd-agi/infera', sglang: 'sgl-project/sglang' };
    const refs = scanRefs('org/x#1; Infera PR #178 and sglang #30265, see #9', ctx(aliases));
    expect(refs.map((r) => r.key)).toEqual([
      'org/x#1',
      'amd-agi/infera#178',
      'sgl-project/sglang#30265',
      'org/x#9',
    ]);
  });

  it('reads "<name> PR #N" with a name no alias knows as that name\'s, ambiguous, never the fallback repo\'s', () => {
    const text = 'org/x#1; see libcodec PR #2846 and Infera pull request #7 (libcodec PR\n#12)';
    const refs = scanRefs(text, ctx()).slice(1);
    expect(refs.map((r) => [r.key, r.ambiguous, r.text])).toEqual([
      [null, true, 'libcodec PR #2846'],
      [null, true, 'Infera pull request #7'],
      [null, true, 'libcodec PR\n#12'],
    ]);
    // Its span is what is written, name included, as for `libcodec#2846`.
    expect(text.slice(refs[0]!.start, refs[0]!.end)).toBe('libcodec PR #2846');
    // The default repo does not take it either.
    expect(scanRefs('libcodec issue #5', ctx({}, 'a/b'))[0]).toMatchObject({
      key: null,
      ambiguous: true,
    });
    // A known name still wins, on one line or wrapped.
    expect(scanRefs('org/x#1 (vllm PR\n#12)', ctx({ vllm: 'v/vllm' }))[1]?.key).toBe('v/vllm#12');
  });

  it('reads "<alias> side: #N" as that repo\'s, for the bare refs after it too', () => {
    const refs = scanRefs(
      'none on ours. kvrail side: #615 (CLOSED as dup of #629?)',
      ctx({ kvrail: 'k/kvrail' }, 'f/fern'),
    );
    expect(refs.map((r) => r.key)).toEqual(['k/kvrail#615', 'k/kvrail#629']);
    expect(scanRefs('other side: #7', ctx({}, 'f/fern'))[0]?.key).toBe('f/fern#7');
  });

  it("gives the project's own repository its internal PRs and its name's PRs, when known", () => {
    const own = { ...ctx({}, 'sgl-project/sglang'), ownRepo: 'acme-ai/infera' };
    const text =
      'internal PR #178, an internal pull request #179, Infera PR #180, acme-ai issue #181; ' +
      'internal ticket #5, internal#6, and sglang PR #7';
    const refs = scanRefs(text, own);
    expect(refs.map((r) => r.key ?? (r.internal ? 'internal' : 'ambiguous'))).toEqual([
      'acme-ai/infera#178',
      'acme-ai/infera#179',
      'acme-ai/infera#180',
      'acme-ai/infera#181',
      'internal',
      'internal',
      'sgl-project/sglang#7',
    ]);
    // A fork named like its upstream: the name is the upstream's, as the context says.
    const fork = { ...ctx({}, 'vllm-project/vllm'), ownRepo: 'acme-ai/vllm' };
    expect(scanRefs('vllm PR #5', fork)[0]?.key).toBe('vllm-project/vllm#5');
    // Unknown, as before: internal PRs unasked, other names ambiguous.
    expect(scanRefs('internal PR #178; Infera PR #180', ctx({}, 'a/b'))).toMatchObject([
      { key: null, internal: true },
      { key: null, ambiguous: true },
    ]);
  });

  it('keeps the fallback repo for "PR #N" qualified by words, not names', () => {
    const text =
      'org/x#1: own PR #2, third-party PR #3, the MERGED PR #4. Merge pull request #5; ' +
      'fixes issue #6, a tracking issue #7, its follow-up PR #8. It was reverted. PR #9 relands it; ' +
      'x PR #10 and org issue #11 name the repo itself';
    expect(scanRefs(text, ctx()).map((r) => r.key)).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((n) => `org/x#${n}`),
    );
  });

  it('uses the default repo for bare refs when no full ref precedes', () => {
    expect(scanRefs('#3500 and issues/#x', ctx({}, 'a/b'))[0]?.key).toBe('a/b#3500');
  });

  it('skips internal#N and flags unknown aliases', () => {
    const refs = scanRefs('internal#5 and foo#7', ctx());
    expect(refs[0]).toMatchObject({ internal: true, key: null });
    expect(refs[1]).toMatchObject({ ambiguous: true, key: null });
  });

  it('reads #a/#b written without spaces as two refs', () => {
    expect(scanRefs('#3001/#3002', ctx({}, 'o/r')).map((r) => r.key)).toEqual([
      'o/r#3001',
      'o/r#3002',
    ]);
  });

  it('reads a one-digit #N that a counting word numbers as no ref ("attempt #1", "step #3")', () => {
    const text =
      'Upstream attempt #1 was engine#7522; step #3 of the runbook, gdb patch #8, see #4 and our first try #4417.';
    const refs = scanRefs(text, ctx({ engine: 'example-org/engine' }));
    expect(refs.map((r) => r.key)).toEqual([
      'example-org/engine#7522',
      'example-org/engine#4',
      'example-org/engine#4417',
    ]);
  });

  it('ignores markdown headings, anchors and html entities', () => {
    expect(scanRefs('## engine\n&#8243; file.py#L30 x#y', ctx())).toEqual([]);
  });

  it('reads issue URLs as issues and trims a trailing dot', () => {
    const [r] = scanRefs('see https://github.com/o/r/issues/9.', ctx());
    expect(r).toMatchObject({ key: 'o/r#9', kindHint: 'issue' });
  });

  it("takes a PR's tab and a fragment into the URL's text, nothing past them", () => {
    const found = scanRefs(
      [
        'https://github.com/o/r/pull/5/files (OPEN)',
        'https://github.com/o/r/pull/6/commits/0badc0ffee12 x',
        'https://github.com/o/r/issues/7#issuecomment-99, y',
        'https://github.com/o/r/pull/8/filesystem z',
      ].join('\n'),
      ctx(),
    );
    expect(found.map((r) => [r.key, r.text.replace('https://github.com/o/r/', '')])).toEqual([
      ['o/r#5', 'pull/5/files'],
      ['o/r#6', 'pull/6/commits/0badc0ffee12'],
      ['o/r#7', 'issues/7#issuecomment-99'],
      ['o/r#8', 'pull/8'],
    ]);
  });

  it('stays linear on a very long line', () => {
    const line = 'a'.repeat(200_000) + ' ' + 'b/'.repeat(50_000) + '#1';
    const started = process.hrtime.bigint();
    scanRefs(line, ctx());
    // Guard against catastrophic backtracking, not a benchmark: seconds, not ms.
    expect(Number(process.hrtime.bigint() - started) / 1e9).toBeLessThan(5);
  });
});

describe('parseRefValue', () => {
  it('parses record ref values', () => {
    expect(parseRefValue('example-org/engine#3500', ctx())).toEqual({
      key: 'example-org/engine#3500',
      kindHint: null,
    });
    expect(parseRefValue('internal#4', ctx())).toEqual({ internal: true });
    expect(parseRefValue('#4', ctx())).toEqual({ ambiguous: true });
    expect(parseRefValue('#4', ctx({}, 'a/b'))).toEqual({ key: 'a/b#4', kindHint: null });
    expect(parseRefValue('not a ref', ctx())).toEqual({ invalid: true });
  });
});

describe('learnAliases / normaliseRepo', () => {
  it('learns aliases from link texts', () => {
    const m = learnAliases(
      '[engine#4101](https://github.com/example-org/engine/pull/4101) [`tr#2`](https://github.com/Ex/Transport/issues/2)',
    );
    expect([...m]).toEqual([
      ['engine', 'example-org/engine'],
      ['tr', 'ex/transport'],
      // A repo written in full teaches its own name after the links have taught theirs.
      ['transport', 'ex/transport'],
    ]);
  });

  it("learns a repo's own name from `owner/repo#N` and PR URLs, links first", () => {
    const m = learnAliases(
      'see `AMD-AGI/Infera#67`, https://github.com/sgl-project/sglang/pull/12 and [sglang#1](https://github.com/fork/sglang/pull/1)',
    );
    expect([...m]).toEqual([
      ['sglang', 'fork/sglang'],
      ['infera', 'amd-agi/infera'],
    ]);
  });

  it('teaches the same text again into any map, what is there already winning', () => {
    const text = '[e#1](https://github.com/o/engine/pull/1) and o/tool#2';
    expect([...learnAliases(text, new Map([['e', 'mine/e']]))]).toEqual([
      ['e', 'mine/e'],
      ['engine', 'o/engine'],
      ['tool', 'o/tool'],
    ]);
    expect([...learnAliases(text)]).toEqual([
      ['e', 'o/engine'],
      ['engine', 'o/engine'],
      ['tool', 'o/tool'],
    ]);
    for (let i = 0; i < 6; i++) learnAliases(`o/r${i}#1`);
    expect([...learnAliases(text)]).toEqual([
      ['e', 'o/engine'],
      ['engine', 'o/engine'],
      ['tool', 'o/tool'],
    ]);
  });
  it('normalises repos', () => {
    expect(normaliseRepo(' Example-Org/Engine ')).toBe('example-org/engine');
    expect(normaliseRepo('nope')).toBeNull();
  });
});

describe('ref numbers GitHub cannot have', () => {
  it('takes no digit string longer than ten digits as a ref: ambiguous, key null, never 1e+21', () => {
    const text =
      'o/x#99999999999 and https://github.com/o/x/pull/1234567890123 and x#999999999999999999999999, #12345678901';
    const refs = scanRefs(text, ctx({ x: 'o/x' }, 'o/x'));
    expect(refs.map((r) => [r.text, r.key, r.ambiguous, r.form])).toEqual([
      ['o/x#99999999999', null, true, 'full'],
      ['https://github.com/o/x/pull/1234567890123', null, true, 'url'],
      ['x#999999999999999999999999', null, true, 'alias'],
      ['#12345678901', null, true, 'bare'],
    ]);
    expect(parseRefValue('o/x#99999999999', ctx())).toEqual({ ambiguous: true });
  });

  it('keeps a key for ten digits, even over 2^31-1 (the GitHub client answers that one itself)', () => {
    expect(scanRefs('o/x#2147483647 o/x#9999999999', ctx()).map((r) => r.key)).toEqual([
      'o/x#2147483647',
      'o/x#9999999999',
    ]);
  });

  it('still takes the repo of a full ref with a too-long number for the bare refs after it', () => {
    expect(scanRefs('o/x#99999999999 then #5', ctx()).map((r) => r.key)).toEqual([null, 'o/x#5']);
  });

  it('leaves internal#N with a long number internal, not ambiguous', () => {
    expect(scanRefs('internal#123456789012345', ctx())[0]).toMatchObject({
      internal: true,
      ambiguous: false,
      key: null,
    });
  });
});

describe('shortcuts that must not change what is read', () => {
  const pieces = fc.constantFrom(
    'https://github.com/o/x/issues/1',
    'https://www.github.com/O/X.git/pull/2',
    'O/x.#3',
    'h',
    'http',
    'https://',
    'http://www.',
    'github.com/',
    'o/',
    'x',
    '/pull/',
    '/issues/',
    '#',
    '#1',
    '12',
    'a',
    'internal ',
    'PR ',
    ' ',
    '.',
    '-',
    '&',
    '`',
  );
  const texts = fc.array(pieces, { maxLength: 30 }).map((parts) => parts.join(''));

  it('every ref holds a `#`, starts with `http` or is written "<alias> PR <n>", so other text is not scanned', () => {
    fc.assert(
      fc.property(texts, (text) => {
        for (const ref of scanRefs(text, ctx({ x: 'o/x' }))) {
          expect(
            ref.text.includes('#') || ref.text.startsWith('http') || / PR +\d+$/.test(ref.text),
          ).toBe(true);
          expect(mayHoldRef(text)).toBe(true);
        }
      }),
      { seed: 20261214, numRuns: 2000 },
    );
  });

  it("builds a full ref's key as the repo cleaned, lower-cased, and the number", () => {
    const names = fc
      .array(fc.constantFrom('a', 'B', 'x', '.', '.git', '.GiT', '-', '_', 't', 'T', '9'), {
        minLength: 1,
        maxLength: 6,
      })
      .map((parts) => `O${parts.join('')}`);
    fc.assert(
      fc.property(names, fc.constantFrom('7', '007', '12345'), (name, n) => {
        const [ref] = scanRefs(`see Own-er/${name}#${n} now`, ctx());
        const clean = name.replace(/\.+$/, '').replace(/\.git$/i, '');
        expect(ref?.key).toBe(`own-er/${clean}`.toLowerCase() + `#${Number(n)}`);
      }),
      { seed: 20261214, numRuns: 2000 },
    );
  });

  it('reposNamed names the repos of the URL, full and known-alias refs scanRefs finds', () => {
    const aliases = new Map([['x', 'o/x']]);
    const clean = (name: string) => name.replace(/\.+$/, '').replace(/\.git$/i, '');
    fc.assert(
      fc.property(texts, (text) => {
        const expected = new Set<string>();
        for (const ref of scanRefs(text, { aliases, defaultRepo: null })) {
          const url = /github\.com\/([^/]+)\/([^/]+)\//.exec(ref.text);
          const full = /^([^/]+)\/(.+)#/.exec(ref.text);
          if (ref.form === 'url' && url) expected.add(`${url[1]}/${clean(url[2]!)}`.toLowerCase());
          else if (ref.form === 'full' && full)
            expected.add(`${full[1]}/${clean(full[2]!)}`.toLowerCase());
          else if (ref.form === 'alias' && !ref.ambiguous && !ref.internal)
            expected.add(aliases.get(ref.text.split('#')[0]!.toLowerCase())!);
        }
        expect(reposNamed(text, aliases)).toEqual(expected);
      }),
      { seed: 20261214, numRuns: 2000 },
    );
  });

  it('GITHUB_URL_REF anchored says what a first ref that is a URL at offset 0 says', () => {
    const anchored = new RegExp(`^${GITHUB_URL_REF}`);
    fc.assert(
      fc.property(texts, (text) => {
        const first = scanRefs(text.trim(), ctx())[0];
        const byScan = first !== undefined && first.form === 'url' && first.start === 0;
        expect(anchored.test(text.trim())).toBe(byScan);
      }),
      { seed: 20261214, numRuns: 2000 },
    );
  });
});

describe('"<alias> PR <n>" written without #', () => {
  it('reads a known alias with PR and a number, and leaves an unknown name and GCC\'s "PR 30012" as text', () => {
    const refs = scanRefs(
      'Ride on orbis PR 8240 (cmaddox); gcc PR 30012 and PR c++/112 are GCC bugs; see #12.',
      { aliases: new Map([['orbis', 'quill/orbis']]), defaultRepo: 'quill/orbis' },
    );
    expect(refs.map((r) => [r.key, r.text])).toEqual([
      ['quill/orbis#8240', 'orbis PR 8240'],
      ['quill/orbis#12', '#12'],
    ]);
  });
});

describe('internal PRs of another internal repository', () => {
  it('keeps "internal PR #61 (halyard repo)" internal, and "internal PR #62" the project\'s own', () => {
    const refs = scanRefs(
      'Fix is internal PR #61 (halyard repo); the split was internal PR #62; internal PR #63 in the anvil repo; internal PR #64 in the harbor-serve repo.',
      { aliases: new Map(), defaultRepo: 'o/engine', ownRepo: 'tide/harbor-serve' },
    );
    expect(refs.map((r) => [r.key, r.internal === true])).toEqual([
      [null, true],
      ['tide/harbor-serve#62', false],
      [null, true],
      ['tide/harbor-serve#64', false],
    ]);
  });
});

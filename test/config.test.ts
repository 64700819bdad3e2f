import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config-parse.js';
import { isIgnored, loadConfig, repoForPatch, ruleSeverity } from '../src/config.js';
import { DEFAULT_CONFIG, type Config } from '../src/config-types.js';

const FULL = `# upstream-status configuration for the inference images
ledgers: [deploy/docker/patch.upstream.status.md]   # default: discovered
records: ["deploy/docker/patches/**/*.upstream.status.yaml"]
exclude: ["third_party/**"]
patches:
  dir: ./deploy/docker/patches/
  exclude: ["**/notes/**", "_schema/**"]   # added to the defaults
  extensions: [.patch, .DIFF, .py]
repos:
  aliases: { Engine: Example-Org/Engine, transport: example-org/transport }
  defaults:
    "transport/": example-org/transport    # by patch folder
    engine_core: example-org/engine
bases: { Example-Org/engine: v0.5.17, example-org/transport: "0.9" }
ignore: ["example-org/platform#*", "Example-Org/Engine#12", "internal#*"]
rules:
  stale-check: { severity: warning, maxAgeDays: 14 }
  drop-candidate: { severity: off }
  ambiguous-ref: error          # shorthand for { severity: error }
github: { chunkSize: 50, concurrency: 8, timeoutSeconds: 120 }
`;

function configWith(over: Partial<Config>): Config {
  return { ...structuredClone(DEFAULT_CONFIG), ...over };
}

describe('parseConfig', () => {
  it('reads every §7 key, normalising paths, aliases and repos', () => {
    const { config, errors } = parseConfig(FULL, '.upstream-status.yml');
    expect(errors).toEqual([]);
    expect(config).toEqual({
      ledgers: ['deploy/docker/patch.upstream.status.md'],
      records: ['deploy/docker/patches/**/*.upstream.status.yaml'],
      exclude: ['third_party/**'],
      patches: {
        dir: 'deploy/docker/patches',
        exclude: [...DEFAULT_CONFIG.patches.exclude, '**/notes/**'],
        extensions: ['.patch', '.diff', '.py'],
      },
      repos: {
        aliases: { engine: 'example-org/engine', transport: 'example-org/transport' },
        defaults: { transport: 'example-org/transport', engine_core: 'example-org/engine' },
      },
      bases: { 'example-org/engine': 'v0.5.17', 'example-org/transport': '0.9' },
      ignore: ['example-org/platform#*', 'example-org/engine#12', 'internal#*'],
      rules: {
        'stale-check': { severity: 'warning', maxAgeDays: 14 },
        'drop-candidate': { severity: 'off' },
        'ambiguous-ref': { severity: 'error' },
      },
      limits: { maxFiles: 100_000, maxFileMB: 2, maxPatchMB: 64 },
      packages: {},
      github: {
        chunkSize: 50,
        concurrency: 8,
        timeoutSeconds: 120,
        budget: null,
        webHost: 'github.com',
        maxResponseMB: 8,
        allowInsecureHttp: false,
      },
    } satisfies Config);
  });

  it('returns every mistake with its key path and line, not just the first', () => {
    const text = [
      'colour: true', // 1 unknown top-level key
      'rules:', // 2
      '  stale-chek: { severity: warning }', // 3 unknown rule id
      '  stale-check:', // 4
      '    maxAgeDays: "30"', // 5 wrong type
      '    severity: fatal', // 6 bad severity
      '  state-drift: { maxAgeDays: 3 }', // 7 option of another rule
      'repos:', // 8
      '  aliases: { engine: example-org }', // 9 repo without slash
      '  defaults: { "../x": a/b }', // 10 leaves the root
      'ignore: ["example-org/engine#abc", 42]', // 11 bad pattern, wrong type
      'patches: { exclude: ["{a,b"], extensions: [patch], colour: 1 }', // 12
      'github: { chunkSize: 0, concurrency: 2.5, timeoutSeconds: 601 }', // 13
      'ledgers: deploy/ledger.md', // 14 not a list
      'bases: { engine: v1, example-org/x: 0.5 }', // 15
    ].join('\n');
    const { errors, config } = parseConfig(text, 'cfg.yml');
    expect(errors.map((e) => [e.line, e.key])).toEqual([
      [1, 'colour'],
      [3, 'rules.stale-chek'],
      [5, 'rules.stale-check.maxAgeDays'],
      [6, 'rules.stale-check.severity'],
      [7, 'rules.state-drift.maxAgeDays'],
      [9, 'repos.aliases.engine'],
      [10, 'repos.defaults.../x'],
      [11, 'ignore[0]'],
      [11, 'ignore[1]'],
      [12, 'patches.exclude[0]'],
      [12, 'patches.extensions[0]'],
      [12, 'patches.colour'],
      [13, 'github.chunkSize'],
      [13, 'github.concurrency'],
      [13, 'github.timeoutSeconds'],
      [14, 'ledgers'],
      [15, 'bases.engine'],
      [15, 'bases.example-org/x'],
    ]);
    expect(errors.every((e) => e.file === 'cfg.yml')).toBe(true);
    expect(errors[1]!.message).toContain('unknown rule "stale-chek"');
    expect(errors[2]!.message).toBe('expected a positive integer, got "30"');
    expect(errors[3]!.message).toContain('error, warning, notice, off');
    expect(errors[5]!.message).toContain('owner/repo');
    expect(errors[16]!.message).toContain('owner/repo');
    expect(errors[17]!.message).toContain('quote version numbers');
    // The invalid parts keep their defaults.
    expect(config.github).toEqual(DEFAULT_CONFIG.github);
    expect(config.ledgers).toBeNull();
  });

  it.each([
    ['0', 'rules: { stale-check: { maxAgeDays: 0 } }'],
    ['a fraction', 'rules: { stale-check: { maxAgeDays: 1.5 } }'],
    ['nothing', 'rules: { stale-check: { maxAgeDays: } }'],
  ])('rejects maxAgeDays of %s', (_, text) => {
    expect(parseConfig(text, 'c').errors.map((e) => e.key)).toEqual([
      'rules.stale-check.maxAgeDays',
    ]);
  });

  it.each([
    ['ledgers: [/etc/ledger.md]', 'ledgers[0]', 'must be relative to the root'],
    ['patches: { dir: ../elsewhere }', 'patches.dir', 'must stay inside the root'],
    ['records: ["a/{b"]', 'records[0]', 'unmatched {'],
    ['repos: { aliases: { internal: a/b } }', 'repos.aliases.internal', 'cannot be an alias'],
    ['repos: { aliases: { 9x: a/b } }', 'repos.aliases.9x', 'cannot be an alias'],
    ['ignore: ["engine#*"]', 'ignore[0]', 'expected owner/repo#*'],
    ['ignore: ["a/b#0"]', 'ignore[0]', 'expected owner/repo#*'],
    ['rules: { ? [a] : x }', 'rules', 'keys must be plain strings'],
    ['rules: { unindexed-patch: loud }', 'rules.unindexed-patch', 'expected one of'],
    ['rules: [state-drift]', 'rules', 'expected a mapping, got a list'],
    ['github: { concurrency: "4" }', 'github.concurrency', 'an integer from 1 to 16'],
  ])('rejects %s', (text, key, message) => {
    const { errors } = parseConfig(text, 'c');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ line: 1, key });
    expect(errors[0]!.message).toContain(message);
  });

  it.each(['', '# nothing configured yet\n', '---\n'])('reads %j as the defaults', (text) => {
    expect(parseConfig(text, 'c')).toEqual({ config: DEFAULT_CONFIG, errors: [] });
  });

  it('does not share arrays with DEFAULT_CONFIG', () => {
    parseConfig('', 'c').config.patches.exclude.push('x');
    expect(DEFAULT_CONFIG.patches.exclude).not.toContain('x');
  });

  it('reports YAML syntax errors with their line', () => {
    const { errors } = parseConfig(
      'ledgers: [a.md]\nrules:\n  stale-check: { severity: warning\n',
      'c',
    );
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toMatchObject({ file: 'c', key: '', line: expect.any(Number) as number });
    expect(errors[0]!.line).toBeGreaterThanOrEqual(3);
  });

  it('reports a duplicate key as a syntax error on its line', () => {
    const { errors } = parseConfig('ignore: []\nignore: []\n', 'c');
    expect(errors).toMatchObject([{ line: 2, key: '' }]);
  });

  it('wants a mapping at the top level', () => {
    expect(parseConfig('- a\n', 'c').errors).toMatchObject([
      { line: 1, key: '', message: 'expected a mapping, got a list' },
    ]);
  });

  it('follows YAML aliases', () => {
    const { config, errors } = parseConfig('bases: { a/b: &v v1, c/d: *v }\n', 'c');
    expect(errors).toEqual([]);
    expect(config.bases).toEqual({ 'a/b': 'v1', 'c/d': 'v1' });
  });

  it('reads null values as "use the default"', () => {
    const { config, errors } = parseConfig('ledgers:\npatches: { dir: null }\nrules:\n', 'c');
    expect(errors).toEqual([]);
    expect(config).toEqual(DEFAULT_CONFIG);
  });
});

describe('loadConfig', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'us-config-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('uses the defaults when there is no config file', async () => {
    expect(await loadConfig(root, null)).toEqual({
      config: DEFAULT_CONFIG,
      file: null,
      errors: [],
    });
  });

  it.each(['.upstream-status.yml', '.upstream-status.yaml'])(
    'finds %s in the root',
    async (name) => {
      await writeFile(path.join(root, name), 'ignore: ["a/b#*"]\n');
      const loaded = await loadConfig(root, null);
      expect(loaded).toMatchObject({ file: name, errors: [] });
      expect(loaded.config.ignore).toEqual(['a/b#*']);
    },
  );

  it('refuses to guess between .yml and .yaml', async () => {
    await writeFile(path.join(root, '.upstream-status.yml'), 'ignore: ["a/b#*"]\n');
    await writeFile(path.join(root, '.upstream-status.yaml'), 'ignore: []\n');
    const loaded = await loadConfig(root, null);
    expect(loaded.file).toBe('.upstream-status.yml');
    expect(loaded.errors).toMatchObject([{ file: '.upstream-status.yaml', line: 0 }]);
  });

  it('reads an explicit file, which wins over the root one', async () => {
    await writeFile(path.join(root, '.upstream-status.yml'), 'ignore: ["a/b#*"]\n');
    const explicit = path.join(root, 'other.yml');
    await writeFile(explicit, 'github: { chunkSize: 7 }\n');
    const loaded = await loadConfig(root, explicit);
    expect(loaded).toMatchObject({ file: explicit, errors: [] });
    expect(loaded.config.github.chunkSize).toBe(7);
    expect(loaded.config.ignore).toEqual([]);
  });

  it('errors when the explicit file does not exist', async () => {
    const missing = path.join(root, 'missing.yml');
    const loaded = await loadConfig(root, missing);
    expect(loaded.errors).toEqual([
      { file: missing, line: 0, key: '', message: 'configuration file not found' },
    ]);
    expect(loaded.config).toEqual(DEFAULT_CONFIG);
  });

  it('reports an unreadable file rather than throwing', async () => {
    await mkdir(path.join(root, 'dir.yml'));
    const loaded = await loadConfig(root, path.join(root, 'dir.yml'));
    expect(loaded.errors[0]!.message).toBe('cannot read: EISDIR');
  });

  it('names the file in validation errors', async () => {
    await writeFile(path.join(root, '.upstream-status.yml'), 'nope: 1\n');
    expect((await loadConfig(root, null)).errors).toMatchObject([
      { file: '.upstream-status.yml', line: 1, key: 'nope' },
    ]);
  });
});

describe('isIgnored', () => {
  const config = configWith({
    ignore: ['example-org/platform#*', 'example-org/engine#12', 'internal#*'],
  });

  it.each([
    ['example-org/platform#69', true],
    ['example-org/platform#1', true],
    ['example-org/engine#12', true],
    ['example-org/engine#120', false],
    ['example-org/engine#1', false],
    ['example-org/platforms#1', false],
    ['internal#178', true],
    ['other/internal#178', false],
  ])('%s → %s', (ref, expected) => {
    expect(isIgnored(config, ref)).toBe(expected);
  });

  it('compares owner/repo case-insensitively, whatever the casing of either side', () => {
    const { config: loaded } = parseConfig('ignore: ["Example-Org/Platform#*"]', 'c');
    expect(isIgnored(loaded, 'example-org/platform#3')).toBe(true);
    expect(
      isIgnored(configWith({ ignore: ['Example-Org/Platform#*'] }), 'EXAMPLE-ORG/platform#3'),
    ).toBe(true);
  });

  it('ignores nothing by default', () => {
    expect(isIgnored(DEFAULT_CONFIG, 'example-org/platform#69')).toBe(false);
  });
});

describe('repoForPatch', () => {
  const config = configWith({
    repos: {
      aliases: {},
      defaults: {
        engine: 'org/engine',
        'engine/npu': 'org/engine-npu',
        'deploy/docker/patches/transport': 'org/transport',
        '': 'org/fallback',
      },
    },
  });
  const dir = 'deploy/docker/patches';

  it('takes the longest prefix relative to the patches folder', () => {
    expect(repoForPatch(config, `${dir}/engine/fix.py`, dir)).toBe('org/engine');
    expect(repoForPatch(config, `${dir}/engine/npu/fix.py`, dir)).toBe('org/engine-npu');
  });

  it('also reads keys relative to the root', () => {
    expect(repoForPatch(config, `${dir}/transport/x.diff`, dir)).toBe('org/transport');
    expect(repoForPatch(config, `${dir}/transport/x.diff`, null)).toBe('org/transport');
  });

  it('matches whole folder names only, then falls back to a root-wide key', () => {
    expect(repoForPatch(config, `${dir}/engine_extra/x.py`, dir)).toBe('org/fallback');
  });

  it('returns null when no key covers the patch', () => {
    const noFallback = configWith({ repos: { aliases: {}, defaults: { engine: 'org/engine' } } });
    expect(repoForPatch(noFallback, 'elsewhere/x.py', dir)).toBeNull();
    expect(repoForPatch(DEFAULT_CONFIG, `${dir}/engine/x.py`, dir)).toBeNull();
  });

  it('works on keys loaded from YAML with trailing slashes', () => {
    const { config: loaded } = parseConfig(
      'repos: { defaults: { "transport/": org/transport } }',
      'c',
    );
    expect(repoForPatch(loaded, 'p/transport/x.diff', 'p')).toBe('org/transport');
  });
});

describe('ruleSeverity', () => {
  const config = configWith({
    rules: {
      'drop-candidate': { severity: 'off' },
      'stale-check': { maxAgeDays: 3 },
      'ambiguous-ref': { severity: 'error' },
    },
  });

  it('returns the configured severity, including off', () => {
    expect(ruleSeverity(config, 'drop-candidate', 'notice')).toBe('off');
    expect(ruleSeverity(config, 'ambiguous-ref', 'warning')).toBe('error');
  });

  it('falls back to the default when the rule or its severity is not configured', () => {
    expect(ruleSeverity(config, 'stale-check', 'warning')).toBe('warning');
    expect(ruleSeverity(config, 'state-drift', 'error')).toBe('error');
  });
});

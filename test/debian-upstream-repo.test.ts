/**
 * debianUpstreamRepo (src/recipe-repo.ts): the upstream a Debian package's
 * fields name, never the packaging repository of its `Vcs-*` fields.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { debianUpstreamRepo } from '../src/recipe-repo.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'us-debian-repo-'));
  await mkdir(path.join(root, 'pkg', 'debian', 'patches'), { recursive: true });
  await mkdir(path.join(root, 'pkg', 'debian', 'upstream'), { recursive: true });
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const write = (rel: string, text: string) => writeFile(path.join(root, 'pkg', 'debian', rel), text);
const repoOf = () =>
  debianUpstreamRepo(root, 'pkg/debian/patches/0001-x.patch', new Map<string, Set<string>>());

describe('the upstream of a Debian package', () => {
  it('is the one repository its Homepage, Source and upstream metadata name, never its Vcs-*', async () => {
    await write(
      'control',
      'Source: tallow\nHomepage: https://github.com/Tallow-Dev/tallow\nVcs-Git: https://github.com/pkg-team/tallow.git\n',
    );
    await write('copyright', 'Source: https://github.com/tallow-dev/tallow/releases\n');
    await write(
      'upstream/metadata',
      'Bug-Database: https://github.com/tallow-dev/tallow/issues\nRepository: https://github.com/tallow-dev/tallow.git\n',
    );
    expect(repoOf()).toBe('tallow-dev/tallow');
  });

  it('is none when the fields name two repositories, or none at all', async () => {
    await write('control', 'Homepage: https://tallow.example.org\n');
    expect(repoOf()).toBeNull();
    await write(
      'watch',
      'version=4\nhttps://github.com/tallow-dev/tallow/tags .*/v?(\\d\\S+)\\.tar\\.gz\n',
    );
    await write('copyright', 'Source: https://github.com/tallow-fork/tallow\n');
    expect(repoOf()).toBeNull();
  });

  it('is none for a patch outside debian/patches', () => {
    expect(debianUpstreamRepo(root, 'patches/0001-x.patch', new Map())).toBeNull();
  });
});

/** `footprint`: what each patch touches upstream, read statically; no network. */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Collected } from '../collect.js';
import type { Config } from '../config-types.js';
import { locateAtBase, type FileAtBase } from '../footprint/at-base.js';
import type { Footprint } from '../footprint/types.js';
import { createLocalContents, fileKey, git } from '../github/contents.js';
import { baseRevision, basesFor, collectPinnedBases } from '../rules/pinned.js';
import { UsageError } from '../errors.js';
import { EXIT } from '../errors.js';
import { collectFootprints } from '../footprint/collect.js';
import { footprintJson, footprintText } from '../footprint/format.js';
import { prepare, VERSION } from './shared.js';
import { writeOut } from '../stdio.js';

export interface FootprintFlags {
  root?: string;
  config?: string;
  today?: string;
  format: 'text' | 'json';
  output?: string;
  /** A local upstream checkout: show where each anchor sits at the patch's pinned base. */
  upstreamDir?: string;
}

export async function footprintCommand(flags: FootprintFlags): Promise<number> {
  const base = await prepare(flags);
  const { footprints, collected } = await collectFootprints(base.root, base.config);
  const bases = flags.upstreamDir
    ? await readBases(path.resolve(flags.upstreamDir), footprints, collected, base.config)
    : new Map<string, FileAtBase[]>();
  const out =
    flags.format === 'json'
      ? footprintJson(footprints, VERSION, bases, base.shownRoot)
      : footprintText(footprints, bases, base.shownRoot);
  if (flags.output) await writeFile(flags.output, out);
  else writeOut(out);
  return collected.unreadable.length > 0 ? EXIT.usage : EXIT.ok;
}

/** Each footprint at its pinned base, read from a local checkout. */
async function readBases(
  dir: string,
  footprints: readonly Footprint[],
  collected: Collected,
  config: Config,
): Promise<Map<string, FileAtBase[]>> {
  if ((await git(dir, ['rev-parse', '--git-dir'])) === null)
    throw new UsageError(`--upstream-dir ${dir} is not a git checkout`);
  const pinned = collectPinnedBases(collected.sources, config);
  const contents = createLocalContents({ dir });
  const out = new Map<string, FileAtBase[]>();
  for (const fp of footprints) {
    const repo = fp.files.find((f) => f.repo !== null)?.repo ?? fp.repo;
    const pin = repo === null ? undefined : basesFor(pinned, repo, fp.patch)[0];
    if (!pin || fp.files.length === 0) continue;
    const rev = baseRevision(pin);
    const wanted = fp.files.flatMap((f) =>
      f.candidates.map((p) => ({ repo: '', ref: rev, path: p })),
    );
    const read = await contents.readFiles(wanted);
    out.set(
      fp.patch,
      locateAtBase(fp, pin.ref, (p) => {
        const c = read.files.get(fileKey({ repo: '', ref: rev, path: p }));
        return c?.kind === 'text' ? c.text : null;
      }),
    );
  }
  return out;
}

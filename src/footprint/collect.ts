/**
 * The shell around the pure readers: the footprint of every live patch in
 * the tree, read from disk beside its record.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config-types.js';
import { collectSources, type Collected } from '../collect.js';
import { patchTargets } from '../rebase/targets.js';
import { buildFootprint } from './build.js';
import { readRecordTarget } from './record-target.js';
import type { Footprint } from './types.js';

export async function collectFootprints(
  root: string,
  config: Config,
  given?: Collected,
): Promise<{ footprints: Footprint[]; collected: Collected }> {
  const collected = given ?? (await collectSources(root, config));
  const footprints: Footprint[] = [];
  for (const target of patchTargets(collected, config)) {
    let text: string;
    try {
      text = await readFile(path.join(root, target.patch), 'utf8');
    } catch (error) {
      footprints.push({
        patch: target.patch,
        kind: 'other',
        repo: target.repo,
        files: [],
        hunks: [],
        companions: [],
        unreadable: [
          {
            line: 1,
            reason: `cannot read it: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
          },
        ],
        anchorsFrom: null,
      });
      continue;
    }
    const record = collected.sources.find(
      (s) => s.source.kind === 'record' && s.patches.some((p) => p.path === target.patch),
    );
    const recordText = record ? collected.texts.get(record.source.path) : undefined;
    footprints.push(
      buildFootprint(
        {
          patch: target.patch,
          repo: target.repo,
          text,
          record: recordText === undefined ? null : readRecordTarget(recordText),
          recordPath: record?.source.path ?? null,
        },
        config.packages,
        collected.patchFiles,
      ),
    );
  }
  return { footprints, collected };
}

/** `footprint`: what each patch touches upstream, read statically; no network. */
import { writeFile } from 'node:fs/promises';
import { EXIT } from '../errors.js';
import { collectFootprints } from '../footprint/collect.js';
import { footprintJson, footprintText } from '../footprint/format.js';
import { prepare, VERSION } from './shared.js';

export interface FootprintFlags {
  root?: string;
  config?: string;
  today?: string;
  format: 'text' | 'json';
  output?: string;
}

export async function footprintCommand(flags: FootprintFlags): Promise<number> {
  const base = await prepare(flags);
  const { footprints, collected } = await collectFootprints(base.root, base.config);
  const out =
    flags.format === 'json' ? footprintJson(footprints, VERSION) : footprintText(footprints);
  if (flags.output) await writeFile(flags.output, out);
  else process.stdout.write(out);
  return collected.unreadable.length > 0 ? EXIT.usage : EXIT.ok;
}

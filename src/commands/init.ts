/** `init`: discover what is there, then write the three files that are absent. */
import { EXIT } from '../errors.js';
import { prepare, VERSION } from './shared.js';

export async function initCommand(flags: { root?: string; config?: string }): Promise<number> {
  const base = await prepare(flags);
  const { discover } = await import('../sources/discover.js');
  const { runInit } = await import('../init.js');
  const { detectWorkflowRunner } = await import('../init-runner.js');
  const found = await discover(base.root, base.config);
  const result = await runInit({
    root: base.root,
    discovered: {
      ledgers: found.ledgers,
      records: found.records,
      patchDirs: found.patchDirs.map((d) => d.dir),
    },
    workflow: await detectWorkflowRunner(base.root, VERSION),
  });
  for (const w of result.written) process.stdout.write(`wrote ${w}\n`);
  for (const k of result.kept) process.stdout.write(`left alone ${k}\n`);
  return EXIT.ok;
}

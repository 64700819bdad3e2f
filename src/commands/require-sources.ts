/**
 * A run that found nothing to check is a configuration problem, not a pass:
 * an empty tree or a wrong --root used to print "No problems found" and exit 0.
 */
import type { Collected } from '../collect.js';
import type { Config } from '../config-types.js';
import { UsageError } from '../errors.js';

export function requireSources(
  collected: Pick<Collected, 'sources' | 'patchFiles' | 'unreadable'>,
  root: string,
  config: Config,
): void {
  if (
    collected.sources.length > 0 ||
    collected.patchFiles.length > 0 ||
    collected.unreadable.length > 0
  )
    return;
  const configured = [
    ...(config.ledgers !== null ? [`configured ledgers: ${config.ledgers.join(', ')}`] : []),
    ...(config.records !== null ? [`configured records: ${config.records.join(', ')}`] : []),
  ];
  throw new UsageError(`no patch records found under ${root}`, [
    'looked for ledgers (patch.upstream.status.md), records (*.upstream.status.yaml),',
    'patches with UPSTREAM STATUS headers beside a ledger or record, and patches with',
    'Yocto, Buildroot or DEP-3 fields (recipes-*/, package/, boot/, board/, support/,',
    'linux/, a BR2_EXTERNAL tree beside its external.desc, debian/patches/)',
    ...configured,
    'run it at the top of the repository that carries the patches, or pass --root DIR',
  ]);
}

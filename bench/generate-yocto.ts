/**
 * A synthetic Yocto layer: N patches under recipes-*\/<pkg>/files/, each a
 * git format-patch with an `Upstream-Status:` line in one of the forms real
 * layers use (Submitted/Backport/Denied with GitHub PR or commit URLs, a
 * mailing-list Submitted, Pending, Inappropriate). Returns the GitHub refs
 * the headers name, so a test can check that `list` finds every one.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface YoctoTree {
  patches: number;
  /** `owner/repo#N` of every PR URL written in an Upstream-Status line. */
  refs: string[];
}

const RECIPES = ['recipes-core', 'recipes-support', 'recipes-devtools', 'recipes-graphics'];

function statusFor(i: number, refs: string[]): string {
  const repo = `org${i % 7}/proj${i % 3}`;
  switch (i % 6) {
    case 0:
    case 1:
      refs.push(`${repo}#${1000 + i}`);
      return `Submitted [https://github.com/${repo}/pull/${1000 + i}]`;
    case 2:
      refs.push(`${repo}#${1000 + i}`);
      return `Backport [https://github.com/${repo}/pull/${1000 + i}]`;
    case 3:
      return `Backport [https://github.com/${repo}/commit/${(i * 2654435761).toString(16).padStart(12, '0')}]`;
    case 4:
      return `Submitted [https://lists.openembedded.org/g/openembedded-core/message/${i}]`;
    default:
      return i % 2 === 0 ? 'Pending' : 'Inappropriate [oe specific]';
  }
}

export async function generateYoctoTree(dir: string, patches: number): Promise<YoctoTree> {
  const refs: string[] = [];
  for (let i = 0; i < patches; i++) {
    const folder = path.join(
      dir,
      'meta-bench',
      RECIPES[i % RECIPES.length]!,
      `pkg${i % 97}`,
      'files',
    );
    await mkdir(folder, { recursive: true });
    const status = statusFor(i, refs);
    const body = [
      `From ${(i * 40503).toString(16).padStart(40, '0')} Mon Sep 17 00:00:00 2001`,
      'From: Layer Maintainer <maint@example.com>',
      'Date: Mon, 3 Aug 2026 10:00:00 +0000',
      `Subject: [PATCH] pkg${i % 97}: fix build issue number ${i}`,
      '',
      `The build of pkg${i % 97} fails with newer compilers; this adjusts the`,
      'declaration so that the prototype matches its definition.',
      '',
      `Upstream-Status: ${status}`,
      'Signed-off-by: Layer Maintainer <maint@example.com>',
      '---',
      ` src/file${i}.c | 2 +-`,
      ' 1 file changed, 1 insertion(+), 1 deletion(-)',
      '',
      `diff --git a/src/file${i}.c b/src/file${i}.c`,
      'index 1111111..2222222 100644',
      `--- a/src/file${i}.c`,
      `+++ b/src/file${i}.c`,
      '@@ -1,3 +1,3 @@',
      ' int a;',
      '-int b;',
      `+int b = ${i};`,
      ' int c;',
      '',
    ].join('\n');
    await writeFile(path.join(folder, `${String(i).padStart(4, '0')}-fix-build-${i}.patch`), body);
  }
  return { patches, refs: [...new Set(refs)].sort() };
}

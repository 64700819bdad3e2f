// Bundle the GitHub Action (src/action.ts and everything it imports) into the
// one file action.yml runs, action/index.mjs, so a tag of this repository works
// with no `npm install` at run time. `--check` fails when the committed bundle
// differs from a fresh build (test/e2e/action.test.ts runs it).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { bundle, ROOT } from './bundle.mjs';

const outfile = path.join(ROOT, 'action', 'index.mjs');
const noticesFile = path.join(ROOT, 'action', 'THIRD-PARTY-LICENSES.txt');

const { text, notices } = await bundle({
  entryPoints: [path.join(ROOT, 'src', 'action.ts')],
  outfile,
  header:
    '// Built by scripts/build-action.mjs from src/action.ts; do not edit. `npm run build:action` rebuilds it.',
});

if (process.argv.includes('--check')) {
  const committed = await readFile(outfile, 'utf8').catch(() => '');
  const committedNotices = await readFile(noticesFile, 'utf8').catch(() => '');
  if (committed !== text || committedNotices !== notices) {
    process.stderr.write('action/ is stale: run `npm run build:action` and commit it\n');
    process.exit(1);
  }
} else {
  await writeFile(outfile, text);
  await writeFile(noticesFile, notices);
}

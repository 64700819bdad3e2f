// Bundle the GitHub Action (src/action.ts and everything it imports) into the
// one file action.yml runs, action/index.mjs, so a tag of this repository works
// with no `npm install` at run time. `--check` fails when the committed bundle
// differs from a fresh build (test/action/bundle.test.ts runs it).
import { build } from 'esbuild';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outfile = path.join(root, 'action', 'index.mjs');
const noticesFile = path.join(root, 'action', 'THIRD-PARTY-LICENSES.txt');
const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));

const result = await build({
  // Paths in the bundle's comments are relative to this, whatever the caller's directory.
  absWorkingDir: root,
  entryPoints: [path.join(root, 'src', 'action.ts')],
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  write: false,
  metafile: true,
  outfile,
  legalComments: 'eof',
  define: { __UPSTREAM_STATUS_VERSION__: JSON.stringify(pkg.version) },
  // Some bundled dependencies are CommonJS and call require() for node built-ins.
  banner: {
    js: [
      '// Built by scripts/build-action.mjs from src/action.ts; do not edit. `npm run build:action` rebuilds it.',
      "import { createRequire as __usCreateRequire } from 'node:module';",
      'const require = __usCreateRequire(import.meta.url);',
    ].join('\n'),
  },
  logLevel: 'warning',
});
const text = result.outputFiles[0].text;
const notices = await licenseNotices(Object.keys(result.metafile.inputs));

/** The licence text of every package bundled in, as their licences ask. */
async function licenseNotices(inputs) {
  const dirs = new Set();
  for (const input of inputs) {
    const m = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (m) dirs.add(m[1]);
  }
  const parts = [];
  for (const dir of [...dirs].sort()) {
    const meta = JSON.parse(await readFile(path.join(root, dir, 'package.json'), 'utf8'));
    const file = (await readdir(path.join(root, dir))).find((f) =>
      /^(licen[cs]e|copying)/i.test(f),
    );
    const body = file
      ? await readFile(path.join(root, dir, file), 'utf8')
      : `License: ${meta.license}`;
    parts.push(`${meta.name}@${meta.version} (${meta.license})\n\n${body.trim()}\n`);
  }
  return `Packages bundled into action/index.mjs and their licences.\n\n${parts.join('\n' + '-'.repeat(72) + '\n\n')}`;
}

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

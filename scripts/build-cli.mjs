// Link the CLI into one file: dist/cli-main.cjs is src/cli.ts bundled with
// the modules tsc emitted into dist/ and every dependency, so a run reads and
// compiles one file instead of a module per source file and per dependency
// file (docs/decisions.md, "Start-up"). dist/cli.js, the package's bin, is
// the small launcher that runs it with a code cache (scripts/cli-launcher.mjs).
// `npm run build` runs tsc and then this.
//
//   node scripts/build-cli.mjs [DIR]
//
// DIR (default dist/) holds tsc's modules; the bundle is written over DIR/cli.js
// (tsc's own cli.js, which it replaces) with the licences of what went in
// beside it. The reliability mutant runner passes its copy of dist/ with one
// protection removed, so the bundle it spawns carries the mutation.
import { createHash } from 'node:crypto';
import { chmod, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { bundle, ROOT } from './bundle.mjs';

const dir = path.resolve(process.argv[2] ?? path.join(ROOT, 'dist'));
const launcher = path.join(dir, 'cli.js');
const outfile = path.join(dir, 'cli-main.cjs');

const { text, notices } = await bundle({
  // The entry is compiled from src/ (dist/cli.js may already be the launcher),
  // and everything it imports comes from DIR.
  stdin: {
    contents: await readFile(path.join(ROOT, 'src', 'cli.ts'), 'utf8'),
    loader: 'ts',
    resolveDir: dir,
    sourcefile: 'src/cli.ts',
  },
  outfile,
  // CommonJS, so the launcher can run it as a vm.Script with a code cache.
  format: 'cjs',
  header:
    '// Built by scripts/build-cli.mjs from src/cli.ts and the modules in dist/; do not edit.',
});

// The launcher wraps the bundle in a function: a #! line cannot stay. It
// becomes an empty line, so line numbers in stack traces stay the file's.
const main = text.replace(/^#![^\n]*/, '');
const build = createHash('sha256').update(main).digest('hex').slice(0, 16);
const template = await readFile(path.join(ROOT, 'scripts', 'cli-launcher.mjs'), 'utf8');
await writeFile(outfile, main);
await writeFile(launcher, template.replace("'%BUILD%'", JSON.stringify(build)));
await chmod(launcher, 0o755);
await writeFile(path.join(dir, 'THIRD-PARTY-LICENSES.txt'), notices);
// tsc's map for the cli.js it emitted; it does not describe the bundle.
await rm(path.join(dir, 'cli.js.map'), { force: true });

// Link the CLI into one file: dist/cli-main.cjs is src/cli.ts bundled with
// the modules tsc emitted into dist/ and every dependency, so a run reads and
// compiles one file instead of a module per source file and per dependency
// file (docs/decisions.md, "Start-up"). dist/cli.cjs, the package's bin, is
// the small launcher that runs it with a code cache (scripts/cli-launcher.cjs).
// `npm run build` runs tsc and then this.
//
//   node scripts/build-cli.mjs [DIR]
//
// DIR (default dist/) holds tsc's modules; the bundle and its launcher are
// written beside them (tsc's own cli.js, which they replace, is removed), with
// the licences of what went in. The reliability mutant runner passes its copy of dist/ with one
// protection removed, so the bundle it spawns carries the mutation.
import { createHash } from 'node:crypto';
import { chmod, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { bundle, ROOT } from './bundle.mjs';

const dir = path.resolve(process.argv[2] ?? path.join(ROOT, 'dist'));
const launcher = path.join(dir, 'cli.cjs');
const outfile = path.join(dir, 'cli-main.cjs');

const { text, notices } = await bundle({
  // The entry is compiled from src/ (dist/cli.cjs may already be the launcher),
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
// Every character outside ASCII (a few, in regular expressions and comments)
// is written as its \u escape, which means the same there: an ASCII file is
// read by the launcher as latin1, ~4 ms sooner than decoding 1.5 MB of UTF-8.
if (/\\[^\0-\x7f]/.test(text)) {
  // A backslash before one ("\″") would turn its \u form into text ("\\u2033").
  throw new Error('the bundle has a backslash before a non-ASCII character');
}
const main = text
  .replace(/^#![^\n]*/, '')
  .replace(/[^\0-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const build = createHash('sha256').update(main).digest('hex').slice(0, 16);
const template = await readFile(path.join(ROOT, 'scripts', 'cli-launcher.cjs'), 'utf8');
await writeFile(outfile, main);
await writeFile(launcher, template.replace("'%BUILD%'", JSON.stringify(build)));
await chmod(launcher, 0o755);
await writeFile(path.join(dir, 'THIRD-PARTY-LICENSES.txt'), notices);
// tsc's own cli.js (an ES module importing the rest of dist/) and its map:
// the bundle replaces them, and a second, slower way in would only confuse.
await rm(path.join(dir, 'cli.js'), { force: true });
await rm(path.join(dir, 'cli.js.map'), { force: true });

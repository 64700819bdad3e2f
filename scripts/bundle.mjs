// What the two bundles share: the CLI (dist/cli.cjs, scripts/build-cli.mjs) and
// the GitHub Action (action/index.mjs, scripts/build-action.mjs) are each one
// esbuild bundle of our code and every dependency, with the licences of what
// went in written beside it.
import { build } from 'esbuild';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8'));

/**
 * Bundle one entry (`entryPoints` or `stdin`, as esbuild takes them) into one
 * file for Node 20 (ESM, or CommonJS with `format: 'cjs'`) and return its text and the licence notices of the
 * packages in it; nothing is written. `header` is the bundle's first comment
 * line. Dynamic imports stay inside the file: esbuild turns each lazily
 * imported module into an initialiser that runs on first import, so a command
 * that never reaches Octokit never evaluates it (it is still parsed; code
 * splitting into chunks cost more than it saved, docs/decisions.md).
 */
export async function bundle({ header, outfile, format = 'esm', ...entry }) {
  const result = await build({
    ...entry,
    // Paths in the bundle's comments are relative to this, whatever the caller's directory.
    absWorkingDir: ROOT,
    // ...and name node_modules/ as such even where it is a symlink (a worktree
    // sharing another checkout's install), so the bundle is the same text there.
    preserveSymlinks: true,
    // @octokit/request's JSON parser, swapped for the built-in one (the shim says why).
    alias: { 'json-with-bigint': path.join(ROOT, 'scripts', 'shims', 'json-with-bigint.mjs') },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format,
    write: false,
    metafile: true,
    outfile,
    legalComments: 'eof',
    define: {
      __UPSTREAM_STATUS_VERSION__: JSON.stringify(pkg.version),
      // A CommonJS bundle has no import.meta; its own file's URL stands in.
      ...(format === 'cjs' ? { 'import.meta': '__usImportMeta' } : {}),
    },
    banner: {
      js: [
        header,
        ...(format === 'cjs'
          ? [
              // Our modules are ESM, strict by definition; CommonJS output is not unless told.
              "'use strict';",
              // Computed only if read (node:url's first use costs ~2 ms, and nothing reads it today).
              "var __usImportMeta = { get url() { return require('node:url').pathToFileURL(__filename).href; } };",
            ]
          : // Some bundled dependencies are CommonJS and call require() for node built-ins.
            [
              "import { createRequire as __usCreateRequire } from 'node:module';",
              'const require = __usCreateRequire(import.meta.url);',
            ]),
      ].join('\n'),
    },
    plugins: [lazyBuiltins],
    logLevel: 'warning',
  });
  const text = result.outputFiles[0].text;
  const notices = await licenseNotices(
    Object.keys(result.metafile.inputs),
    path.relative(ROOT, outfile),
  );
  return { text, notices };
}

/**
 * `node:child_process`, `node:diagnostics_channel`, `node:fs/promises` and
 * `node:tty` are loaded when first used, not when a module that imports them
 * starts. Commander requires child_process at
 * load for executable subcommands we never have; child_process brings `net`,
 * `dgram` and the stream classes, fs/promises brings readline and the
 * file watchers, and tty brings net (src/stdio.ts asks it only for colour
 * and the progress line), diagnostics_channel serves only the progress line
 * of a run that asks GitHub: ~3 ms of Node's own modules compiled at every start, for
 * `list` on a tree that needs neither (docs/decisions.md, "Lazy built-ins").
 * Each import of them gets an object of getters over the real module, which
 * is required on the first property read; the names come from the module
 * itself at build time.
 */
const LAZY = /^(?:node:)?(child_process|diagnostics_channel|fs\/promises|tty)$/;
const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(build) {
    build.onResolve({ filter: LAZY }, (args) =>
      // The getters' own require is the real module.
      args.namespace === 'lazy-builtin'
        ? { path: `node:${LAZY.exec(args.path)[1]}`, external: true }
        : { path: LAZY.exec(args.path)[1], namespace: 'lazy-builtin' },
    );
    build.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, async (args) => {
      const names = Object.keys(await import(`node:${args.path}`)).filter((n) => n !== 'default');
      const getters = names.map((n) => `  get ${n}() { return load().${n}; },`).join('\n');
      return {
        contents: `let real;\nconst load = () => (real ??= require('node:${args.path}'));\nmodule.exports = {\n${getters}\n};\n`,
        loader: 'js',
      };
    });
  },
};

/** The licence text of every package bundled in, as their licences ask. */
async function licenseNotices(inputs, bundleName) {
  const dirs = new Set();
  for (const input of inputs) {
    const m = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (m) dirs.add(m[1]);
  }
  const parts = [];
  for (const dir of [...dirs].sort()) {
    const meta = JSON.parse(await readFile(path.join(ROOT, dir, 'package.json'), 'utf8'));
    const file = (await readdir(path.join(ROOT, dir))).find((f) =>
      /^(licen[cs]e|copying)/i.test(f),
    );
    const body = file
      ? await readFile(path.join(ROOT, dir, file), 'utf8')
      : `License: ${meta.license}`;
    parts.push(`${meta.name}@${meta.version} (${meta.license})\n\n${body.trim()}\n`);
  }
  return `Packages bundled into ${bundleName} and their licences.\n\n${parts.join('\n' + '-'.repeat(72) + '\n\n')}`;
}

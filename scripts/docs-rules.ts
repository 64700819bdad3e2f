// `npm run docs:rules`: rewrite the README's rules table from src/rules/catalog.ts.
import { readFile, writeFile } from 'node:fs/promises';
import { withRulesTable } from '../src/rules/catalog.js';

const file = new URL('../README.md', import.meta.url);
const next = withRulesTable(await readFile(file, 'utf8'));
if (next === null) {
  process.stderr.write('README.md has no rules table markers\n');
  process.exit(1);
}
await writeFile(file, next);

// Loaded into a spawned CLI with NODE_OPTIONS=--import=<this file>: at exit,
// writes the process's peak resident set size (KiB) to RSS_PROBE_FILE.
import { writeFileSync } from 'node:fs';
import process from 'node:process';

const file = process.env.RSS_PROBE_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));

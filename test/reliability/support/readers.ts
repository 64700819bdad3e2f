/**
 * The readers under test. By default the ones in src/; when RELIABILITY_CLI
 * names a built CLI (the mutant runner's copy of dist/ with one protection
 * removed), tsc's modules beside it (the CLI itself is one bundle linked from
 * them), so the reader-level tests can be run against a mutant exactly like
 * the end-to-end ones.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as srcDecode from '../../../src/decode.js';
import * as srcHeaders from '../../../src/sources/headers/index.js';
import * as srcLedger from '../../../src/sources/ledger/index.js';
import * as srcPreamble from '../../../src/sources/headers/preamble.js';
import * as srcRecords from '../../../src/sources/records/index.js';
import * as srcTrailers from '../../../src/sources/trailers/index.js';

const builtCli = process.env.RELIABILITY_CLI;
/** The dist/ folder the readers come from, or null for src/. */
export const READERS_FROM = builtCli ? path.dirname(builtCli) : null;

async function load<T>(fromSrc: T, rel: string): Promise<T> {
  if (READERS_FROM === null) return fromSrc;
  return (await import(pathToFileURL(path.join(READERS_FROM, rel)).href)) as T;
}

export const { decodeUtf8 } = await load(srcDecode, 'decode.js');
export const { parseHeader } = await load(srcHeaders, 'sources/headers/index.js');
export const { parseLedger } = await load(srcLedger, 'sources/ledger/index.js');
export const { extractPreamble } = await load(srcPreamble, 'sources/headers/preamble.js');
export const { parseRecord, parseRecordIndex } = await load(srcRecords, 'sources/records/index.js');
export const { parseTrailers } = await load(srcTrailers, 'sources/trailers/index.js');

/**
 * The readers under test. By default the ones in src/; when RELIABILITY_CLI
 * names a built CLI (the mutant runner's copy of dist/ with one protection
 * removed), the same modules beside it, so the reader-level tests can be run
 * against a mutant exactly like the end-to-end ones.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as srcDecode from '../../../src/decode.js';
import * as srcHeaders from '../../../src/sources/headers.js';
import * as srcLedger from '../../../src/sources/ledger.js';
import * as srcPreamble from '../../../src/sources/preamble.js';
import * as srcRecords from '../../../src/sources/records.js';
import * as srcTrailers from '../../../src/sources/trailers.js';

const builtCli = process.env.RELIABILITY_CLI;
/** The dist/ folder the readers come from, or null for src/. */
export const READERS_FROM = builtCli ? path.dirname(builtCli) : null;

async function load<T>(fromSrc: T, rel: string): Promise<T> {
  if (READERS_FROM === null) return fromSrc;
  return (await import(pathToFileURL(path.join(READERS_FROM, rel)).href)) as T;
}

export const { decodeUtf8 } = await load(srcDecode, 'decode.js');
export const { parseHeader } = await load(srcHeaders, 'sources/headers.js');
export const { parseLedger } = await load(srcLedger, 'sources/ledger.js');
export const { extractPreamble } = await load(srcPreamble, 'sources/preamble.js');
export const { parseRecord, parseRecordIndex } = await load(srcRecords, 'sources/records.js');
export const { parseTrailers } = await load(srcTrailers, 'sources/trailers.js');

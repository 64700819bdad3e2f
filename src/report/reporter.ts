import type { Report } from './report.js';

/** Every output format has this one signature; colour is decided by the caller, never here. */
export type Reporter = (report: Report, opts: { color: boolean }) => string;

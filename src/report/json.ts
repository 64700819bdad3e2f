/** The §6 report as JSON; key order is the order buildReport constructs. */
import type { Reporter } from './reporter.js';

export const reportJson: Reporter = (report) => `${JSON.stringify(report, null, 2)}\n`;

import type { FeedParser } from '../common/types.js';
import { parseNtPfesIncidents } from './pfes-incidents.js';
import { parseNtPfesWarnings } from './pfes-warnings.js';

/** NT formats, keyed by the catalogue's `format`. */
export const NT_PARSERS: Readonly<Record<string, FeedParser>> = {
  // incidents.json (2026) and ntfrsincidents.json (2020) share one format.
  'nt-pfes-incidents-json': parseNtPfesIncidents,
  'nt-pfes-warnings-json': parseNtPfesWarnings,
};

import type { FeedParser } from '../common/types.js';
import { parseVicEmvEvents, parseVicEmvOsom } from './emv-events.js';

/** VIC formats polled, keyed by the catalogue's `format`. */
export const VIC_PARSERS: Readonly<Record<string, FeedParser>> = {
  'vic-emv-events-geojson': parseVicEmvEvents,
};

/** The older osom feed carries the same incidents under the same ids: parsed for archives, not polled. */
export const VIC_LEGACY_PARSERS: Readonly<Record<string, FeedParser>> = {
  'vic-emv-osom-geojson': parseVicEmvOsom,
};

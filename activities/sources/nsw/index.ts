import type { FeedParser } from '../common/types.js';
import { parseNswRfsMajorIncidents } from './rfs-major-incidents.js';

/** NSW formats, keyed by the catalogue's `format`. */
export const NSW_PARSERS: Readonly<Record<string, FeedParser>> = {
  'nsw-rfs-major-incidents-geojson': parseNswRfsMajorIncidents,
};

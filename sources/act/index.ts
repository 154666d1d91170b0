import type { FeedParser } from '../common/types.js';
import { parseActEsaCurrentIncidentsGeoRss } from './esa-current-incidents-georss.js';
import { parseActEsaWebsiteIncidents } from './esa-website-incidents.js';
import { parseActEsaWebsitePolygons } from './esa-website-polygons.js';

/** ACT formats polled, keyed by the catalogue's `format`. */
export const ACT_PARSERS: Readonly<Record<string, FeedParser>> = {
  'act-esa-website-incidents-json': parseActEsaWebsiteIncidents,
};

/**
 * Parsed but not polled: the GeoRSS lists the same incidents under the same ids as the website feed,
 * and the polygon endpoint has only ever carried NSW RFS burnt areas (polled at the source).
 */
export const ACT_LEGACY_PARSERS: Readonly<Record<string, FeedParser>> = {
  'act-esa-website-polygons-json': parseActEsaWebsitePolygons,
  'act-esa-current-incidents-georss': parseActEsaCurrentIncidentsGeoRss,
};

import type { FeedParser } from '../common/types.js';
import { parseSaCfsCurrentIncidents } from './cfs-current-incidents.js';
import { parseSaCfsCurrentIncidentsRss } from './cfs-current-incidents-rss.js';
import { parseSaCfsWarningPoints } from './cfs-warning-points.js';
import { parseSaCfsIncidentPlacemarks, parseSaMfsIncidentPlacemarks } from './criimson-placemark.js';

/** SA formats, keyed by the catalogue's `format`. */
export const SA_PARSERS: Readonly<Record<string, FeedParser>> = {
  'sa-cfs-current-incidents-json': parseSaCfsCurrentIncidents,
  'sa-cfs-incident-placemark-kml': parseSaCfsIncidentPlacemarks,
  'sa-mfs-incident-placemark-kml': parseSaMfsIncidentPlacemarks,
  'sa-cfs-warning-points-geojson': parseSaCfsWarningPoints,
};

/**
 * Formats no longer published, for re-parsing archives. Kept out of SA_PARSERS because the catalogue
 * has no feed for them (and every parser in PARSERS must have one).
 */
export const SA_LEGACY_PARSERS: Readonly<Record<string, FeedParser>> = {
  'sa-cfs-current-incidents-rss': parseSaCfsCurrentIncidentsRss,
};

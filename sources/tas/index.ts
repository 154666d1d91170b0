import type { FeedParser } from '../common/types.js';
import { parseTasAlertData } from './tasalert-data.js';
import { parseTfsBushfireSummariesGeoRss } from './tfs-bushfire-summaries-georss.js';
import { parseTfsAlertAreasKml, parseTfsIncidentsKml } from './tfs-kml.js';

/** TAS formats, keyed by the catalogue's `format`. */
export const TAS_PARSERS: Readonly<Record<string, FeedParser>> = {
  'tas-tasalert-data-geojson': parseTasAlertData,
  'tas-tfs-incidents-kml': parseTfsIncidentsKml,
  'tas-tfs-alert-areas-kml': parseTfsAlertAreasKml,
};

/**
 * Formats no longer published (no catalogue entry, so not in TAS_PARSERS, whose every key must be a
 * catalogue format), kept to re-parse archives: the TFS colBushfireSummariesRss GeoRSS (HTTP 410).
 */
export const TAS_LEGACY_PARSERS: Readonly<Record<string, FeedParser>> = {
  'tas-tfs-bushfire-summaries-georss': parseTfsBushfireSummariesGeoRss,
};

import type { FeedParser } from '../common/types.js';
import { parseWaDfesFireDangerRss, parseWaDfesTotalFireBanRss } from './dfes-fire-bans.js';
import { parseWaDfesIncidentFcadJson } from './dfes-incident-fcad-json.js';
import { parseWaDfesIncidentFcadRss } from './dfes-incident-fcad-rss.js';
import { parseWaDfesMessageRss } from './dfes-message-rss.js';
import { parseWaDfesMessageWarningsJson } from './dfes-message-warnings-json.js';
import { parseWaDfesV1Incidents, parseWaDfesV1Warnings } from './dfes-v1.js';

/** WA formats polled today, keyed by the catalogue's `format` (config/feeds/wa.ts). */
export const WA_PARSERS: Readonly<Record<string, FeedParser>> = {
  'wa-dfes-v1-incidents-json': parseWaDfesV1Incidents,
  'wa-dfes-v1-warnings-json': parseWaDfesV1Warnings,
};

/**
 * WA legacy formats of the old www.emergency.wa.gov.au/data/ files (Whispir engine), superseded by the
 * v1 API: parsers for re-reading archives, with no catalogue entry. Kept out of WA_PARSERS because
 * every PARSERS format must have a feed.
 */
export const WA_ARCHIVE_PARSERS: Readonly<Record<string, FeedParser>> = {
  'wa-dfes-incident-fcad-geojson': parseWaDfesIncidentFcadJson,
  'wa-dfes-incident-fcad-rss': parseWaDfesIncidentFcadRss,
  'wa-dfes-message-warnings-geojson': parseWaDfesMessageWarningsJson,
  'wa-dfes-message-rss': parseWaDfesMessageRss,
  'wa-dfes-total-fire-ban-rss': parseWaDfesTotalFireBanRss,
  'wa-dfes-fire-danger-rss': parseWaDfesFireDangerRss,
};

import { agencyFeeds } from './agency-feeds.js';
import type { FeedDefinition } from './types.js';

/**
 * WA: Department of Fire and Emergency Services (DFES), through the Emergency WA API (FEEDS.md
 * section 6). The v1 API is DFES's own but undocumented: its fields come from peer parsers and no
 * sample has been seen, hence `official: false` until a live probe confirms them. The legacy
 * www.emergency.wa.gov.au/data/ files (incident_FCAD.json/.rss, message_warnings.json, message.rss,
 * message_TFB.rss, message_FDR.rss) have archive parsers (WA_ARCHIVE_PARSERS) but no entry here.
 */
export const WA_FEEDS: readonly FeedDefinition[] = agencyFeeds(
  {
    state: 'wa',
    agency: 'dfes',
    agencyName: 'Department of Fire and Emergency Services (WA)',
    pollIntervalSeconds: 300,
    // Emergency WA's terms of use, not an open licence; SLIP datasets (CC BY 4.0 / CC BY-ND 4.0) are not polled.
    licence: 'Emergency WA terms',
    licenceUrl: 'https://www.emergency.wa.gov.au/about',
    official: false,
    homepage: 'https://www.emergency.wa.gov.au/',
  },
  [
    {
      feed: 'incidents',
      name: 'Emergency WA incidents (API v1, JSON)',
      url: 'https://api.emergency.wa.gov.au/v1/incidents',
      format: 'wa-dfes-v1-incidents-json',
    },
    {
      feed: 'warnings',
      name: 'Emergency WA warnings (API v1, JSON)',
      url: 'https://api.emergency.wa.gov.au/v1/warnings',
      format: 'wa-dfes-v1-warnings-json',
    },
  ],
);

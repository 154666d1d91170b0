import { agencyFeeds } from './agency-feeds.js';
import { CC_BY_4_0 } from './licences.js';
import type { FeedDefinition } from './types.js';

/**
 * ACT: Emergency Services Agency (FEEDS.md section 9).
 *
 * Parsers without an entry here:
 * - `act-esa-current-incidents-georss` (https://esa.act.gov.au/feeds/currentincidents.xml): read as
 *   published in 2013, for archives. The 2026 items (extra `cadid`/`controlStatus`/`resourceStatus`
 *   elements) have no sample, and the feed lists the same CAD incidents, under the same ids, as the
 *   website feed below, so polling both would only make the two feeds overwrite each other.
 * - `act-esa-website-polygons-json` (https://esa.act.gov.au/act-gov-esa/incidents/polygon): every
 *   entry seen is a NSW RFS burnt area, without id or time, dropped as republished (NSW RFS is polled
 *   directly); it has no incidents of its own to serve.
 */
export const ACT_FEEDS: readonly FeedDefinition[] = agencyFeeds(
  {
    state: 'act',
    agency: 'esa',
    agencyName: 'ACT Emergency Services Agency',
    pollIntervalSeconds: 300,
    ...CC_BY_4_0,
    attribution: 'Data attributed to the ACT Emergency Services Agency (ESA), licensed under CC BY 4.0.',
    // The backend of the ESA website's map: undocumented, known from a community scraper.
    official: false,
    homepage: 'https://esa.act.gov.au/',
  },
  [
    {
      feed: 'website-incidents',
      name: 'Incidents and warnings (website JSON)',
      url: 'https://esa.act.gov.au/act-gov-esa/incidents/feed',
      format: 'act-esa-website-incidents-json',
    },
  ],
);

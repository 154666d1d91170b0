import { agencyFeeds } from './agency-feeds.js';
import { CC_BY_4_0 } from './licences.js';
import type { FeedDefinition } from './types.js';

/** NSW: Rural Fire Service. */
export const NSW_FEEDS: readonly FeedDefinition[] = agencyFeeds(
  {
    state: 'nsw',
    agency: 'rfs',
    agencyName: 'NSW Rural Fire Service',
    pollIntervalSeconds: 300,
    ...CC_BY_4_0,
    attribution:
      '© State of New South Wales (NSW Rural Fire Service). For current information go to www.rfs.nsw.gov.au. Licensed under CC BY 4.0.',
    official: true,
    homepage: 'https://www.rfs.nsw.gov.au/fire-information/fires-near-me',
  },
  [
    {
      feed: 'major-incidents',
      name: 'Major incidents (GeoJSON)',
      url: 'https://www.rfs.nsw.gov.au/feeds/majorIncidents.json',
      format: 'nsw-rfs-major-incidents-geojson',
    },
    {
      // The same incidents (same ids) as majorIncidents.json; only a 2013 sample has been seen, and the
      // 2026 feed is said to carry extra custom elements (FEEDS.md section 2): unverified live.
      feed: 'major-incidents-georss',
      name: 'Major incidents (GeoRSS)',
      url: 'https://www.rfs.nsw.gov.au/feeds/majorIncidents.xml',
      format: 'nsw-rfs-major-incidents-georss',
    },
    {
      // EDXL-DE 1.0 wrapping one CAP-AU alert per incident; ids equal majorIncidents.json's.
      feed: 'major-incidents-cap',
      name: 'Major incidents (CAP-AU, EDXL-DE)',
      url: 'https://www.rfs.nsw.gov.au/feeds/majorIncidentsCAP.xml',
      format: 'nsw-rfs-major-incidents-cap',
    },
    {
      // The website's undocumented Funnelback search behind the hazard-reduction list (community-decoded,
      // so not `official`). Updated about daily (FEEDS.md): polled hourly. Ids `nsw-rfs-hr-…`.
      feed: 'hazard-reductions',
      name: 'Planned hazard reduction burns (Funnelback JSON)',
      url: 'https://www.rfs.nsw.gov.au/funnelback/hr-map-data?collection=nsw-rfs-hazard-xml-new',
      format: 'nsw-rfs-hazard-reductions-json',
      pollIntervalSeconds: 3600,
      official: false,
      homepage: 'https://www.rfs.nsw.gov.au/fire-information/hazard-reductions',
    },
  ],
);

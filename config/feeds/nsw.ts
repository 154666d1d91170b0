import type { FeedDefinition } from './types.js';

/** NSW: Rural Fire Service. */
export const NSW_FEEDS: readonly FeedDefinition[] = [
  {
    key: 'nsw-rfs-major-incidents',
    state: 'nsw',
    agency: 'rfs',
    agencyName: 'NSW Rural Fire Service',
    feed: 'major-incidents',
    name: 'Major incidents (GeoJSON)',
    url: 'https://www.rfs.nsw.gov.au/feeds/majorIncidents.json',
    format: 'nsw-rfs-major-incidents-geojson',
    pollIntervalSeconds: 300,
    licence: 'CC BY 4.0',
    licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
    attribution:
      '© State of New South Wales (NSW Rural Fire Service). For current information go to www.rfs.nsw.gov.au. Licensed under CC BY 4.0.',
    official: true,
    homepage: 'https://www.rfs.nsw.gov.au/fire-information/fires-near-me',
  },
  {
    // The same incidents (same ids) as majorIncidents.json; only a 2013 sample has been seen, and the
    // 2026 feed is said to carry extra custom elements (FEEDS.md section 2): unverified live.
    key: 'nsw-rfs-major-incidents-georss',
    state: 'nsw',
    agency: 'rfs',
    agencyName: 'NSW Rural Fire Service',
    feed: 'major-incidents-georss',
    name: 'Major incidents (GeoRSS)',
    url: 'https://www.rfs.nsw.gov.au/feeds/majorIncidents.xml',
    format: 'nsw-rfs-major-incidents-georss',
    pollIntervalSeconds: 300,
    licence: 'CC BY 4.0',
    licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
    attribution:
      '© State of New South Wales (NSW Rural Fire Service). For current information go to www.rfs.nsw.gov.au. Licensed under CC BY 4.0.',
    official: true,
    homepage: 'https://www.rfs.nsw.gov.au/fire-information/fires-near-me',
  },
  {
    // EDXL-DE 1.0 wrapping one CAP-AU alert per incident; ids equal majorIncidents.json's.
    key: 'nsw-rfs-major-incidents-cap',
    state: 'nsw',
    agency: 'rfs',
    agencyName: 'NSW Rural Fire Service',
    feed: 'major-incidents-cap',
    name: 'Major incidents (CAP-AU, EDXL-DE)',
    url: 'https://www.rfs.nsw.gov.au/feeds/majorIncidentsCAP.xml',
    format: 'nsw-rfs-major-incidents-cap',
    pollIntervalSeconds: 300,
    licence: 'CC BY 4.0',
    licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
    attribution:
      '© State of New South Wales (NSW Rural Fire Service). For current information go to www.rfs.nsw.gov.au. Licensed under CC BY 4.0.',
    official: true,
    homepage: 'https://www.rfs.nsw.gov.au/fire-information/fires-near-me',
  },
  {
    // The website's undocumented Funnelback search behind the hazard-reduction list (community-decoded,
    // so not `official`). Updated about daily (FEEDS.md): polled hourly. Ids `nsw-rfs-hr-…`.
    key: 'nsw-rfs-hazard-reductions',
    state: 'nsw',
    agency: 'rfs',
    agencyName: 'NSW Rural Fire Service',
    feed: 'hazard-reductions',
    name: 'Planned hazard reduction burns (Funnelback JSON)',
    url: 'https://www.rfs.nsw.gov.au/funnelback/hr-map-data?collection=nsw-rfs-hazard-xml-new',
    format: 'nsw-rfs-hazard-reductions-json',
    pollIntervalSeconds: 3600,
    licence: 'CC BY 4.0',
    licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
    attribution:
      '© State of New South Wales (NSW Rural Fire Service). For current information go to www.rfs.nsw.gov.au. Licensed under CC BY 4.0.',
    official: false,
    homepage: 'https://www.rfs.nsw.gov.au/fire-information/hazard-reductions',
  },
];

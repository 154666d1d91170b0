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
    replayPath: '/nsw/rfs/feeds/majorIncidents.json',
    format: 'nsw-rfs-major-incidents-geojson',
    pollIntervalSeconds: 300,
    licence: 'CC BY 4.0',
    licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
    attribution:
      '© State of New South Wales (NSW Rural Fire Service). For current information go to www.rfs.nsw.gov.au. Licensed under CC BY 4.0.',
    official: true,
    homepage: 'https://www.rfs.nsw.gov.au/fire-information/fires-near-me',
  },
];

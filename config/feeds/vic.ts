import { agencyFeeds } from './agency-feeds.js';
import type { FeedDefinition } from './types.js';

/**
 * VIC: VicEmergency (Emergency Management Victoria) and the agencies it carries (CFA, FRV, SES,
 * FFMVic, ESTA, BOM…). One document holds every agency's incidents and EMV's warnings; ids take the
 * originating agency's code. The 2020-era `osom-geojson.json` (same schema, parser
 * `vic-emv-osom-geojson`) is legacy and not polled: polling both would publish every incident twice.
 */
export const VIC_FEEDS: readonly FeedDefinition[] = agencyFeeds(
  {
    state: 'vic',
    agency: 'emv',
    agencyName: 'Emergency Management Victoria (VicEmergency)',
    pollIntervalSeconds: 300,
    licence: 'CC BY 3.0 AU',
    licenceUrl: 'https://creativecommons.org/licenses/by/3.0/au/',
    attribution: '© State of Victoria (Emergency Management Victoria). Licensed under CC BY 3.0 AU.',
    official: true,
    homepage: 'https://emergency.vic.gov.au/respond/',
  },
  [
    {
      feed: 'events',
      name: 'VicEmergency incidents and warnings (GeoJSON)',
      url: 'https://emergency.vic.gov.au/public/events-geojson.json',
      format: 'vic-emv-events-geojson',
      carriedAgencies: {
        cfa: 'Country Fire Authority',
        frv: 'Fire Rescue Victoria',
        ses: 'Victoria State Emergency Service',
        esta: 'Triple Zero Victoria',
        ffmvic: 'Forest Fire Management Victoria',
        ga: 'Geoscience Australia',
        lsv: 'Life Saving Victoria',
        bom: 'Bureau of Meteorology',
      },
    },
  ],
);

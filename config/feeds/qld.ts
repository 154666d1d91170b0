import { agencyFeeds } from './agency-feeds.js';
import { CC_BY_4_0 } from './licences.js';
import type { FeedDefinition } from './types.js';

/**
 * QLD: Queensland Fire Department (QFES until 2024), current bushfire incidents and warnings on S3
 * (FEEDS.md section 4). The dataset is refreshed every 30 minutes. The JSON and Atom variants carry
 * the same incidents under the same ids (the CAD number). Not catalogued: the KMZ (a zip: its doc.kml has
 * a parser, `qld-qfd-bushfire-alert-kml`, for archives), the CAP-AU variants and the ArcGIS services
 * (no sample, no documented fields).
 */
export const QLD_FEEDS: readonly FeedDefinition[] = agencyFeeds(
  {
    state: 'qld',
    agency: 'qfd',
    agencyName: 'Queensland Fire Department',
    pollIntervalSeconds: 1800,
    ...CC_BY_4_0,
    attribution: 'Queensland Fire Department',
    official: true,
    homepage: 'https://www.data.qld.gov.au/dataset/queensland-fire-and-rescue-current-bushfire-incidents',
  },
  [
    {
      // Written from FEEDS.md's field list: no raw sample of this format was available.
      feed: 'bushfire-alert',
      name: 'Current bushfire incidents and warnings (GeoJSON)',
      url: 'https://publiccontent-gis-psba-qld-gov-au.s3.amazonaws.com/content/Feeds/BushfireCurrentIncidents/bushfireAlert.json',
      format: 'qld-qfd-bushfire-alert-geojson',
    },
    {
      feed: 'bushfire-alert-atom',
      name: 'Current bushfire incidents (Atom + GeoRSS)',
      url: 'https://publiccontent-gis-psba-qld-gov-au.s3.amazonaws.com/content/Feeds/BushfireCurrentIncidents/bushfireAlert.xml',
      format: 'qld-qfd-bushfire-alert-atom',
    },
  ],
);

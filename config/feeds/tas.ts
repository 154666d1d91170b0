import { agencyFeeds } from './agency-feeds.js';
import { CC_BY_4_0 } from './licences.js';
import type { FeedDefinition } from './types.js';

/**
 * TAS: TasALERT (Department of Premier and Cabinet) and Tasmania Fire Service (FEEDS.md section 7).
 * The retired TFS colBushfireSummariesRss GeoRSS (HTTP 410) has a parser for archives but no entry.
 * The TFS `Show?pageId=…` addresses differ only by their query, so their replay paths put the page id
 * in the path.
 */

const TFS_FEEDS_PAGE = 'https://www.fire.tas.gov.au/Show?pageId=xmlFeedsHome';

/**
 * The TFS feeds page licenses the feeds under CC BY 4.0 and requires the time each update was received
 * and its prescribed disclaimer to be shown with the data. The disclaimer's exact wording was not
 * captured in FEEDS.md: take it from the feeds page.
 */
const TFS_ATTRIBUTION =
  'Source: Tasmania Fire Service, licensed under CC BY 4.0. Show the time each update was received ' +
  `and the disclaimer prescribed on the TFS feeds page (${TFS_FEEDS_PAGE}).`;

export const TAS_FEEDS: readonly FeedDefinition[] = [
  ...agencyFeeds(
    {
      state: 'tas',
      agency: 'tasalert',
      agencyName: 'TasALERT (Tasmanian Department of Premier and Cabinet)',
      pollIntervalSeconds: 300,
      licence: 'TasALERT terms: developers must request permission for feed access',
      licenceUrl: 'https://alert.tas.gov.au/about-app',
      official: true,
      homepage: 'https://alert.tas.gov.au/',
    },
    [
      {
        feed: 'data',
        name: 'Incidents and warnings (GeoJSON)',
        url: 'https://alert.tas.gov.au/data/data.geojson',
        format: 'tas-tasalert-data-geojson',
      },
    ],
  ),
  ...agencyFeeds(
    {
      state: 'tas',
      agency: 'tfs',
      agencyName: 'Tasmania Fire Service',
      pollIntervalSeconds: 300,
      ...CC_BY_4_0,
      attribution: TFS_ATTRIBUTION,
      official: true,
      homepage: TFS_FEEDS_PAGE,
    },
    [
      {
        feed: 'incidents',
        name: 'Current incidents (KML)',
        url: 'https://www.fire.tas.gov.au/Show?pageId=bfKml',
        format: 'tas-tfs-incidents-kml',
      },
      {
        feed: 'alert-areas',
        name: 'Alert areas (KML)',
        url: 'https://www.fire.tas.gov.au/Show?pageId=alertKml',
        format: 'tas-tfs-alert-areas-kml',
      },
    ],
  ),
];

import { agencyFeeds, type AgencyTerms } from './agency-feeds.js';
import type { FeedDefinition } from './types.js';

/**
 * SA: Country Fire Service (CFS) and Metropolitan Fire Service (MFS), FEEDS.md section 5. Not here:
 * the CFS CAP-AU feeds, warnings RSS and bans RSS (no sample, no parser), the SES (FEEDS.md lists no
 * SES feed), and the 2013 RSS `CFS_Current_Incidents.xml` (no longer published: its parser is in
 * SA_LEGACY_PARSERS for archives).
 *
 * Licence: UNRESOLVED, recorded as FEEDS.md found it. data.sa.gov.au lists CC BY-NC-ND 4.0 for the
 * "CFS Current Incidents RSS Feed" package (which includes the JSON), data.gov.au says "Licence Not
 * Specified", the CFS site footer says CC BY 4.0. FEEDS.md advises treating SA as the most restrictive
 * case (non-commercial, no derivatives) until the agency answers; no licence URL or attribution
 * wording is known, so none is given.
 */
const SA_LICENCE =
  'Unresolved: CC BY-NC-ND 4.0 (data.sa.gov.au) vs Licence Not Specified (data.gov.au) vs CC BY 4.0 (CFS site footer)';

const CFS: AgencyTerms = {
  state: 'sa',
  agency: 'cfs',
  agencyName: 'SA Country Fire Service',
  pollIntervalSeconds: 300,
  licence: SA_LICENCE,
  official: true,
  homepage: 'https://www.cfs.sa.gov.au/warnings-and-incidents/',
};

const MFS: AgencyTerms = {
  state: 'sa',
  agency: 'mfs',
  agencyName: 'SA Metropolitan Fire Service',
  pollIntervalSeconds: 300,
  licence: SA_LICENCE,
  official: true,
  homepage: 'https://mfs.sa.gov.au/public-warnings,-media-and-publications/public-information-and-warnings',
};

export const SA_FEEDS: readonly FeedDefinition[] = [
  ...agencyFeeds(CFS, [
    {
      feed: 'current-incidents',
      name: 'CFS current incidents (CRIIMSON JSON)',
      url: 'https://data.eso.sa.gov.au/prod/cfs/criimson/cfs_current_incidents.json',
      format: 'sa-cfs-current-incidents-json',
    },
    {
      feed: 'incident-placemark',
      name: 'CFS incident placemarks (KML)',
      url: 'https://data.eso.sa.gov.au/prod/cfs/criimson/cfs_incident_placemark.xml',
      format: 'sa-cfs-incident-placemark-kml',
    },
  ]),
  ...agencyFeeds(MFS, [
    {
      feed: 'incident-placemark',
      name: 'MFS incident placemarks (KML)',
      url: 'https://data.eso.sa.gov.au/prod/mfs/criimson/mfs_incident_placemark.xml',
      format: 'sa-mfs-incident-placemark-kml',
    },
  ]),
  ...agencyFeeds(CFS, [
    {
      feed: 'warning-points',
      name: 'CFS public warning points (GeoHub ArcGIS GeoJSON, unverified)',
      url:
        'https://services.geohub.sa.gov.au/v1CFSHA/featurelayer/server/rest/services/Hosted/CFS_Warning_Points_Public/FeatureServer/0/query' +
        '?f=geojson&where=public%20%3D%20%27true%27%20AND%20expiry%20%3E%20CURRENT_TIMESTAMP&outFields=*&outSR=4326&returnGeometry=true',
      format: 'sa-cfs-warning-points-geojson',
      // Only an empty response has been seen; field names come from peers, and the service wants an
      // `Origin: https://apps.geohub.sa.gov.au` header the poller does not send.
      official: false,
    },
  ]),
];

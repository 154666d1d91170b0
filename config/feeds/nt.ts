import { agencyFeeds } from './agency-feeds.js';
import type { FeedDefinition } from './types.js';

/**
 * NT: Police, Fire and Emergency Services (NT Fire and Rescue Service, Bushfires NT), the fire incident
 * map's JSON (FEEDS.md section 8). The map refreshes about every 10–15 minutes and keeps closed incidents
 * for 24 hours. Not catalogued: the 2020 name of the incident feed, ntfrsincidents.json (same format,
 * same parser), SecureNT's HTML tables (scrape only) and burn permits (permits, not incidents).
 */
export const NT_FEEDS: readonly FeedDefinition[] = agencyFeeds(
  {
    state: 'nt',
    agency: 'pfes',
    agencyName: 'NT Police, Fire and Emergency Services',
    pollIntervalSeconds: 600,
    // No open licence: the PFES copyright page allows non-commercial reproduction, written consent otherwise.
    licence: 'PFES copyright: non-commercial reproduction allowed, written consent otherwise',
    official: true,
    homepage: 'https://www.pfes.nt.gov.au/',
  },
  [
    {
      feed: 'incidents',
      name: 'Fire incident map (JSON)',
      url: 'https://www.pfes.nt.gov.au/incidentmap/json/incidents.json',
      format: 'nt-pfes-incidents-json',
    },
    {
      // Items written from a peer's description (BOM fire-danger area warnings): the only sample is empty.
      feed: 'warnings',
      name: 'Incident map warnings (JSON)',
      url: 'https://www.pfes.nt.gov.au/incidentmap/json/warnings.json',
      format: 'nt-pfes-warnings-json',
    },
  ],
);

import type { StateCode } from '../model/index.js';

/** Upstream document formats, one pure parser each (activities/sources/). */
export const FEED_FORMATS = ['nsw-rfs-major-incidents-geojson'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

export interface FeedDefinition {
  /** Catalogue key, unique: `<state>-<agency>-<feed>`. */
  key: string;
  state: StateCode;
  /** Agency code used in incident ids. */
  agency: string;
  agencyName: string;
  /** Short name of the feed within its agency (the third part of the workflow id). */
  feed: string;
  name: string;
  /** The official upstream address. */
  url: string;
  /** Path of this feed on the replay server (`test/replay`), agency-like. */
  replayPath: string;
  format: FeedFormat;
  pollIntervalSeconds: number;
  licence: string;
  licenceUrl?: string;
  /** Attribution text, present only where the agency asks for one. */
  attribution?: string;
  /** False for community-decoded or unverified feeds. */
  official: boolean;
  homepage: string;
}

export const FEED_CATALOGUE: readonly FeedDefinition[] = [
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

export function feedByKey(key: string): FeedDefinition | undefined {
  return FEED_CATALOGUE.find((feed) => feed.key === key);
}

/** Temporal workflow id of a feed's poller: `feed:<state>:<agency>:<feed>`. */
export function pollerWorkflowId(feed: FeedDefinition): string {
  return `feed:${feed.state}:${feed.agency}:${feed.feed}`;
}

/** The address actually polled: the official one, or the same path on an override base (replay). */
export function effectiveFeedUrl(feed: FeedDefinition, upstreamBaseUrl?: string): string {
  if (!upstreamBaseUrl) return feed.url;
  return new URL(feed.replayPath, upstreamBaseUrl).toString();
}

import type { FeedFormat } from '../../config/index.js';
import { parseNswRfsMajorIncidents } from './nsw-rfs-major-incidents.js';
import type { FeedParser } from './types.js';

/** One pure parser per upstream format. */
export const PARSERS: Readonly<Record<FeedFormat, FeedParser>> = {
  'nsw-rfs-major-incidents-geojson': parseNswRfsMajorIncidents,
};

export { MalformedFeedError } from './errors.js';
export type { FeedParser } from './types.js';

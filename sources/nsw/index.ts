import type { FeedParser } from '../common/types.js';
import { parseNswRfsHazardReductions } from './rfs-hazard-reductions.js';
import { parseNswRfsMajorIncidentsCap } from './rfs-major-incidents-cap.js';
import { parseNswRfsMajorIncidentsGeoRss } from './rfs-major-incidents-georss.js';
import { parseNswRfsMajorIncidents } from './rfs-major-incidents.js';

/** NSW formats, keyed by the catalogue's `format`. */
export const NSW_PARSERS: Readonly<Record<string, FeedParser>> = {
  'nsw-rfs-major-incidents-geojson': parseNswRfsMajorIncidents,
  'nsw-rfs-major-incidents-georss': parseNswRfsMajorIncidentsGeoRss,
  'nsw-rfs-major-incidents-cap': parseNswRfsMajorIncidentsCap,
  'nsw-rfs-hazard-reductions-json': parseNswRfsHazardReductions,
};

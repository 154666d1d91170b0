import centroid from '@turf/centroid';
import { polygon } from '@turf/helpers';
import type { LgaIndex } from './lga-index.js';
import type { ApproximateLocation, PostcodeDirectory } from './localities/postcode-directory.js';

/**
 * An approximate point for rows that carry only a postcode or an LGA (archive rows): the G-NAF
 * address mean of the postcode, or of the LGA's localities; failing that, for an LGA, the vertex
 * centroid of its largest polygon. `precision` says which kind of place the point stands for.
 */
export function approximateLocation(
  target: { postcode: string } | { lga: string },
  geography: { directory?: PostcodeDirectory; index: LgaIndex },
): ApproximateLocation | undefined {
  const fromAddresses = geography.directory?.approximateLocation(target);
  if (fromAddresses || 'postcode' in target) return fromAddresses;
  const ring = geography.index.outerRings(target.lga)[0];
  if (!ring) return undefined;
  const [longitude, latitude] = centroid(polygon([ring])).geometry.coordinates;
  if (longitude === undefined || latitude === undefined) return undefined;
  return { latitude, longitude, precision: 'lga' };
}

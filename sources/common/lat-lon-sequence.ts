import type { Position } from '../../model/index.js';
import { positionFromLatLng } from './lat-lng-fields.js';

/**
 * Lists of positions written as text, latitude first, in the shapes feeds use for polygons:
 * - GeoRSS `georss:polygon`: `lat lon lat lon …`, every number separated by white space;
 * - delimited pairs: CAP `<polygon>` `lat,lon lat,lon …` (pairs by white space, ordinates by a comma),
 *   NSW RFS hazard reductions `lat;lon|lat;lon|…|` (pairs by `|`, ordinates by `;`, a trailing `|`).
 * Results are GeoJSON [lng, lat] in document order. A pair that cannot be read (not two numbers, out
 * of range, the 0,0 placeholder) is skipped and counted in `skipped`; nothing is swapped or rounded.
 * Closing rings and dropping short ones is left to common/geometry.ts (flattenGeometry).
 */

export interface PositionList {
  positions: Position[];
  skipped: number;
}

/** `lat lon lat lon …` (GeoRSS simple polygon or line). An odd number left over is skipped. */
export function positionsFromGeoRssList(text: string): PositionList {
  const numbers = text
    .trim()
    .split(/\s+/)
    .filter((part) => part !== '');
  const positions: Position[] = [];
  let skipped = numbers.length % 2;
  for (let index = 0; index + 1 < numbers.length; index += 2) {
    const position = positionFromLatLng(numbers[index], numbers[index + 1]);
    if (position) positions.push(position);
    else skipped += 1;
  }
  return { positions, skipped };
}

/**
 * Pairs separated by `pairSeparator`, each `lat<coordinateSeparator>lon` (white space around either
 * separator tolerated; empty pieces, as after a trailing separator, ignored).
 */
export function positionsFromDelimitedLatLon(
  text: string,
  pairSeparator: string | RegExp,
  coordinateSeparator: string | RegExp,
): PositionList {
  const positions: Position[] = [];
  let skipped = 0;
  for (const pair of text.split(pairSeparator)) {
    if (pair.trim() === '') continue;
    const parts = pair.split(coordinateSeparator);
    const position = parts.length === 2 ? positionFromLatLng(parts[0], parts[1]) : undefined;
    if (position) positions.push(position);
    else skipped += 1;
  }
  return { positions, skipped };
}

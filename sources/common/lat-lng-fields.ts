import type { Position } from '../../model/index.js';
import { isRecord } from './values.js';

/**
 * Positions written latitude first, in the forms a string-typed feed uses: two separate fields whose
 * values are numbers or numeric strings (ACT ESA `latitude`/`longitude` "-35.32", "149.23"), lists of
 * `{lat, lng}` objects (ACT ESA polygon endpoint), and GeoRSS simple points "lat lon". Everything
 * comes back in GeoJSON order [lng, lat]. Never swaps or rounds; values out of range, empty strings
 * and the 0,0 "unknown" placeholder give no position.
 */

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** A finite number from a number or a numeric string (white space around it allowed); else undefined. */
export function coordinateNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return NUMBER.test(text) ? Number(text) : undefined;
}

/** [lng, lat] from a latitude and a longitude given separately; undefined when either is unusable. */
export function positionFromLatLng(latitude: unknown, longitude: unknown): Position | undefined {
  const lat = coordinateNumber(latitude);
  const lng = coordinateNumber(longitude);
  if (lat === undefined || lng === undefined) return undefined;
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return undefined;
  if (lat === 0 && lng === 0) return undefined;
  return [lng, lat];
}

/**
 * `[{lat, lng}, …]` (also `lon`/`long`/`longitude`, `latitude`) as [lng, lat] positions in order;
 * entries that are not usable points are skipped. Anything but an array gives [].
 */
export function positionsFromLatLngObjects(points: unknown): Position[] {
  if (!Array.isArray(points)) return [];
  const positions: Position[] = [];
  for (const point of points) {
    if (!isRecord(point)) continue;
    const position = positionFromLatLng(
      point.lat ?? point.latitude,
      point.lng ?? point.lon ?? point.long ?? point.longitude,
    );
    if (position) positions.push(position);
  }
  return positions;
}

/** A GeoRSS simple point, "lat lon" separated by white space (a comma is tolerated). */
export function parseGeoRssPoint(text: unknown): Position | undefined {
  if (typeof text !== 'string') return undefined;
  const parts = text.trim().split(/\s*,\s*|\s+/);
  if (parts.length !== 2) return undefined;
  return positionFromLatLng(parts[0], parts[1]);
}

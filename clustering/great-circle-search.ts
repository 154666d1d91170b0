import type KDBush from 'kdbush';

/** geokdbush's Earth radius, so boxes and its `distance` agree. */
const EARTH_RADIUS_KM = 6371;
const DEGREES = 180 / Math.PI;
/** Widens every box a hair, so float rounding at its edge cannot drop a point inside the cap. */
const EDGE_DEGREES = 1e-9;

/** [minLng, minLat, maxLng, maxLat] in degrees. */
export type LngLatBox = [number, number, number, number];

/**
 * The longitude/latitude boxes that together hold every point within `km` (great circle) of
 * (`lng`, `lat`): the bounding coordinates of a spherical cap. Latitude spans ±km/R; longitude spans
 * ±asin(sin(km/R) / cos(lat)), or the whole circle when the cap holds a pole. A box crossing the
 * antimeridian is split in two.
 */
export function capBoxes(lng: number, lat: number, km: number): LngLatBox[] {
  const angle = km / EARTH_RADIUS_KM;
  const minLat = lat - angle * DEGREES - EDGE_DEGREES;
  const maxLat = lat + angle * DEGREES + EDGE_DEGREES;
  if (angle >= Math.PI / 2 || minLat <= -90 || maxLat >= 90) {
    return [[-180, Math.max(minLat, -90), 180, Math.min(maxLat, 90)]];
  }
  const spread = Math.asin(Math.sin(angle) / Math.cos(lat / DEGREES)) * DEGREES + EDGE_DEGREES;
  const [west, east] = [lng - spread, lng + spread];
  if (west < -180)
    return [
      [west + 360, minLat, 180, maxLat],
      [-180, minLat, east, maxLat],
    ];
  if (east > 180)
    return [
      [west, minLat, 180, maxLat],
      [-180, minLat, east - 360, maxLat],
    ];
  return [[west, minLat, east, maxLat]];
}

/**
 * Indices of every point of `index` (added as lng, lat) that may lie within `km` of (`lng`, `lat`):
 * a superset, to be filtered by exact distance. A plain box search (kdbush `range`) is several times
 * faster than geokdbush's `around`, which keeps a priority queue to return points nearest first, an
 * order clustering does not need.
 */
export function candidatesWithin(index: KDBush, lng: number, lat: number, km: number): number[] {
  const boxes = capBoxes(lng, lat, km);
  if (boxes.length === 1) return index.range(...boxes[0]!);
  return boxes.flatMap((box) => index.range(...box));
}

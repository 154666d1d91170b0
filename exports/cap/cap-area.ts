import type { IncidentGeometry, Position } from '../../model/index.js';

/** The shapes of one CAP `<area>`: `lat,lon` pair lists and `lat,lon radius` circles, as CAP writes them. */
export interface CapShapes {
  polygons: string[];
  circles: string[];
}

/** At most 6 decimals (about 0.1 m), without trailing zeros. */
function coordinate(value: number): string {
  return String(Number(value.toFixed(6)));
}

function pair([lon, lat]: Position): string {
  return `${coordinate(lat)},${coordinate(lon)}`;
}

/**
 * One GeoJSON ring as a CAP polygon: latitude first, rounded, repeated points (after rounding) removed,
 * closed, and at least 4 pairs. A ring that collapses below that is not an area and yields nothing.
 */
export function capPolygon(ring: readonly Position[]): string | undefined {
  const pairs: string[] = [];
  for (const position of ring) {
    const text = pair(position);
    if (pairs[pairs.length - 1] !== text) pairs.push(text);
  }
  if (pairs.length > 1 && pairs[0] === pairs[pairs.length - 1]) pairs.pop();
  if (new Set(pairs).size < 3) return undefined;
  pairs.push(pairs[0]!);
  return pairs.join(' ');
}

/** A point as a CAP circle of radius 0 km: the CAP way of saying "here", which consumers draw as a pin. */
export function capCircle(position: Position, radiusKm = 0): string {
  return `${pair(position)} ${radiusKm}`;
}

/**
 * The CAP shapes of an incident's geometry. CAP polygons have no holes, so only outer rings are kept
 * (the area they describe is then slightly larger, never smaller). Without a usable shape the
 * location's centroid, when known, becomes a circle.
 */
export function capShapes(geometry: IncidentGeometry | null, centroid: Position | null): CapShapes {
  const polygons: string[] = [];
  if (geometry?.type === 'Point') return { polygons, circles: [capCircle(geometry.coordinates)] };
  const outerRings =
    geometry?.type === 'Polygon'
      ? [geometry.coordinates[0]]
      : geometry?.type === 'MultiPolygon'
        ? geometry.coordinates.map((polygon) => polygon[0])
        : [];
  for (const ring of outerRings) {
    const polygon = ring ? capPolygon(ring) : undefined;
    if (polygon) polygons.push(polygon);
  }
  if (polygons.length === 0 && centroid) return { polygons, circles: [capCircle(centroid)] };
  return { polygons, circles: [] };
}

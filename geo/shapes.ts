import { distance } from 'geokdbush';
import pointInPolygon from 'point-in-polygon-hao';
import type { IncidentGeometry, Position } from '../model/index.js';

/**
 * Where something is, for matching it against an area: a point, or polygons (GeoJSON coordinates,
 * [longitude, latitude]) with their bounding box. Filters and geofences match changes by these.
 */
export type Shape =
  | { kind: 'point'; longitude: number; latitude: number }
  | { kind: 'area'; polygons: Position[][][]; bbox: BBox };

export type BBox = [minLon: number, minLat: number, maxLon: number, maxLat: number];

export function pointShape(longitude: number, latitude: number): Shape {
  return { kind: 'point', longitude, latitude };
}

/** A geometry's shape (a Point, or the parts of a Polygon or MultiPolygon). */
export function shapeOfGeometry(geometry: IncidentGeometry): Shape | undefined {
  if (geometry.type === 'Point') return pointShape(geometry.coordinates[0], geometry.coordinates[1]);
  const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates)
    .map((polygon) => polygon.filter((ring) => ring.length >= 3).map(closedRing))
    .filter((polygon) => polygon.length > 0);
  const outer = polygons.map((polygon) => polygon[0]!);
  if (outer.length === 0) return undefined;
  return { kind: 'area', polygons, bbox: bboxOf(outer.flat()) };
}

/** point-in-polygon-hao throws on an open ring; rings from other sources may be open. */
export function closedRing(ring: Position[]): Position[] {
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (!first || !last || (first[0] === last[0] && first[1] === last[1])) return ring;
  return [...ring, first];
}

export function bboxOf(positions: readonly Position[]): BBox {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of positions) {
    if (x < minX) minX = x;
    if (y < minY) minY = y;
    if (x > maxX) maxX = x;
    if (y > maxY) maxY = y;
  }
  return [minX, minY, maxX, maxY];
}

export const KM_PER_DEGREE = 111.32;

/** Distance in km from a point to a ring's edges, on a local equirectangular projection. */
export function kilometresToRing(longitude: number, latitude: number, ring: readonly Position[]): number {
  const xScale = Math.cos((latitude * Math.PI) / 180) * KM_PER_DEGREE;
  let best = Infinity;
  for (let i = 1; i < ring.length; i += 1) {
    const a = ring[i - 1];
    const b = ring[i];
    if (!a || !b) continue;
    const ax = (a[0] - longitude) * xScale;
    const ay = (a[1] - latitude) * KM_PER_DEGREE;
    const dx = (b[0] - a[0]) * xScale;
    const dy = (b[1] - a[1]) * KM_PER_DEGREE;
    const length = dx * dx + dy * dy;
    const t = length === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / length));
    best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
  }
  return best;
}

/** Inside (or on the edge of) a polygon given as rings, outer first, holes after. */
export function insidePolygon(longitude: number, latitude: number, polygon: Position[][]): boolean {
  return pointInPolygon([longitude, latitude], polygon) !== false;
}

function boxesMeet(a: BBox, b: BBox): boolean {
  return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
}

/** The shape's bounding box. */
export function shapeBox(shape: Shape): BBox {
  return shape.kind === 'point'
    ? [shape.longitude, shape.latitude, shape.longitude, shape.latitude]
    : shape.bbox;
}

/** A point inside the box, or an area whose bounding box meets it. */
export function shapeMeetsBox(shape: Shape, box: BBox): boolean {
  return boxesMeet(shapeBox(shape), box);
}

/** A point within `radiusKm` (great circle), or an area containing the centre or with an edge that near. */
export function shapeWithin(shape: Shape, longitude: number, latitude: number, radiusKm: number): boolean {
  if (shape.kind === 'point')
    return distance(longitude, latitude, shape.longitude, shape.latitude) <= radiusKm;
  return shape.polygons.some(
    (polygon) =>
      insidePolygon(longitude, latitude, polygon) ||
      polygon.some((ring) => kilometresToRing(longitude, latitude, ring) <= radiusKm),
  );
}

/**
 * A shape meeting a polygon (rings, outer first): a point inside it; an area with a vertex inside it,
 * or containing one of its vertices (overlaps where only edges cross are not seen: areas here are
 * hulls and warning polygons, far larger than that gap).
 */
export function shapeMeetsPolygon(shape: Shape, polygon: Position[][]): boolean {
  if (shape.kind === 'point') return insidePolygon(shape.longitude, shape.latitude, polygon);
  const outer = polygon[0];
  if (!outer || !boxesMeet(shape.bbox, bboxOf(outer))) return false;
  return (
    shape.polygons.some((part) => part[0]?.some(([x, y]) => insidePolygon(x, y, polygon))) ||
    outer.some(([x, y]) => shape.polygons.some((part) => insidePolygon(x, y, part)))
  );
}

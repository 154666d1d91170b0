import centroid from '@turf/centroid';
import type {
  IncidentGeometry,
  IncidentLocation,
  MultiPolygonGeometry,
  PointGeometry,
  PolygonGeometry,
  Position,
} from '../../model/index.js';
import { isRecord } from './values.js';

/** The served parts of an upstream geometry: every point and every polygon (as rings), in document order. */
export interface FlatGeometry {
  points: Position[];
  polygons: Position[][][];
}

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** A valid [lng, lat] (a third ordinate is dropped), or undefined. Coordinates are never rounded. */
function toPosition(value: unknown): Position | undefined {
  if (!Array.isArray(value)) return undefined;
  const [lng, lat] = value as unknown[];
  if (typeof lng !== 'number' || typeof lat !== 'number') return undefined;
  if (!Number.isFinite(lng) || !Number.isFinite(lat)) return undefined;
  if (lng < -180 || lng > 180 || lat < -90 || lat > 90) return undefined;
  return [lng, lat];
}

/** Invalid positions are dropped; a ring left open is closed; fewer than 4 positions is no ring. */
function toRing(value: unknown): Position[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const ring = value.map(toPosition).filter((position) => position !== undefined);
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) ring.push([first[0], first[1]]);
  return ring.length >= 4 ? ring : undefined;
}

/** A polygon without a valid outer ring is dropped; invalid holes are dropped alone. */
function toPolygon(value: unknown): Position[][] | undefined {
  if (!Array.isArray(value)) return undefined;
  const [outer, ...holes] = value as unknown[];
  const shell = toRing(outer);
  if (!shell) return undefined;
  return [shell, ...holes.map(toRing).filter((ring) => ring !== undefined)];
}

function addPositions(into: Position[], values: unknown[]): void {
  for (const value of values) {
    const position = toPosition(value);
    if (position) into.push(position);
  }
}

function addPolygons(into: Position[][][], values: unknown[]): void {
  for (const value of values) {
    const polygon = toPolygon(value);
    if (polygon) into.push(polygon);
  }
}

/**
 * Flattens a GeoJSON geometry, GeometryCollections nested to any depth included. Walks with an explicit
 * stack so hostile nesting cannot overflow the call stack. Lines are not served and are ignored.
 */
export function flattenGeometry(geometry: unknown): FlatGeometry {
  const flat: FlatGeometry = { points: [], polygons: [] };
  const stack: unknown[] = [geometry];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!isRecord(node)) continue;
    const coordinates = Array.isArray(node.coordinates) ? (node.coordinates as unknown[]) : [];
    switch (node.type) {
      case 'Point':
        addPositions(flat.points, [node.coordinates]);
        break;
      case 'MultiPoint':
        addPositions(flat.points, coordinates);
        break;
      case 'Polygon':
        addPolygons(flat.polygons, [node.coordinates]);
        break;
      case 'MultiPolygon':
        addPolygons(flat.polygons, coordinates);
        break;
      case 'GeometryCollection':
        // Reversed so that popping visits members in document order.
        if (Array.isArray(node.geometries)) stack.push(...(node.geometries as unknown[]).toReversed());
        break;
    }
  }
  return flat;
}

export function pointGeometry(position: Position): PointGeometry {
  return { type: 'Point', coordinates: position };
}

/** One polygon is served as a Polygon, several as one MultiPolygon, none as null. */
export function areaGeometry(polygons: Position[][][]): PolygonGeometry | MultiPolygonGeometry | null {
  const [only] = polygons;
  if (!only) return null;
  if (polygons.length === 1) return { type: 'Polygon', coordinates: only };
  return { type: 'MultiPolygon', coordinates: polygons };
}

/** The mean of the geometry's vertices (turf's centroid), as latitude/longitude. */
export function centroidOf(geometry: IncidentGeometry): LatLng {
  const [longitude = Number.NaN, latitude = Number.NaN] = centroid(geometry).geometry.coordinates;
  return { latitude, longitude };
}

/** Where a draft sits: the place, plus its geometry's centroid and 'exact' precision when it has one. */
export function locate(place: IncidentLocation, geometry: IncidentGeometry | null): IncidentLocation {
  return geometry ? { ...place, ...centroidOf(geometry), precision: 'exact' } : { ...place };
}

/**
 * A record's two geometries: its area, every polygon as one {@link areaGeometry} (or null), and its
 * incident point at `point`, else at the area's centroid, else null.
 */
export function incidentGeometries(
  point: Position | undefined,
  polygons: Position[][][],
): { incident: PointGeometry | null; area: PolygonGeometry | MultiPolygonGeometry | null } {
  const area = areaGeometry(polygons);
  if (point) return { incident: pointGeometry(point), area };
  if (!area) return { incident: null, area };
  const { longitude, latitude } = centroidOf(area);
  return { incident: pointGeometry([longitude, latitude]), area };
}

import type { Position } from '../../model/index.js';
import { isRecord } from './values.js';

/**
 * Web-mercator (EPSG:3857, also published as 900913 / ESRI 102100 / 102113) metres → WGS84 degrees.
 * QLD's bushfireAlert.json may carry its geometry in metres (FEEDS.md section 4): detect it from the
 * GeoJSON `crs` member or from magnitudes no longitude/latitude can have, and convert every position
 * before the geometry reaches flattenGeometry (which drops out-of-range positions).
 */

const EARTH_RADIUS = 6_378_137;
const DEGREES = 180 / Math.PI;
/** Beyond this many nested arrays/collections the value is not a geometry: left as it is. */
const MAX_DEPTH = 32;
const MERCATOR_CRS = /(?:^|[^0-9])(?:3857|900913|102100|102113)$/;

/** [x, y] metres → [lng, lat] degrees; further ordinates (altitude) are dropped. */
export function webMercatorToLngLat([x = Number.NaN, y = Number.NaN]: readonly number[]): Position {
  const lng = (x / EARTH_RADIUS) * DEGREES;
  const lat = (2 * Math.atan(Math.exp(y / EARTH_RADIUS)) - Math.PI / 2) * DEGREES;
  return [lng, lat];
}

/**
 * True when a GeoJSON (2008) `crs` member names web-mercator:
 * `{"type":"name","properties":{"name":"EPSG:3857"}}`, `urn:ogc:def:crs:EPSG::3857`, or an ESRI
 * `{"wkid":102100,"latestWkid":3857}` spatial reference.
 */
export function isWebMercatorCrs(crs: unknown): boolean {
  if (!isRecord(crs)) return false;
  const properties = isRecord(crs.properties) ? crs.properties : {};
  const names = [properties.name, properties.code, crs.wkid, crs.latestWkid, crs.name];
  return names.some(
    (name) =>
      (typeof name === 'string' || typeof name === 'number') && MERCATOR_CRS.test(String(name).trim()),
  );
}

function isPosition(value: unknown[]): boolean {
  return typeof value[0] === 'number' && typeof value[1] === 'number';
}

/** The first position of a GeoJSON geometry (collections included), depth-limited. */
function firstPosition(geometry: unknown, depth = 0): unknown[] | undefined {
  if (depth > MAX_DEPTH) return undefined;
  if (Array.isArray(geometry)) {
    const list = geometry as unknown[];
    if (isPosition(list)) return list;
    for (const item of list) {
      const found = firstPosition(item, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (!isRecord(geometry)) return undefined;
  return firstPosition(
    geometry.type === 'GeometryCollection' ? geometry.geometries : geometry.coordinates,
    depth + 1,
  );
}

/** True when the geometry's first position cannot be longitude/latitude degrees (|x| > 180 or |y| > 90). */
export function looksLikeWebMercator(geometry: unknown): boolean {
  const position = firstPosition(geometry);
  if (!position) return false;
  const [x, y] = position as number[];
  return Math.abs(x ?? 0) > 180 || Math.abs(y ?? 0) > 90;
}

function mapPositions(value: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH || !Array.isArray(value)) return value;
  if (isPosition(value)) return webMercatorToLngLat(value as number[]);
  return value.map((item: unknown) => mapPositions(item, depth + 1));
}

function mapGeometry(geometry: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH || !isRecord(geometry)) return geometry;
  if (geometry.type === 'GeometryCollection' && Array.isArray(geometry.geometries)) {
    return {
      ...geometry,
      geometries: (geometry.geometries as unknown[]).map((member) => mapGeometry(member, depth + 1)),
    };
  }
  return { ...geometry, coordinates: mapPositions(geometry.coordinates, depth + 1) };
}

/**
 * A GeoJSON geometry in degrees: converted from web-mercator when `crs` says so or its magnitudes do,
 * otherwise returned as it is. The input is not modified.
 */
export function geometryInDegrees(geometry: unknown, crs?: unknown): unknown {
  return isWebMercatorCrs(crs) || looksLikeWebMercator(geometry) ? mapGeometry(geometry, 0) : geometry;
}

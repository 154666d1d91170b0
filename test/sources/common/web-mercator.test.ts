import { describe, expect, it } from 'vitest';
import {
  geometryInDegrees,
  isWebMercatorCrs,
  looksLikeWebMercator,
  webMercatorToLngLat,
} from '../../../sources/common/web-mercator.js';

/** The forward projection, to build test points whose degrees are known. */
function toMercator(lng: number, lat: number): [number, number] {
  const radius = 6_378_137;
  return [((lng * Math.PI) / 180) * radius, radius * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360))];
}

describe('web-mercator → lng/lat', () => {
  it('converts metres to degrees (inverse of the forward projection), dropping a third ordinate', () => {
    expect(webMercatorToLngLat([0, 0])).toEqual([0, 0]);
    for (const [lng, lat] of [
      [153.0251, -27.4698],
      [145.7781, -16.9186],
      [138.5, -9.2],
    ] as const) {
      const [x, y] = toMercator(lng, lat);
      const [outLng, outLat] = webMercatorToLngLat([x, y, 0]);
      expect(outLng).toBeCloseTo(lng, 10);
      expect(outLat).toBeCloseTo(lat, 10);
    }
    // The edge of the projection's square is 180°E and about 85.05°N.
    const [edgeLng, edgeLat] = webMercatorToLngLat([20037508.342789244, 20037508.342789244]);
    expect(edgeLng).toBeCloseTo(180, 9);
    expect(edgeLat).toBeCloseTo(85.0511287798, 9);
  });

  it('recognises web-mercator crs members and spatial references', () => {
    expect(isWebMercatorCrs({ type: 'name', properties: { name: 'EPSG:3857' } })).toBe(true);
    expect(isWebMercatorCrs({ type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::3857' } })).toBe(true);
    expect(isWebMercatorCrs({ type: 'name', properties: { name: 'EPSG:900913' } })).toBe(true);
    expect(isWebMercatorCrs({ wkid: 102100, latestWkid: 3857 })).toBe(true);
    expect(isWebMercatorCrs({ type: 'name', properties: { name: 'urn:ogc:def:crs:OGC:1.3:CRS84' } })).toBe(
      false,
    );
    expect(isWebMercatorCrs({ type: 'name', properties: { name: 'EPSG:4326' } })).toBe(false);
    expect(isWebMercatorCrs({ type: 'name', properties: { name: 'EPSG:38570' } })).toBe(false);
    expect(isWebMercatorCrs(undefined)).toBe(false);
  });

  it('detects metres by magnitude, in collections too', () => {
    expect(looksLikeWebMercator({ type: 'Point', coordinates: [16039136.76, -1662224.58] })).toBe(true);
    expect(looksLikeWebMercator({ type: 'Point', coordinates: [153.02, -27.47, 0] })).toBe(false);
    expect(
      looksLikeWebMercator({
        type: 'GeometryCollection',
        geometries: [{ type: 'Polygon', coordinates: [[[16900000, -3240000]]] }],
      }),
    ).toBe(true);
    expect(looksLikeWebMercator(null)).toBe(false);
    expect(looksLikeWebMercator({ type: 'Point', coordinates: 'x' })).toBe(false);
  });

  it('converts every position of a geometry, leaves degrees and the input alone', () => {
    const ring = [
      toMercator(151, -27),
      toMercator(151.1, -27),
      toMercator(151.1, -26.9),
      toMercator(151, -27),
    ];
    const input = {
      type: 'GeometryCollection',
      geometries: [
        { type: 'Point', coordinates: toMercator(151.05, -26.95) },
        { type: 'MultiPolygon', coordinates: [[ring]] },
      ],
    };
    const before = JSON.stringify(input);
    const output = geometryInDegrees(input) as {
      geometries: [{ coordinates: number[] }, { coordinates: number[][][][] }];
    };
    expect(JSON.stringify(input)).toBe(before);
    expect(output.geometries[0].coordinates[0]).toBeCloseTo(151.05, 10);
    expect(output.geometries[0].coordinates[1]).toBeCloseTo(-26.95, 10);
    expect(output.geometries[1].coordinates[0]?.[0]?.[2]?.[1]).toBeCloseTo(-26.9, 10);

    const degrees = { type: 'Point', coordinates: [153.02, -27.47, 0] };
    expect(geometryInDegrees(degrees)).toBe(degrees);
    // A crs member forces the conversion even when magnitudes could be degrees (metres near 0,0).
    const [lng, lat] = (
      geometryInDegrees({ type: 'Point', coordinates: [111319.49, 0] }, { wkid: 3857 }) as {
        coordinates: number[];
      }
    ).coordinates as [number, number];
    expect(lng).toBeCloseTo(1, 6);
    expect(lat).toBe(0);
  });

  it('survives hostile nesting without recursing forever', () => {
    let nested: unknown = { type: 'Point', coordinates: [16039136.76, -1662224.58] };
    for (let depth = 0; depth < 10_000; depth++)
      nested = { type: 'GeometryCollection', geometries: [nested] };
    expect(() => geometryInDegrees(nested, { wkid: 3857 })).not.toThrow();
  });
});

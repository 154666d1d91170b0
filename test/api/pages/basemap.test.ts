import { gzipSync } from 'node:zlib';
import pointInPolygon from 'point-in-polygon-hao';
import { describe, expect, it } from 'vitest';
import { basemap, landPolygons, simplifyRing, type TownFeature } from '../../../api/pages/basemap.js';
import { COARSE_BORDERS_SOURCE, coarseBorders, onCoast } from '../../../api/pages/state-borders.js';

type Position = [number, number];

const onLand = (point: Position) =>
  landPolygons().some((polygon) => {
    const inside = pointInPolygon(point, polygon);
    return inside === true || inside === 0;
  });

/** Degrees from a point to the nearest edge of the land. */
function toCoast([x, y]: Position): number {
  let best = Infinity;
  for (const ring of landPolygons().flat()) {
    for (let i = 1; i < ring.length; i++) {
      const [ax, ay] = ring[i - 1]!;
      const [bx, by] = ring[i]!;
      const length = (bx - ax) ** 2 + (by - ay) ** 2;
      const t =
        length === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / length));
      best = Math.min(best, Math.hypot(ax + t * (bx - ax) - x, ay + t * (by - ay) - y));
    }
  }
  return best;
}

const towns = () => basemap().features.filter((f): f is TownFeature => f.properties.kind === 'town');

/** Web Mercator pixels at zoom 0, as MapLibre places a point (a 512-pixel world). */
function pixels([lng, lat]: Position): Position {
  const sin = Math.sin((lat * Math.PI) / 180);
  return [((lng + 180) / 360) * 512, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * 512];
}

describe('the basemap under the map', () => {
  it('has the real coast: places on it are on land, the sea off it is not', () => {
    const land: [string, Position][] = [
      ['Port Macquarie', [152.9, -31.43]],
      ['Sydney', [151.2073, -33.8679]],
      ['Melbourne', [144.9633, -37.814]],
      ['Hobart (Tasmania)', [147.3294, -42.8794]],
      ['Perth', [115.8614, -31.9522]],
      ['Brisbane', [153.0281, -27.4679]],
      ['Adelaide', [138.5986, -34.9287]],
      ['Kangaroo Island', [137.25, -35.8]],
      ['Alice Springs', [133.8836, -23.6975]],
    ];
    const sea: [string, Position][] = [
      ['off the NSW mid-north coast', [153.5, -32.5]],
      ['Bass Strait', [146.0, -39.8]],
      ['Spencer Gulf', [137.5, -34.0]],
      ['the Gulf of Carpentaria', [139.0, -15.0]],
      ['the Tasman Sea', [156.0, -35.0]],
    ];
    for (const [name, point] of land) expect(onLand(point), name).toBe(true);
    for (const [name, point] of sea) expect(onLand(point), name).toBe(false);
  });

  it('names the capitals from the first zoom and other towns as there is room for them', () => {
    const all = towns();
    // Capitals first: a smaller town of the same name (Perth, Tasmania) does not hide one.
    const byName = new Map(all.toReversed().map((town) => [town.properties.name, town.properties]));
    for (const capital of [
      'Sydney',
      'Melbourne',
      'Brisbane',
      'Perth',
      'Adelaide',
      'Hobart',
      'Darwin',
      'Canberra',
    ]) {
      expect(byName.get(capital), capital).toMatchObject({ capital: true });
      expect(byName.get(capital)!.minzoom, capital).toBeLessThanOrEqual(3);
    }
    expect(byName.get('Townsville')?.minzoom).toBeLessThanOrEqual(4);
    expect(byName.get('Port Macquarie')?.minzoom).toBeLessThanOrEqual(6);
    // Suburbs (GeoNames' sections of a place) are not towns.
    expect(byName.has('Blacktown')).toBe(false);
    expect(all.filter((town) => town.properties.minzoom <= 3).length).toBeLessThanOrEqual(30);
    for (const town of all) {
      expect(town.properties.minzoom).toBeGreaterThanOrEqual(0);
      expect(town.properties.minzoom).toBeLessThanOrEqual(9);
    }
    // At every zoom, no two names shown start within a label's height and a short name's width.
    const overlapping: string[] = [];
    for (let zoom = 3; zoom <= 9; zoom++) {
      const shown = all.filter((town) => town.properties.minzoom <= zoom);
      const scale = 2 ** zoom;
      const at = shown.map((town) => pixels(town.geometry.coordinates));
      for (let i = 0; i < at.length; i++) {
        for (let j = i + 1; j < at.length; j++) {
          const [xi, yi] = at[i]!;
          const [xj, yj] = at[j]!;
          if (Math.abs(xi - xj) * scale < 30 && Math.abs(yi - yj) * scale < 16) {
            overlapping.push(`${shown[i]!.properties.name} and ${shown[j]!.properties.name} at zoom ${zoom}`);
          }
        }
      }
    }
    expect(overlapping).toEqual([]);
  });

  it('stays small enough to send with the map', () => {
    const json = JSON.stringify(basemap());
    expect(Buffer.byteLength(json)).toBeLessThanOrEqual(450 * 1024);
    expect(gzipSync(json).length).toBeLessThanOrEqual(120 * 1024);
    expect(basemap().credits.map((credit) => credit.name)).toEqual(['Natural Earth', 'GeoNames']);
  });

  it('simplifies a ring within its tolerance, keeping its ends', () => {
    const ring: Position[] = [
      [0, 0],
      [1, 0.001],
      [2, 0],
      [2, 0.5],
      [2, 1],
      [1, 1.2],
      [0, 1],
      [0, 0],
    ];
    expect(simplifyRing(ring, 0.01)).toEqual([
      [0, 0],
      [2, 0],
      [2, 1],
      [1, 1.2],
      [0, 1],
      [0, 0],
    ]);
  });
});

describe('the coarse state borders', () => {
  it('moves a border’s coastal end onto the coast, short of it or past it', () => {
    const square: Position[][] = [
      [
        [-1, -1],
        [1, -1],
        [1, 1],
        [-1, 1],
        [-1, -1],
      ],
    ];
    expect(onCoast([0, 0], [0.9, 0], square)).toEqual([1, 0]);
    expect(onCoast([0, 0], [1.2, 0], square)).toEqual([1, 0]);
  });

  it('meets the basemap’s coast and stays on land', () => {
    const outlines = coarseBorders();
    expect(outlines.source).toBe(COARSE_BORDERS_SOURCE);
    const lines = outlines.features[0]!.geometry.coordinates;
    const ends = lines.flatMap((line) => [line[0]!, line.at(-1)!]);
    // The WA border (129°E) at both coasts, NT/QLD on the Gulf, SA/VIC, QLD/NSW at Point Danger and
    // NSW/VIC at Cape Howe.
    const coastal = ends.filter((end) => toCoast(end) < 0.002);
    expect(coastal).toHaveLength(6);
    expect(coastal.some(([x, y]) => Math.abs(x - 153.55) < 0.05 && Math.abs(y + 28.16) < 0.05)).toBe(true);
    for (const line of lines) {
      for (const point of line) expect(onLand(point) || toCoast(point) < 0.002, String(point)).toBe(true);
    }
  });
});

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  LGA_2023_TO_2022_CODES,
  loadLgaBoundaries,
  readLgaGeoJson,
  readLgaShapefile,
  readLgaTopoJson,
} from '../../geo/index.js';
import { generateLgaGrid } from '../../replay/stand-ins/geo/index.js';
import type { Position } from '../../model/index.js';
import { realGeographyPaths } from './support/real-geography.js';
import { writeShapefile } from './support/write-shapefile.js';

const square = (west: number, south: number, size: number): Position[] => [
  [west, south],
  [west + size, south],
  [west + size, south + size],
  [west, south + size],
  [west, south],
];

describe('ABS LGA boundaries, real files', () => {
  const paths = realGeographyPaths();

  it('reads the GeoJSON: 547 LGAs, and the 19 pseudo-areas without geometry reported, not dropped', () => {
    const set = readLgaGeoJson(readFileSync(paths.geojson, 'utf8'));
    expect(set.edition).toBe('LGA 2023');
    expect(set.lgas).toHaveLength(547);
    expect(set.skipped).toHaveLength(19);
    expect(set.skipped.map((skip) => skip.name)).toContain('No usual address (NSW)');
    expect(set.skipped.find((skip) => skip.code === 'ZZZZZ')?.reason).toBe('no five-digit LGA code');
    expect(set.lgas.find((lga) => lga.code === '14850')).toMatchObject({
      name: 'Lismore',
      jurisdiction: 'nsw',
    });
  });

  it('reads the TopoJSON to the same LGAs as the GeoJSON', () => {
    const topo = readLgaTopoJson(readFileSync(paths.topojson, 'utf8'));
    const geo = readLgaGeoJson(readFileSync(paths.geojson, 'utf8'));
    expect(topo.lgas.map((lga) => lga.code).sort()).toEqual(geo.lgas.map((lga) => lga.code).sort());
    expect(topo.lgas.every((lga) => ['Polygon', 'MultiPolygon'].includes(lga.geometry.type))).toBe(true);
  });

  it('maps LGA 2023 codes back to the 2022 codes declarations use (Merri-bek → Moreland 25250)', async () => {
    const codes2022 = new Set(
      (JSON.parse(readFileSync(paths.lga2022Codes, 'utf8')) as { values: string[] }).values,
    );
    const raw = await loadLgaBoundaries(paths.geojson);
    const mapped = await loadLgaBoundaries(paths.geojson, { codeCrosswalk: LGA_2023_TO_2022_CODES });
    expect(raw.lgas.filter((lga) => !codes2022.has(lga.code)).map((lga) => lga.code)).toEqual(['24700']);
    expect(mapped.lgas.every((lga) => codes2022.has(lga.code))).toBe(true);
    expect(mapped.lgas.find((lga) => lga.code === '25250')?.name).toBe('Merri-bek');
  });
});

describe('ABS LGA shapefile', () => {
  it('reads a shapefile written here: a polygon with a hole, a multipolygon, a UTF-8 name and a null shape', async () => {
    const { shp, dbf } = writeShapefile([
      {
        polygons: [[square(150, -30, 1), square(150.25, -29.75, 0.5)]],
        fields: { LGA_CODE22: '10001', LGA_NAME22: 'Holed', STE_CODE21: '1', STE_NAME21: 'New South Wales' },
      },
      {
        polygons: [[square(151, -30, 1)], [square(152.5, -30, 0.2)]],
        fields: {
          LGA_CODE22: '30002',
          LGA_NAME22: 'Bünd–Islands',
          STE_CODE21: '3',
          STE_NAME21: 'Queensland',
        },
      },
      {
        polygons: [],
        fields: {
          LGA_CODE22: '19499',
          LGA_NAME22: 'No usual address (NSW)',
          STE_CODE21: '1',
          STE_NAME21: 'New South Wales',
        },
      },
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'lga-shp-'));
    writeFileSync(join(dir, 'lga.shp'), shp);
    writeFileSync(join(dir, 'lga.dbf'), dbf);
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));

    const set = await loadLgaBoundaries(join(dir, 'lga.shp'));
    expect(set.edition).toBe('LGA 2022');
    expect(set.lgas.map(({ code, name, jurisdiction }) => ({ code, name, jurisdiction }))).toEqual([
      { code: '10001', name: 'Holed', jurisdiction: 'nsw' },
      { code: '30002', name: 'Bünd–Islands', jurisdiction: 'qld' },
    ]);
    const [holed, islands] = set.lgas;
    expect(holed?.geometry.type).toBe('Polygon');
    expect(holed?.geometry.coordinates).toHaveLength(2);
    expect(islands?.geometry.type).toBe('MultiPolygon');
    expect(islands?.geometry.coordinates).toHaveLength(2);
    expect(set.skipped).toEqual([
      { index: 2, code: '19499', name: 'No usual address (NSW)', reason: 'no geometry' },
    ]);

    const fromBytes = await readLgaShapefile(shp, dbf);
    expect(fromBytes.lgas.map((lga) => lga.code)).toEqual(['10001', '30002']);
  });
});

describe('stand-in boundaries', () => {
  it('read like the ABS file, with the pseudo-areas skipped', () => {
    const grid = generateLgaGrid({ columns: 3, rows: 2 });
    const set = readLgaGeoJson(grid.geojson);
    expect(set.edition).toBe('LGA 2022');
    expect(set.lgas).toHaveLength(7);
    expect(set.skipped.map((skip) => skip.code)).toEqual(['19499', '39499']);
    expect(set.lgas.filter((lga) => lga.jurisdiction === 'qld')).toHaveLength(3);
  });

  it('a file that is not an ABS LGA file fails as a whole', () => {
    const notLga = {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', geometry: null, properties: { id: 1 } }],
    };
    expect(() => readLgaGeoJson(notLga)).toThrow(/Not an ABS LGA file/);
    expect(() => readLgaGeoJson({ type: 'Topology' })).toThrow(/FeatureCollection/);
  });
});

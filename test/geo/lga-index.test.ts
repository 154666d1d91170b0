import { describe, expect, it } from 'vitest';
import { buildLgaIndex, readLgaGeoJson, type LgaBoundarySet } from '../../geo/index.js';
import { generateLgaGrid } from '../../replay/stand-ins/geo/index.js';
import type { Position } from '../../model/index.js';
import { realGeography } from './support/real-geography.js';

const ring = (...points: Position[]): Position[] => [...points, points[0] ?? [0, 0]];

/**
 * Constructed boundaries: A and B share the edge x = 1; A has a hole (1/4–3/4 square at its middle)
 * filled by the enclave E; C is a multipolygon whose second part is an island off to the east.
 */
const constructed: LgaBoundarySet = {
  edition: 'test',
  skipped: [],
  lgas: [
    {
      code: '10001',
      name: 'A',
      jurisdiction: 'nsw',
      geometry: {
        type: 'Polygon',
        coordinates: [
          ring([0, 0], [1, 0], [1, 1], [0, 1]),
          ring([0.25, 0.25], [0.25, 0.75], [0.75, 0.75], [0.75, 0.25]),
        ],
      },
    },
    {
      code: '10002',
      name: 'B',
      jurisdiction: 'nsw',
      geometry: { type: 'Polygon', coordinates: [ring([1, 0], [2, 0], [2, 1], [1, 1])] },
    },
    {
      code: '10003',
      name: 'E',
      jurisdiction: 'nsw',
      geometry: {
        type: 'Polygon',
        coordinates: [ring([0.25, 0.25], [0.75, 0.25], [0.75, 0.75], [0.25, 0.75])],
      },
    },
    {
      code: '30004',
      name: 'C',
      jurisdiction: 'qld',
      geometry: {
        type: 'MultiPolygon',
        coordinates: [[ring([0, 2], [1, 2], [1, 3], [0, 3])], [ring([5, 2], [5.5, 2], [5.5, 2.5], [5, 2.5])]],
      },
    },
  ],
};

const codes = (lookup: { lgas: { code: string }[] }) => lookup.lgas.map((lga) => lga.code);

describe('point-in-LGA index, constructed polygons', () => {
  const index = buildLgaIndex(constructed);

  it('a point inside one LGA returns it alone, not on a boundary', () => {
    expect(index.lookup(0.1, 0.1)).toEqual({
      lgas: [{ code: '10001', name: 'A', jurisdiction: 'nsw' }],
      onBoundary: false,
    });
    expect(codes(index.lookup(1.5, 0.5))).toEqual(['10002']);
  });

  it('a point on a shared edge returns both LGAs, on the boundary', () => {
    expect(index.lookup(1, 0.5)).toEqual({
      lgas: [
        { code: '10001', name: 'A', jurisdiction: 'nsw' },
        { code: '10002', name: 'B', jurisdiction: 'nsw' },
      ],
      onBoundary: true,
    });
  });

  it('a point on a shared vertex returns every LGA meeting there', () => {
    expect(index.lookup(1, 1)).toMatchObject({ onBoundary: true });
    expect(codes(index.lookup(1, 1))).toEqual(['10001', '10002']);
    expect(codes(index.lookup(1, 0))).toEqual(['10001', '10002']);
  });

  it('a point in a hole belongs to the enclave, not to the LGA around it', () => {
    expect(index.lookup(0.5, 0.5)).toEqual({
      lgas: [{ code: '10003', name: 'E', jurisdiction: 'nsw' }],
      onBoundary: false,
    });
  });

  it("a point on a hole's edge returns the LGA and its enclave", () => {
    expect(index.lookup(0.25, 0.5)).toMatchObject({ onBoundary: true });
    expect(codes(index.lookup(0.25, 0.5))).toEqual(['10001', '10003']);
  });

  it('a point on an island of a multipolygon returns its LGA; the sea between returns none', () => {
    expect(codes(index.lookup(5.2, 2.2))).toEqual(['30004']);
    expect(codes(index.lookup(0.5, 2.5))).toEqual(['30004']);
    expect(index.lookup(3, 2.2)).toEqual({ lgas: [], onBoundary: false });
  });

  it('an island edge counts as a boundary too', () => {
    expect(index.lookup(5.5, 2.25)).toEqual({
      lgas: [{ code: '30004', name: 'C', jurisdiction: 'qld' }],
      onBoundary: true,
    });
  });

  it('non-finite coordinates match nothing', () => {
    expect(index.lookup(Number.NaN, 0.5).lgas).toEqual([]);
    expect(index.lookup(0.5, Number.POSITIVE_INFINITY).lgas).toEqual([]);
  });

  it('finds the nearest LGA to a point in the sea, within a distance only', () => {
    expect(index.nearest(5.6, 2.25, 20)?.lga.code).toBe('30004');
    expect(index.nearest(5.6, 2.25, 20)?.distanceKm).toBeCloseTo(
      0.1 * 111.32 * Math.cos((2.25 * Math.PI) / 180),
      1,
    );
    expect(index.nearest(3, 2.25, 20)).toBeUndefined();
  });

  it('counts parts (islands separately) and vertices', () => {
    expect(index.partCount).toBe(5);
    expect(index.vertexCount).toBe(5 * 6);
  });

  it('an open ring is closed rather than rejected', () => {
    const open = buildLgaIndex({
      edition: null,
      skipped: [],
      lgas: [
        {
          code: '10009',
          name: 'Open',
          jurisdiction: 'nsw',
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [0, 0],
                [1, 0],
                [1, 1],
                [0, 1],
              ],
            ],
          },
        },
      ],
    });
    expect(codes(open.lookup(0.5, 0.5))).toEqual(['10009']);
  });
});

describe('point-in-LGA index, densified stand-in grid', () => {
  const grid = generateLgaGrid({ columns: 3, rows: 3, verticesPerEdge: 50 });
  const index = buildLgaIndex(readLgaGeoJson(grid.geojson));

  it('neighbours densified separately still share their edge exactly', () => {
    const cell = grid.cellOf(grid.lgas[3]?.code ?? '');
    if (!cell) throw new Error('no cell');
    const onEdge = index.lookup(cell.west + cell.size, cell.north - cell.size * 0.37);
    expect(onEdge.onBoundary).toBe(true);
    expect(onEdge.lgas).toHaveLength(2);
  });

  it('the enclave and the island of the stand-in answer as in the ABS data', () => {
    const { enclave, island } = grid;
    expect(codes(index.lookup(enclave.west + enclave.size / 2, enclave.north - enclave.size / 2))).toEqual([
      enclave.code,
    ]);
    expect(codes(index.lookup(island.west + island.size / 2, island.north - island.size / 2))).toEqual([
      island.code,
    ]);
  });
});

describe('point-in-LGA index, real boundaries', () => {
  it('a point in Lismore resolves to LGA 14850 alone', async () => {
    const { index } = await realGeography();
    expect(index.lookup(153.2865, -28.8096)).toEqual({
      lgas: [{ code: '14850', name: 'Lismore', jurisdiction: 'nsw' }],
      onBoundary: false,
    });
  });

  it('a point in the Tasman Sea is in no LGA', async () => {
    const { index } = await realGeography();
    expect(index.lookup(155.5, -30)).toEqual({ lgas: [], onBoundary: false });
  });

  it('holds every LGA of the version by its 2022 code', async () => {
    const { index } = await realGeography();
    expect(index.lgas.size).toBe(547);
    expect(index.lgas.get('25250')?.jurisdiction).toBe('vic');
    expect(index.vertexCount).toBeGreaterThan(5000);
  });
});

describe('point-in-LGA index, cell grid', () => {
  it('answers exactly as the plain ring walk, on random points, vertices and edge midpoints', async () => {
    const { boundaries } = await realGeography();
    const withGrid = buildLgaIndex(boundaries, { gridFromVertices: 8 });
    const plain = buildLgaIndex(boundaries, { gridFromVertices: Infinity });
    let seed = 1;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const points: [number, number][] = Array.from({ length: 20000 }, () => [
      113 + random() * 41,
      -44 + random() * 34,
    ]);
    for (const lga of boundaries.lgas.slice(0, 200)) {
      const ring =
        (lga.geometry.type === 'Polygon' ? lga.geometry.coordinates : lga.geometry.coordinates[0])?.[0] ?? [];
      for (let i = 1; i < ring.length; i += 7) {
        const [a, b] = [ring[i - 1], ring[i]];
        if (a && b) points.push(a, [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]);
      }
    }
    const differences = points.filter(
      ([lng, lat]) => JSON.stringify(withGrid.lookup(lng, lat)) !== JSON.stringify(plain.lookup(lng, lat)),
    );
    expect(differences).toEqual([]);
    expect(points.filter(([lng, lat]) => plain.lookup(lng, lat).onBoundary).length).toBeGreaterThan(300);
  });
});

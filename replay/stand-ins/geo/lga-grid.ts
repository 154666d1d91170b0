import type { Position } from '../../../model/index.js';
import { madeUpName } from './made-up-name.js';

/**
 * Made-up LGA boundaries in the ABS file's shape (a GeoJSON FeatureCollection with LGA_CODE22,
 * LGA_NAME22, STE_CODE21, STE_NAME21, AREASQKM), for a clone without the real files: a grid of square
 * LGAs sharing exact edges, the top row in Queensland and the rest in New South Wales, one LGA with a
 * hole filled by an enclave LGA, one with an offshore island, and the ABS "No usual address"
 * pseudo-areas with no geometry. `verticesPerEdge` densifies every edge (for benchmarks).
 */
export interface LgaGridOptions {
  columns?: number;
  rows?: number;
  /** Cell size in degrees. */
  cellDegrees?: number;
  /** North-west corner [longitude, latitude]. */
  origin?: Position;
  verticesPerEdge?: number;
  /** LGAs beside the grid, each a square of its own (the demo places its README examples in one). */
  extraLgas?: readonly ExtraLga[];
  /**
   * Written into the FeatureCollection as its `madeUp` member, which the boundary reader keeps: the
   * answers built on these boundaries say they are made up.
   */
  madeUp?: string;
}

export interface ExtraLga {
  code: string;
  name: string;
  state: 'nsw' | 'qld';
  /** North-west corner and side, in degrees. */
  west: number;
  north: number;
  size: number;
}

export interface StandInLga {
  code: string;
  name: string;
  state: 'nsw' | 'qld';
  /** Cell position; the enclave has none. */
  column?: number;
  row?: number;
}

const STATES = {
  nsw: { digit: '1', name: 'New South Wales' },
  qld: { digit: '3', name: 'Queensland' },
} as const;

/** Points along a→b, excluding b; computed from the ordered pair so both LGAs sharing an edge get the same points. */
function edgePoints(a: Position, b: Position, vertices: number): Position[] {
  const forward = a[0] < b[0] || (a[0] === b[0] && a[1] <= b[1]);
  const [from, to] = forward ? [a, b] : [b, a];
  const points: Position[] = Array.from({ length: vertices }, (_, i) => {
    const t = i / vertices;
    return [from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t];
  });
  if (forward) return points;
  const reversed: Position[] = [to, ...points.slice(1).reverse()];
  return reversed;
}

/** A closed square ring through corners (anticlockwise for outer rings, as GeoJSON advises). */
function ring(corners: Position[], vertices: number): Position[] {
  const points = corners.flatMap((corner, i) =>
    edgePoints(corner, corners[(i + 1) % corners.length] ?? corner, vertices),
  );
  const first = points[0];
  return first ? [...points, first] : points;
}

function square(west: number, north: number, size: number): Position[] {
  return [
    [west, north - size],
    [west + size, north - size],
    [west + size, north],
    [west, north],
  ];
}

export interface LgaGrid {
  geojson: { type: 'FeatureCollection'; madeUp?: string; features: object[] };
  lgas: StandInLga[];
  /** Cell of each code, to place made-up localities. */
  cellOf(code: string): { west: number; north: number; size: number } | undefined;
  enclave: { code: string; west: number; north: number; size: number };
  island: { code: string; west: number; north: number; size: number };
}

export function generateLgaGrid(options: LgaGridOptions = {}): LgaGrid {
  const columns = options.columns ?? 4;
  const rows = options.rows ?? 3;
  const size = options.cellDegrees ?? 0.5;
  const [originLng, originLat] = options.origin ?? [150, -28];
  const vertices = Math.max(1, options.verticesPerEdge ?? 1);
  const collected: CollectedLgas = { features: [], lgas: [], cells: new Map() };
  const layout: GridLayout = {
    columns,
    rows,
    size,
    origin: [originLng, originLat],
    vertices,
    cellArea: Math.round(size * 111 * size * 96),
    enclaveCell: { column: 1, row: Math.min(1, rows - 1) },
    islandCell: { column: columns - 1, row: rows - 1 },
    enclave: { code: '', west: 0, north: 0, size: size / 4 },
    island: { code: '', west: originLng + columns * size + size / 4, north: 0, size: size / 5 },
  };
  addGridCells(layout, collected);
  const { enclave, island } = layout;
  const enclaveState = layout.enclaveCell.row === 0 ? 'qld' : 'nsw';
  addFeature(
    collected,
    { code: enclave.code, name: `${madeUpName(columns * rows + 1)} Enclave`, state: enclaveState },
    { type: 'Polygon', coordinates: [ring(square(enclave.west, enclave.north, enclave.size), vertices)] },
    Math.round(layout.cellArea / 16),
  );
  collected.cells.set(enclave.code, enclave);
  for (const extra of options.extraLgas ?? []) addExtraLga(collected, extra, vertices);
  addFeature(collected, { code: '19499', name: 'No usual address (NSW)', state: 'nsw' }, null, 0);
  addFeature(collected, { code: '39499', name: 'No usual address (Qld)', state: 'qld' }, null, 0);
  return {
    geojson: {
      type: 'FeatureCollection',
      ...(options.madeUp !== undefined ? { madeUp: options.madeUp } : {}),
      features: collected.features,
    },
    lgas: collected.lgas.filter((lga) => !lga.name.startsWith('No usual address')),
    cellOf: (code) => collected.cells.get(code),
    enclave,
    island,
  };
}

type Square = { west: number; north: number; size: number };

/** The features written so far, the LGAs they are, and the square each LGA's localities go in. */
interface CollectedLgas {
  features: object[];
  lgas: StandInLga[];
  cells: Map<string, Square>;
}

/** The grid's shape; `enclave` and `island` are filled in as their cells are laid. */
interface GridLayout {
  columns: number;
  rows: number;
  size: number;
  origin: Position;
  vertices: number;
  cellArea: number;
  enclaveCell: { column: number; row: number };
  islandCell: { column: number; row: number };
  enclave: LgaGrid['enclave'];
  island: LgaGrid['island'];
}

function addFeature(
  collected: CollectedLgas,
  lga: StandInLga,
  geometry: object | null,
  areaSqKm: number,
): void {
  collected.lgas.push(lga);
  collected.features.push({
    type: 'Feature',
    geometry,
    properties: {
      LGA_CODE22: lga.code,
      LGA_NAME22: lga.name,
      STE_CODE21: STATES[lga.state].digit,
      STE_NAME21: STATES[lga.state].name,
      AUS_CODE21: 'AUS',
      AUS_NAME21: 'Australia',
      AREASQKM: areaSqKm,
    },
  });
}

/** The square LGAs, row by row: the top row in Queensland, the rest in New South Wales. */
function addGridCells(layout: GridLayout, collected: CollectedLgas): void {
  const { columns, rows, size } = layout;
  const [originLng, originLat] = layout.origin;
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      const state = row === 0 ? 'qld' : 'nsw';
      const n = row * columns + column;
      const code = `${STATES[state].digit}${String(1000 + n * 10).padStart(4, '0')}`;
      const west = originLng + column * size;
      const north = originLat - row * size;
      collected.cells.set(code, { west, north, size });
      const geometry = cellGeometry(layout, { column, row, code, state, west, north });
      addFeature(collected, { code, name: madeUpName(n), state, column, row }, geometry, layout.cellArea);
    }
  }
}

/** A cell's square; the enclave's cell gets a hole for it, the island's cell the islet offshore. */
function cellGeometry(
  layout: GridLayout,
  cell: {
    column: number;
    row: number;
    code: string;
    state: StandInLga['state'];
    west: number;
    north: number;
  },
): object {
  const { size, vertices, enclave, island } = layout;
  const { column, row, code, state, west, north } = cell;
  const outer = ring(square(west, north, size), vertices);
  let geometry: object = { type: 'Polygon', coordinates: [outer] };
  if (column === layout.enclaveCell.column && row === layout.enclaveCell.row) {
    Object.assign(enclave, {
      code: `${STATES[state].digit}9000`,
      west: west + size / 4,
      north: north - size / 4,
    });
    // Holes wind clockwise: the enclave's square, reversed.
    const hole = ring(square(enclave.west, enclave.north, enclave.size), vertices).reverse();
    geometry = { type: 'Polygon', coordinates: [outer, hole] };
  }
  if (column === layout.islandCell.column && row === layout.islandCell.row) {
    island.code = code;
    island.north = north - size / 3;
    const islet = ring(square(island.west, island.north, island.size), vertices);
    geometry = { type: 'MultiPolygon', coordinates: [[outer], [islet]] };
  }
  return geometry;
}

function addExtraLga(collected: CollectedLgas, extra: ExtraLga, vertices: number): void {
  const { code, name, state, west, north, size: side } = extra;
  collected.cells.set(code, { west, north, size: side });
  addFeature(
    collected,
    { code, name, state },
    { type: 'Polygon', coordinates: [ring(square(west, north, side), vertices)] },
    Math.round(side * 111 * side * 96),
  );
}

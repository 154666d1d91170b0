import type { ServingStore } from '../../lake/serving/serving-store.js';
import { encodeTile, oneTile } from './tile-library.js';
import { gridPointLonLat, tileBounds } from './tile-math.js';

/** The archive's layer, as named in each tile. */
export const ARCHIVE_LAYER = 'archive';
/** Its one layer's fields, as TileJSON states them. */
export const ARCHIVE_FIELDS = { [ARCHIVE_LAYER]: { count: 'Number' } };
/** Deeper zooms draw from zoom 10's cells (about 2.4 km across): a heat map needs no finer grain. */
export const ARCHIVE_MAX_ZOOM = 10;
/** Cells across a tile: 64 × 64 cells of 4 pixels on a 256-pixel tile. */
const GRID = 64;
/** Tiles kept (a few hundred bytes to a few KB each); the oldest go first. */
const CACHED_TILES = 2_000;

interface Cell {
  column: number;
  row: number;
  count: number;
}

/**
 * The historical incidents (the archive) counted per cell of a grid laid over each tile, for a heat
 * map: a tile is one aggregate query over the archive's files that can hold it (DuckDB reads only the
 * longitude and latitude columns), whatever the archive's size. Tiles are kept until the archive's
 * files change, which a publish of the live set does not do.
 */
export class ArchiveTiles {
  private files = '';
  private readonly cache = new Map<string, Promise<Uint8Array<ArrayBuffer> | undefined>>();

  constructor(private readonly store: ServingStore) {}

  /** The tile's bytes; undefined when the archive holds nothing there. */
  tile(z: number, x: number, y: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
    const relation = this.store.archiveRelation({});
    if (relation !== this.files) {
      this.cache.clear();
      this.files = relation;
    }
    const key = `${z}/${x}/${y}`;
    let tile = this.cache.get(key);
    if (!tile) {
      tile = this.count(relation, z, x, y).then((cells) => encode(cells, z, x, y));
      tile.catch(() => this.cache.delete(key));
      this.cache.set(key, tile);
      if (this.cache.size > CACHED_TILES) this.cache.delete(this.cache.keys().next().value!);
    }
    return tile;
  }

  private async count(relation: string, z: number, x: number, y: number): Promise<Cell[]> {
    const { west, south, east, north } = tileBounds(z, x, y);
    // The cell of a point: its Web Mercator place within the tile, times the grid.
    const rows = await this.store.query<{ column: number; row: number; count: number }>(
      `SELECT least(greatest(cx, 0), ${GRID - 1}) AS "column", least(greatest(cy, 0), ${GRID - 1}) AS "row",
              count(*)::INTEGER AS "count"
       FROM (
         SELECT floor(((longitude + 180) / 360 * $1 - $2) * ${GRID})::INTEGER AS cx,
                floor(((1 - ln(tan(radians(latitude)) + 1 / cos(radians(latitude))) / pi()) / 2 * $1 - $3)
                  * ${GRID})::INTEGER AS cy
         FROM ${relation}
         WHERE longitude >= $4 AND longitude <= $5 AND latitude >= $6 AND latitude <= $7
       )
       GROUP BY ALL`,
      [2 ** z, x, y, west, east, south, north],
    );
    return rows;
  }
}

/** Each cell as a point at its centre with its count, cut into the tile as MapLibre reads it. */
function encode(
  cells: readonly Cell[],
  z: number,
  x: number,
  y: number,
): Uint8Array<ArrayBuffer> | undefined {
  if (cells.length === 0) return undefined;
  const features = cells.map(({ column, row, count }) => ({
    type: 'Feature' as const,
    geometry: {
      type: 'Point' as const,
      coordinates: [...gridPointLonLat(z, x, y, column + 0.5, row + 0.5, GRID)],
    },
    properties: { count },
  }));
  const tile = oneTile({ type: 'FeatureCollection', features }, z, x, y);
  return encodeTile({ [ARCHIVE_LAYER]: tile });
}

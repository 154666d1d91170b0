/**
 * The archive's heat-map tiles (api/tiles/archive-tiles.ts) as the archive grows, measured (not a
 * test): for archives of 48,000, 480,000 and 4.8 M rows (the seeded archive of bench:growth), the
 * first (uncached) answer of one tile and of the twelve tiles of a zoom-4 view of the south-east, a
 * tile answered again (cached), and as the baseline the same archive's bare count of the rows in that
 * view with DuckDB, in the same run.
 * Usage: npm run bench:archive-tiles [-- --rows 48000,480000,4800000]
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ArchiveTiles } from '../api/tiles/archive-tiles.js';
import { dataLayout } from '../config/index.js';
import { ServingStore } from '../lake/serving/serving-store.js';
import { Warehouse } from '../warehouse/warehouse.js';
import { buildArchive, seedHistory } from './support/seeded-lake.js';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '48000,480000,4800000' } } });
const sizes = values.rows.split(',').map(Number);

const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const value = await work();
  return [value, performance.now() - started];
};

/** The zoom-4 tiles of a 1280 × 900 view over south-eastern Australia (x 13–16, y 8–10). */
const VIEW = Array.from({ length: 12 }, (_, i) => [4, 13 + (i % 4), 8 + Math.floor(i / 4)] as const);

async function measure(rows: number): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'eids-bench-archive-tiles-'));
  try {
    const archiveDir = join(dir, 'seed');
    await mkdir(archiveDir, { recursive: true });
    await buildArchive(archiveDir, rows);
    const layout = dataLayout(join(dir, 'data'));
    await mkdir(layout.lakeDir, { recursive: true });
    const warehouse = await Warehouse.open(layout.warehouseFile);
    await seedHistory(warehouse, layout.lakeDir, 1_000, archiveDir);
    warehouse.close();
    const store = await ServingStore.open(layout.lakeDir);
    try {
      const tiles = new ArchiveTiles(store);
      const [, bare] = await timed(() =>
        store.query(
          `SELECT count(*) FROM ${store.archiveRelation({})} WHERE longitude BETWEEN 135 AND 180 AND latitude BETWEEN -55.8 AND -21.9`,
        ),
      );
      const [world, first] = await timed(() => tiles.tile(0, 0, 0));
      const [, view] = await timed(() => Promise.all(VIEW.map(([z, x, y]) => tiles.tile(z, x, y))));
      const [, again] = await timed(() => tiles.tile(0, 0, 0));
      return `${rows.toLocaleString('en-AU')} rows: one tile ${first.toFixed(0)} ms (${world?.byteLength ?? 0} bytes), a 12-tile view ${view.toFixed(0)} ms, a cached tile ${again.toFixed(2)} ms; a bare count over the view ${bare.toFixed(0)} ms (tile / bare ${(first / bare).toFixed(2)})`;
    } finally {
      store.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

console.log(
  'archive heat-map tiles, first answer after the archive changed (then kept until it changes again):',
);
for (const rows of sizes) console.log(`  ${await measure(rows)}`);

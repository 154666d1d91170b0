import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { createArchiveActivities } from '../../activities/archive-activities.js';
import { dataLayout } from '../../config/index.js';
import { generatedPlacesLocator } from '../../replay/archive/places.js';
import { Warehouse } from '../../warehouse/warehouse.js';
import type { ApproximateLocator, ArchiveRecord, RowProblem, StateCode } from '../../model/index.js';
import {
  readArchiveCsv,
  type ArchiveCsvFormat,
  type ByteSource,
  type CsvCheckpoint,
} from '../../sources/archive/index.js';

export const LOADED_AT = '2026-04-20T02:00:00+10:00';

export const fileSource =
  (path: string): ByteSource =>
  (start) =>
    createReadStream(path, { start, highWaterMark: 4096 });

/** A source over text, served in small chunks so records straddle chunk boundaries. */
export const textSource =
  (text: string): ByteSource =>
  (start) => {
    const bytes = Buffer.from(text).subarray(start);
    const chunks: Buffer[] = [];
    for (let offset = 0; offset < bytes.length; offset += 7) chunks.push(bytes.subarray(offset, offset + 7));
    return Readable.from(chunks);
  };

export interface ReadAll {
  records: ArchiveRecord[];
  problems: RowProblem[];
  rowsRead: number;
  checkpoints: CsvCheckpoint[];
}

export async function readAll(
  source: ByteSource,
  format: ArchiveCsvFormat,
  options: { locator: ApproximateLocator; batchSize?: number; from?: CsvCheckpoint },
): Promise<ReadAll> {
  const result: ReadAll = { records: [], problems: [], rowsRead: 0, checkpoints: [] };
  for await (const batch of readArchiveCsv(source, {
    format,
    batchSize: options.batchSize ?? 1000,
    ...(options.from ? { from: options.from } : {}),
    context: { locator: options.locator, loadedAt: LOADED_AT },
  })) {
    result.records.push(...batch.records);
    result.problems.push(...batch.problems);
    result.rowsRead += batch.rowsRead;
    result.checkpoints.push(batch.checkpoint);
  }
  return result;
}

/**
 * A small locator for tests: a few postcodes and LGA names with made-up centroids, and states as
 * latitude/longitude boxes (coarse, but enough to place the points these tests use).
 */
export function testLocator(options: {
  postcodes?: Record<string, { latitude: number; longitude: number; lga: string }>;
  lgas?: Record<string, { latitude: number; longitude: number }>;
  boxes?: Partial<Record<StateCode, [minLat: number, maxLat: number, minLng: number, maxLng: number]>>;
}): ApproximateLocator {
  return {
    byPostcode: (postcode) => options.postcodes?.[postcode],
    byLgaName: (name) => {
      const found = options.lgas?.[name];
      return found ? { ...found, lga: name } : undefined;
    },
    byPoint: (latitude, longitude) => {
      for (const [state, box] of Object.entries(options.boxes ?? {}) as [StateCode, number[]][]) {
        const [minLat, maxLat, minLng, maxLng] = box as [number, number, number, number];
        if (latitude >= minLat && latitude <= maxLat && longitude >= minLng && longitude <= maxLng) {
          return { state, lga: `${state.toUpperCase()} test LGA` };
        }
      }
      return undefined;
    },
  };
}

/** The archive activities over a fresh warehouse in `dir`, with the generated archive's places. */
export async function archiveActivitiesIn(dir: string) {
  const layout = dataLayout(dir);
  const warehouse = await Warehouse.open(layout.warehouseFile);
  const activities = createArchiveActivities({
    dataDir: dir,
    lakeDir: layout.lakeDir,
    warehouse,
    locator: () => Promise.resolve(generatedPlacesLocator()),
  });
  return { warehouse, activities, lakeDir: layout.lakeDir };
}

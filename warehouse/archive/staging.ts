import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ArchiveRecord, RowProblem } from '../../model/index.js';
import { namesIn } from '../folder-names.js';

/**
 * Batches of a streaming archive load, staged in a folder of their own until the load is written to
 * the lake: the records as NDJSON and a marker with the batch's counts and problems. Both are named by
 * the byte the batch starts at, and a batch read again from the same checkpoint is the same batch, so
 * a batch redone after a lost worker replaces its earlier copy: no row is staged twice. The marker is
 * written last: a batch without one was never finished and is not part of the load.
 */

export interface StagedBatch {
  /** The byte the batch starts at: its name. */
  start: number;
  /** Where the next batch starts: the last file line read and the byte after it. */
  checkpoint: { line: number; byte: number };
  rowsRead: number;
  records: number;
  problems: RowProblem[];
}

const padded = (start: number): string => String(start).padStart(15, '0');
export const stagedRowsFile = (dir: string, start: number): string =>
  join(dir, `rows-${padded(start)}.ndjson`);
const markerFile = (dir: string, start: number): string => join(dir, `batch-${padded(start)}.json`);

async function writeAtomically(path: string, text: string): Promise<void> {
  const temporary = `${path}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, path);
}

/** Stages one batch (its rows first, then its marker). */
export async function stageBatch(
  dir: string,
  batch: StagedBatch & { rows: readonly ArchiveRecord[] },
): Promise<void> {
  await mkdir(dir, { recursive: true });
  const { rows, ...marker } = batch;
  if (rows.length > 0) {
    // Archive files store no geometry (readers build it from the point).
    const lines = rows.map(({ geometry: _geometry, ...record }) => JSON.stringify(record));
    await writeAtomically(stagedRowsFile(dir, batch.start), `${lines.join('\n')}\n`);
  }
  await writeAtomically(markerFile(dir, batch.start), JSON.stringify(marker));
}

/** The finished batches of a load, in file order. */
export async function stagedBatches(dir: string): Promise<StagedBatch[]> {
  const names = await namesIn(dir);
  const markers = names.filter((name) => /^batch-\d+\.json$/.test(name)).sort();
  return Promise.all(
    markers.map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8')) as StagedBatch),
  );
}

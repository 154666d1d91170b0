import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { FloodThresholds, GaugeSeries, GaugeSourceName, GaugeStation } from '../../model/index.js';
import { parseInstant } from '../../model/time/fixed-offset.js';

/**
 * What one gauge poll hands from the ingest worker to the warehouse, on disk under DATA_DIR (only the
 * path travels through workflow history): a JSON file with the stations the source listed and the
 * thresholds its series carry, and a CSV of readings beside it that DuckDB reads in one pass.
 */
export interface StagedGaugePoll {
  source: GaugeSourceName;
  polledAt: string;
  /** Every station the source listed: a station it stops listing is no longer an active gauge. */
  stations: GaugeStation[];
  /** Flood class levels published with the series (AQUARIUS), by gauge id. */
  seriesThresholds: [string, FloodThresholds][];
  /** The raw bodies the poll fetched, by reference (raw/…/<sha256>.<ext>). */
  raw: { path: string; sha256: string; bytes: number }[];
  readings: number;
}

/** The readings file beside a staged poll's JSON file. */
export function stagedReadingsPath(stagedJsonPath: string): string {
  return stagedJsonPath.replace(/\.json$/, '.readings.csv');
}

/** CSV header of the readings file; times are epoch milliseconds with the offset the source wrote. */
export const STAGED_READING_COLUMNS = ['gauge_id', 'epoch_ms', 'offset_minutes', 'value', 'quality'] as const;

function csvField(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The readings of series as CSV lines; a reading whose time cannot be read is left out and counted. */
export function readingsCsv(series: readonly GaugeSeries[]): {
  text: string;
  rows: number;
  unreadable: number;
} {
  const lines: string[] = [STAGED_READING_COLUMNS.join(',')];
  let unreadable = 0;
  for (const { station, readings } of series) {
    const id = csvField(station.id);
    for (const reading of readings) {
      const instant = parseInstant(reading.time);
      if (!instant || !Number.isFinite(reading.value)) {
        unreadable++;
        continue;
      }
      const quality = reading.quality === null ? '' : csvField(reading.quality);
      lines.push(`${id},${instant.epochMs},${instant.offsetMinutes ?? 0},${reading.value},${quality}`);
    }
  }
  return { text: `${lines.join('\n')}\n`, rows: lines.length - 1, unreadable };
}

export async function writeStagedPoll(
  dataDir: string,
  stagedPath: string,
  poll: StagedGaugePoll,
  readings: string,
): Promise<void> {
  const absolute = join(dataDir, stagedPath);
  await mkdir(dirname(absolute), { recursive: true });
  await writeFile(join(dataDir, stagedReadingsPath(stagedPath)), readings);
  await writeFile(absolute, JSON.stringify(poll));
}

export async function readStagedPoll(dataDir: string, stagedPath: string): Promise<StagedGaugePoll> {
  return JSON.parse(await readFile(join(dataDir, stagedPath), 'utf8')) as StagedGaugePoll;
}

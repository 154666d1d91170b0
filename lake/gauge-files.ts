import { filesOf, type LakeFile, type Manifest } from './manifest.js';

/**
 * The files of a gauge table that can hold rows of one source (readings) or span (rollups) between two
 * instants (inclusive), from the manifest's partitions and min/max statistics.
 */
export function gaugeFilesBetween(
  manifest: Manifest | undefined,
  table: 'gauge_readings' | 'gauge_rollups',
  slice: { source?: string; span?: string; fromMs?: number; toMs?: number },
): LakeFile[] {
  return filesOf(manifest, table).filter((file) => {
    if (slice.source !== undefined && file.partition.source !== slice.source) return false;
    if (slice.span !== undefined && file.partition.span !== slice.span) return false;
    if (slice.toMs !== undefined && file.minTime !== null && Date.parse(file.minTime) > slice.toMs)
      return false;
    if (slice.fromMs !== undefined && file.maxTime !== null && Date.parse(file.maxTime) < slice.fromMs)
      return false;
    return true;
  });
}

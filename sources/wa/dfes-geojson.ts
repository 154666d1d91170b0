import { featureParts, readFeatureCollection } from '../common/body-text.js';
import { collectRecords } from '../common/collector.js';
import { flattenGeometry } from '../common/geometry.js';
import type { FeedParser } from '../common/types.js';
import {
  collectedOf,
  perthTime,
  recordStart,
  textOf,
  type RecordContext,
  type RecordReading,
  type TimeReadings,
} from './dfes-shared.js';

/**
 * The legacy GeoJSON files (incident_FCAD.json, message_warnings.json): one record per feature, with
 * Perth wall-clock times in the file's own layout, at the feature's point and polygons (the
 * non-standard `sm_coordinates` member of their Points is ignored).
 */
export interface DfesGeoJsonFile {
  feed: string;
  /** The luxon layout of its times. */
  timeFormat: string;
  /** The time fields of `reported` and of `updated`, the first readable one winning (dfes-shared.ts). */
  reportedFields: readonly string[];
  updatedFields: readonly string[];
  /** The record's feedId; a feature without one is dropped as `no-id`. */
  feedIdOf: (properties: Record<string, unknown>) => string | undefined;
}

/** What a feature says beyond its id, times and geometry. */
export type FeatureReading = Omit<RecordReading, 'context' | 'timestamps' | 'point' | 'polygons'>;

export function dfesGeoJsonParser(
  file: DfesGeoJsonFile,
  read: (properties: Record<string, unknown>, context: RecordContext) => FeatureReading,
): FeedParser {
  const times = (properties: Record<string, unknown>, fields: readonly string[]): TimeReadings =>
    fields.map((field) => {
      const text = textOf(properties[field]);
      return [field, text, perthTime(text, file.timeFormat)] as const;
    });
  return (body) =>
    collectRecords(readFeatureCollection(body, file.feed), (feature, collector) => {
      const { properties, geometry } = featureParts(feature);
      const reported = times(properties, file.reportedFields);
      const updated = times(properties, file.updatedFields);
      const started = recordStart(file.feedIdOf(properties), reported, updated, collector);
      if (!started) return undefined;
      const { context, timestamps } = started;
      const flat = flattenGeometry(geometry);
      const reading = read(properties, context);
      return collectedOf(
        { ...reading, context, timestamps, point: flat.points[0], polygons: flat.polygons },
        context.source.feedId,
      );
    });
}

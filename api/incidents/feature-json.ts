import { toFeature } from '../../exports/geojson.js';
import type { IncidentRecord } from '../../model/index.js';

/**
 * Each record's GeoJSON feature as JSON text, made the first time a page needs it and kept while the
 * record is (a generation's records do not change, and go with their generation): a page of features
 * is then joined text, not objects built and serialised again for every request.
 */
const made = new WeakMap<IncidentRecord, string>();

export function featureJson(record: IncidentRecord): string {
  let text = made.get(record);
  if (text === undefined) {
    text = JSON.stringify(toFeature(record));
    made.set(record, text);
  }
  return text;
}

/**
 * The feature with `properties.distanceKm` last, as `{ ...feature, properties: { ...properties,
 * distanceKm } }` serialises: properties is the feature's last member, so the text is the kept text
 * with the member put before its two closing braces.
 */
export function featureJsonWithDistance(record: IncidentRecord, distanceKm: number): string {
  const text = featureJson(record);
  const empty = text.endsWith('{}}');
  return `${text.slice(0, -2)}${empty ? '' : ','}"distanceKm":${JSON.stringify(distanceKm)}}}`;
}

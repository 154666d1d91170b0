import { describe, expect, it } from 'vitest';
import { featureJson, featureJsonWithDistance } from '../../../api/incidents/feature-json.js';
import { toFeature } from '../../../exports/geojson.js';
import { makeRecord } from '../../support/incidents.js';

describe('features as text made once per record', () => {
  const records = [
    makeRecord('nsw-rfs-major-incidents'),
    makeRecord('vic-emv-events', { title: 'Grass fire "near" the river \u2028', warningLevel: 'none' }),
    makeRecord('qld-qfd-incidents', { geometry: null }),
  ];

  it('is the text JSON.stringify makes of the feature, and the same text the next time', () => {
    for (const record of records) {
      expect(featureJson(record)).toBe(JSON.stringify(toFeature(record)));
      expect(featureJson(record)).toBe(featureJson(record));
    }
  });

  it('with a distance, is the text of the feature with properties.distanceKm last', () => {
    for (const record of records) {
      for (const distanceKm of [0, 12.345, 1e-7]) {
        const feature = toFeature(record);
        const decorated = { ...feature, properties: { ...feature.properties, distanceKm } };
        expect(featureJsonWithDistance(record, distanceKm)).toBe(JSON.stringify(decorated));
      }
    }
  });
});

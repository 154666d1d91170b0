import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MalformedFeedError } from '../../../sources/common/errors.js';
import { parseSaCfsWarningPoints } from '../../../sources/sa/cfs-warning-points.js';
import type { ParseResult } from '../../../model/index.js';
import { requireSharedFolder, UPSTREAM_SAMPLES_DIR } from '../../../replay/shared-samples.js';

const SAMPLE = `${UPSTREAM_SAMPLES_DIR}sa/sa-cfs-warning-points-geohub-arcgis-empty-2020-05-05.json`;

const parseText = (text: string): ParseResult => parseSaCfsWarningPoints(new TextEncoder().encode(text));

/** A made-up warning feature with the property names peers read from this layer. */
function feature(properties: Record<string, unknown> = {}, geometry: object | null = null): object {
  return {
    type: 'Feature',
    geometry: geometry ?? { type: 'Point', coordinates: [138.9, -34.8] },
    properties: {
      objectid: 17,
      incident_id: '9300001',
      icon: 'Watch and Act',
      public: 'true',
      created_date: 1704592800000,
      last_edited_date: 1704596400000,
      expiry: 1704682800000,
      ...properties,
    },
  };
}

const collection = (...features: object[]): string =>
  JSON.stringify({ exceededTransferLimit: false, type: 'FeatureCollection', features });

describe('SA CFS GeoHub warning points (ArcGIS GeoJSON)', () => {
  beforeAll(() => {
    requireSharedFolder('upstream/samples/sa');
  });

  it('quirk: the empty 2020 ArcGIS FeatureCollection (exceededTransferLimit, crs) is zero warnings', () => {
    expect(parseSaCfsWarningPoints(readFileSync(SAMPLE))).toEqual({
      incidents: [],
      unmapped: [],
      dropped: [],
    });
  });

  it.each([
    ['an empty body', ''],
    [
      'the 200 "SA ESS - File Unavailable" page',
      '<html><head><title>SA ESS - File Unavailable</title></head></html>',
    ],
    ['truncated JSON', collection(feature()).slice(0, 60)],
    [
      'an ArcGIS error answered with 200',
      '{"error":{"code":403,"message":"Unauthorized access","details":[]}}',
    ],
    ['a bare array', '[]'],
  ])('rejects %s as malformed', (_, text) => {
    expect(() => parseText(text)).toThrow(MalformedFeedError);
  });

  it('reads a warning point: its own id, level, CAP defaults, epoch-millisecond times in Adelaide', () => {
    const result = parseText(collection(feature()));
    expect(result.unmapped).toEqual([]);
    expect(result.incidents).toEqual([
      {
        id: 'sa-cfs-warning-9300001',
        featureType: 'incident',
        source: { state: 'sa', agency: 'cfs', feedId: 'warning-9300001' },
        title: 'Watch and Act',
        eventType: 'bushfire',
        eventCategory: 'fire',
        status: 'active',
        warningLevel: 'watch_and_act',
        severity: 'Moderate',
        urgency: 'Immediate',
        certainty: 'Likely',
        geometry: { type: 'Point', coordinates: [138.9, -34.8] },
        location: {
          address: '',
          suburb: '',
          state: 'sa',
          lga: '',
          latitude: -34.8,
          longitude: 138.9,
          precision: 'exact',
        },
        details: {
          objectid: 17,
          incident_id: '9300001',
          icon: 'Watch and Act',
          public: 'true',
          created_date: 1704592800000,
          last_edited_date: 1704596400000,
          expiry: 1704682800000,
          source_id: '9300001',
          warning_level_raw: 'Watch and Act',
        },
        timestamps: { reported: '2024-01-07T12:30:00+10:30', updated: '2024-01-07T13:30:00+10:30' },
      },
    ]);
  });

  it('turns polygons into a warning_area and places the warning at their centroid', () => {
    const square = {
      type: 'Polygon',
      coordinates: [
        [
          [138, -35],
          [138.2, -35],
          [138.2, -34.8],
          [138, -34.8],
          [138, -35],
        ],
      ],
    };
    const result = parseText(
      collection(
        feature({ ICON: undefined, Warning_Level: 'Emergency Warning', Title: 'Pretend Hills fire' }, square),
      ),
    );
    const [incident, area] = result.incidents;
    expect(incident).toMatchObject({ featureType: 'incident', title: 'Pretend Hills fire' });
    expect(incident?.warningLevel).toBe('emergency_warning');
    const [lng, lat] = incident?.geometry?.type === 'Point' ? incident.geometry.coordinates : [];
    expect(lng).toBeCloseTo(138.1, 10);
    expect(lat).toBeCloseTo(-34.9, 10);
    expect(area).toMatchObject({
      id: 'sa-cfs-warning-9300001-warning',
      featureType: 'warning_area',
      parentId: 'sa-cfs-warning-9300001',
      warningLevel: 'emergency_warning',
      severity: 'Extreme',
      geometry: square,
    });
  });

  it('reports unknown levels and types, drops no-id, no-time and repeated warnings', () => {
    const result = parseText(
      collection(
        feature({ icon: 'Purple Alert', type: 'Volcano' }),
        feature({ incident_id: undefined, objectid: undefined }),
        feature({ incident_id: '9300002', created_date: null, last_edited_date: 'never' }),
        feature({ incident_id: '9300003', icon: 'Advice', last_edited_date: '2024-01-07T14:00:00' }),
        feature({ incident_id: '9300003', icon: 'Bushfire Advice', last_edited_date: 1704590000000 }),
      ),
    );
    expect(result.unmapped).toEqual([
      { field: 'warning_level', value: 'Purple Alert', incidentId: 'sa-cfs-warning-9300001' },
      { field: 'type', value: 'Volcano', incidentId: 'sa-cfs-warning-9300001' },
    ]);
    expect(result.dropped).toEqual([
      { reason: 'no-id', upstreamId: '' },
      { reason: 'no-timestamps', upstreamId: '9300002' },
      { reason: 'duplicate', upstreamId: '9300003' },
    ]);
    expect(result.incidents.map((draft) => [draft.id, draft.warningLevel, draft.eventType])).toEqual([
      ['sa-cfs-warning-9300001', 'none', 'other'],
      ['sa-cfs-warning-9300003', 'advice', 'bushfire'],
    ]);
    expect(result.incidents[1]?.timestamps.updated).toBe('2024-01-07T14:00:00+10:30');
  });
});

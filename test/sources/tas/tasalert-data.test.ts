import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MalformedFeedError } from '../../../sources/common/errors.js';
import { TAS_PARSERS } from '../../../sources/tas/index.js';
import { parseTasAlertData } from '../../../sources/tas/tasalert-data.js';
import {
  tasAlertEventCodeOf,
  tasAlertFeedTypeOf,
  tasAlertStatusOf,
  tasAlertWarningLevelOf,
} from '../../../sources/tas/tasalert-vocabulary.js';
import type { ParseResult } from '../../../model/index.js';
import { requireSharedFolder, UPSTREAM_SAMPLES_DIR } from '../../../replay/shared-samples.js';
import { byId, positionsOf } from '../drafts.js';

const SAMPLES = `${UPSTREAM_SAMPLES_DIR}tas/`;
const SAMPLE = {
  fixture: 'tas-tasalert-data-geojson-fixture-synthetic-values-2024-02.json',
  empty: 'tas-tasalert-data-geojson-empty.json',
} as const;
const OFFSET = /[+-]\d\d:\d\d$/;

const parseSample = (file: string): ParseResult => parseTasAlertData(readFileSync(SAMPLES + file));
const parseText = (text: string): ParseResult => parseTasAlertData(new TextEncoder().encode(text));

describe('TasALERT data.geojson: samples', () => {
  beforeAll(() => {
    requireSharedFolder('upstream/samples/tas');
  });

  it('is the catalogue format tas-tasalert-data-geojson', () => {
    expect(TAS_PARSERS['tas-tasalert-data-geojson']).toBe(parseTasAlertData);
  });

  it('parses every sample into the expected number of incidents and areas', () => {
    const counts = Object.values(SAMPLE).map((file) => {
      const { incidents, dropped } = parseSample(file);
      const areas = incidents.filter((draft) => draft.featureType !== 'incident').length;
      return [file, incidents.length - areas, areas, dropped.length];
    });
    expect(counts).toEqual([
      [SAMPLE.fixture, 4, 1, 0],
      [SAMPLE.empty, 0, 0, 0],
    ]);
    expect(parseSample(SAMPLE.empty)).toEqual({ incidents: [], unmapped: [], dropped: [] });
  });

  it('reports exactly the synthetic values of the fixture, which no vocabulary knows', () => {
    // The fixture keeps the live structure with made-up values ("Type 1", "Status 1", "alertLevel 3").
    // Its real-vocabulary values ("Under Control", "Not Under Control") all map.
    expect(parseSample(SAMPLE.fixture).unmapped).toEqual([
      { field: 'feedType', value: 'Type 1', incidentId: 'tas-tasalert-1234' },
      { field: 'status', value: 'Status 1', incidentId: 'tas-tasalert-1234' },
      { field: 'type.name', value: 'Type 1', incidentId: 'tas-tasalert-1234' },
      { field: 'type.eventCode', value: 'type1', incidentId: 'tas-tasalert-1234' },
      { field: 'feedType', value: 'Type 1', incidentId: 'tas-tasalert-5678' },
      { field: 'type.name', value: 'Type 2', incidentId: 'tas-tasalert-5678' },
      { field: 'type.eventCode', value: 'type2', incidentId: 'tas-tasalert-5678' },
      { field: 'feedType', value: 'Type 2', incidentId: 'tas-tasalert-9012' },
      { field: 'alertLevel', value: 'alertLevel 3', incidentId: 'tas-tasalert-9012' },
      { field: 'type.name', value: 'TYPE 3', incidentId: 'tas-tasalert-9012' },
      { field: 'type.eventCode', value: 'type3', incidentId: 'tas-tasalert-9012' },
      // The nested incident has no type of its own and takes its warning's.
      { field: 'type.name', value: 'TYPE 3', incidentId: 'tas-tasalert-3456' },
      { field: 'type.eventCode', value: 'type3', incidentId: 'tas-tasalert-3456' },
    ]);
  });

  it('reads an incident: GeometryCollection[Point], ESCAD number, burntArea string, mixed offsets', () => {
    expect(byId(parseSample(SAMPLE.fixture), 'tas-tasalert-1234')).toMatchObject({
      featureType: 'incident',
      source: { state: 'tas', agency: 'tasalert', feedId: '1234' },
      title: 'Title 1',
      eventType: 'other',
      status: 'active',
      warningLevel: 'none',
      severity: 'Unknown',
      urgency: 'Unknown',
      certainty: 'Observed',
      geometry: { type: 'Point', coordinates: [146.5068054199, -42.2921409607] },
      location: {
        address: 'Location 1',
        state: 'tas',
        latitude: -42.2921409607,
        longitude: 146.5068054199,
        precision: 'exact',
      },
      // callTime is written +11:00, changed +00:00: both come out in Hobart summer time.
      timestamps: { reported: '2024-02-21T16:27:20+11:00', updated: '2024-02-23T15:38:52+11:00' },
      details: {
        size_ha: 1.234,
        cad_id: '001234-12121212',
        incident_source: 'escad',
        pinned: false,
        type: 'Type 1',
        event_code: 'type1',
        status_raw: 'Status 1',
        source_id: '1234',
      },
    });
    expect(byId(parseSample(SAMPLE.fixture), 'tas-tasalert-1234').details.description).toBe(
      'bodyHtml 1\nIf there is any fire activity causing you concern, please report it to the Tasmania Fire ' +
        'Service by calling Triple Zero (000).',
    );
    expect(byId(parseSample(SAMPLE.fixture), 'tas-tasalert-5678')).toMatchObject({
      status: 'controlled',
      details: { status_raw: 'Under Control', size_ha: 5.678 },
    });
  });

  it('turns the warning’s nested incident into its own draft and its burntAreaGeometry into an incident_area', () => {
    const result = parseSample(SAMPLE.fixture);
    expect(byId(result, 'tas-tasalert-9012')).toMatchObject({
      featureType: 'incident',
      title: 'Title 3',
      // A warning has no status: it takes its incident's ("Not Under Control").
      status: 'active',
      geometry: { type: 'Point', coordinates: [146.46161, -42.262707] },
      location: { address: 'Area 3' },
      timestamps: { reported: '2024-02-21T17:28:51+11:00', updated: '2024-02-23T16:03:00+11:00' },
      details: { alert_level: 'alertLevel 3', area: 'Area 3', incident_id: 'tas-tasalert-3456' },
    });
    const incident = byId(result, 'tas-tasalert-3456');
    expect(incident).toMatchObject({
      featureType: 'incident',
      title: 'Title 4',
      status: 'active',
      // Its geometry is an empty GeometryCollection: the location object places it.
      geometry: { type: 'Point', coordinates: [146.4620666504, -42.261428833] },
      location: { address: 'Address 4', precision: 'exact' },
      timestamps: { reported: '2024-02-21T16:25:39+11:00', updated: '2024-02-23T15:38:30+11:00' },
      details: {
        size_ha: 44.444,
        cad_id: '003456-21022024',
        status_raw: 'Not Under Control',
        warning_id: 'tas-tasalert-9012',
      },
    });
    const area = byId(result, 'tas-tasalert-3456-area');
    expect(area).toMatchObject({
      featureType: 'incident_area',
      parentId: 'tas-tasalert-3456',
      title: 'Title 4',
    });
    expect(area.geometry?.type).toBe('Polygon');
    expect(area.geometry?.coordinates[0]).toHaveLength(4);
    expect(area.location.latitude).toBeCloseTo(-42.2615127, 6);
  });

  it('gives every timestamp an offset and keeps every coordinate [lng, lat] inside Tasmania', () => {
    const { incidents } = parseSample(SAMPLE.fixture);
    for (const { timestamps } of incidents) {
      expect(timestamps.reported).toMatch(OFFSET);
      expect(timestamps.updated).toMatch(OFFSET);
    }
    const outside = incidents
      .flatMap(positionsOf)
      .filter(([lng, lat]) => !(lng > 143 && lng < 149 && lat > -44 && lat < -39));
    expect(outside).toEqual([]);
  });
});

/** Made-up TasALERT documents: invented ids, places and coordinates in the live structure. */
function document(...features: object[]): string {
  return JSON.stringify({
    type: 'FeatureCollection',
    features,
    properties: { updatedAt: '2025-01-10T01:00:00.000Z' },
  });
}

const pointCollection = (lng: number, lat: number): object => ({
  type: 'GeometryCollection',
  geometries: [{ type: 'Point', coordinates: [lng, lat] }],
});

function incident(
  properties: Record<string, unknown> = {},
  geometry: unknown = pointCollection(147.1, -41.9),
): object {
  return {
    type: 'Feature',
    geometry,
    properties: {
      id: '70001',
      title: 'Imaginary Creek Rd, Nowhere Flats',
      feedType: 'incident',
      created: '2025-01-09T22:00:00+00:00',
      changed: '2025-01-09T23:30:00+00:00',
      callTime: '2025-01-10T08:55:00+11:00',
      bodyHtml: '<p>Crews are on scene.</p>',
      burntArea: '12.5',
      incidentSource: 'escad',
      location: { lat: -41.9, lng: 147.1, data: [], value: '-41.9, 147.1' },
      number: '000001-10012025',
      pinned: false,
      address: 'Imaginary Creek Rd, NOWHERE FLATS',
      status: 'Going',
      type: {
        name: 'Bushfire',
        changed: '2022-01-01T00:00:00+00:00',
        eventCode: 'bushFire',
        eventIcon: 'fire',
      },
      ...properties,
    },
  };
}

/** A feature with no `geometry` member at all. */
function withoutGeometry(feature: object): object {
  return Object.fromEntries(Object.entries(feature).filter(([key]) => key !== 'geometry'));
}

const square = (lng: number, lat: number): object => ({
  type: 'Polygon',
  coordinates: [
    [
      [lng, lat],
      [lng + 0.01, lat],
      [lng + 0.01, lat + 0.01],
      [lng, lat + 0.01],
      [lng, lat],
    ],
  ],
});

function warning(
  properties: Record<string, unknown> = {},
  geometry: unknown = pointCollection(147.2, -41.8),
): object {
  return {
    type: 'Feature',
    geometry,
    properties: {
      id: '80001',
      title: 'Watch and Act - Nowhere Flats',
      feedType: 'warning',
      alertLevel: 'watch_and_act',
      area: 'Nowhere Flats and Pretendvale',
      created: '2025-01-09T23:00:00+00:00',
      changed: '2025-01-10T00:15:00Z',
      bodyHtml: '<h2>Leave now if you are not prepared.</h2>',
      type: { name: 'Bushfire', eventCode: 'bushFire' },
      incident: {
        id: '70001',
        title: 'Imaginary Creek Rd, Nowhere Flats',
        created: '2025-01-09T22:00:00+00:00',
        changed: '2025-01-09T23:30:00+00:00',
        callTime: '2025-01-10T08:55:00+11:00',
        burntArea: '12.5',
        burntAreaGeometry: square(147.1, -41.9),
        geometry: { type: 'GeometryCollection', geometries: [] },
        location: { lat: -41.9, lng: 147.1, data: [], value: '-41.9, 147.1' },
        status: 'Not Under Control',
      },
      nearbySaferPlace: null,
      evacuationCentre: null,
      ...properties,
    },
  };
}

describe('TasALERT data.geojson: made-up documents', () => {
  it.each([
    ['an empty body', ''],
    ['whitespace only', '\n \t'],
    [
      'an HTML error page',
      '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body></body></html>',
    ],
    ['truncated JSON', document(incident()).slice(0, 150)],
    ['a FeatureCollection without features', '{"type":"FeatureCollection"}'],
    ['a bare array', '[]'],
  ])('rejects %s as malformed', (_, text) => {
    expect(() => parseText(text)).toThrow(MalformedFeedError);
  });

  it('accepts a BOM and blank lines before the document', () => {
    const { incidents, unmapped } = parseText(`\uFEFF\n\n ${document(incident())}`);
    expect(incidents.map((draft) => draft.id)).toEqual(['tas-tasalert-70001']);
    expect(unmapped).toEqual([]);
    expect(incidents[0]).toMatchObject({
      eventType: 'bushfire',
      status: 'active',
      location: { suburb: 'NOWHERE FLATS' },
      details: { size_ha: 12.5, description: 'Crews are on scene.' },
    });
  });

  it.each([
    ['emergency_warning', 'emergency_warning', 'Extreme'],
    ['watch_and_act', 'watch_and_act', 'Moderate'],
    ['advice', 'advice', 'Minor'],
    ['not_applicable', 'none', 'Unknown'],
  ])('maps the snake_case alertLevel %s of a warning', (alertLevel, warningLevel, severity) => {
    const result = parseText(document(warning({ alertLevel })));
    expect(result.unmapped).toEqual([]);
    expect(byId(result, 'tas-tasalert-80001')).toMatchObject({
      warningLevel,
      severity,
      eventType: 'bushfire',
    });
    // The nested incident is an incident, with no warning level of its own.
    expect(byId(result, 'tas-tasalert-70001').warningLevel).toBe('none');
  });

  it('renders Z, +00:00 and +11:00 times in Hobart time, standard time in winter', () => {
    const summer = byId(parseText(document(warning())), 'tas-tasalert-80001');
    expect(summer.timestamps).toEqual({
      reported: '2025-01-10T10:00:00+11:00',
      updated: '2025-01-10T11:15:00+11:00',
    });
    const winter = parseText(
      document(
        incident({
          callTime: '2025-07-10T08:55:00+10:00',
          created: '2025-07-09T22:56:00.123Z',
          changed: '2025-07-10T01:00:00.999Z',
        }),
      ),
    ).incidents[0];
    expect(winter?.timestamps).toEqual({
      reported: '2025-07-10T08:55:00+10:00',
      updated: '2025-07-10T11:00:00+10:00',
    });
  });

  it('places a feature whose geometry is missing or empty with its location lat/lng, else its "lat, lon" value', () => {
    const result = parseText(
      document(
        incident({ id: '1', location: { lat: -42.5, lng: 146.5, value: '-42.5, 146.5' } }, null),
        incident(
          { id: '2', location: { data: [], value: '-43.01,147.02' } },
          { type: 'GeometryCollection', geometries: [] },
        ),
        withoutGeometry(incident({ id: '3', location: { lat: '-41.25', lng: '148.25' } })),
      ),
    );
    expect(result.incidents.map((draft) => draft.geometry)).toEqual([
      { type: 'Point', coordinates: [146.5, -42.5] },
      { type: 'Point', coordinates: [147.02, -43.01] },
      { type: 'Point', coordinates: [148.25, -41.25] },
    ]);
  });

  it('serves a feature with no geometry and no location with a null geometry and no coordinates', () => {
    const [draft] = parseText(
      document(incident({ location: null }, { type: 'GeometryCollection', geometries: [] })),
    ).incidents;
    expect(draft?.geometry).toBeNull();
    expect(draft?.location).toEqual({
      address: 'Imaginary Creek Rd, NOWHERE FLATS',
      suburb: 'NOWHERE FLATS',
      state: 'tas',
      lga: '',
    });
  });

  it('lets a feature win over the same incident nested in a warning, keeping the nested burnt area', () => {
    const result = parseText(document(warning(), incident({ status: 'Under Control' })));
    expect(result.incidents.map((draft) => draft.id)).toEqual([
      'tas-tasalert-80001',
      'tas-tasalert-70001',
      'tas-tasalert-70001-area',
    ]);
    expect(byId(result, 'tas-tasalert-70001')).toMatchObject({
      status: 'controlled',
      geometry: { type: 'Point', coordinates: [147.1, -41.9] },
    });
    expect(byId(result, 'tas-tasalert-70001-area')).toMatchObject({
      featureType: 'incident_area',
      parentId: 'tas-tasalert-70001',
      status: 'controlled',
      geometry: { type: 'Polygon' },
    });
    expect(result.dropped).toEqual([]);
  });

  it('turns polygons in a warning’s own geometry into its warning_area', () => {
    const geometry = { type: 'GeometryCollection', geometries: [square(147.3, -41.7), square(147.4, -41.7)] };
    const result = parseText(document(warning({ incident: undefined }, geometry)));
    const [point, area] = result.incidents;
    expect(point).toMatchObject({ id: 'tas-tasalert-80001', featureType: 'incident', status: 'active' });
    expect(point?.geometry?.type).toBe('Point');
    expect(area).toMatchObject({
      id: 'tas-tasalert-80001-warning',
      featureType: 'warning_area',
      parentId: 'tas-tasalert-80001',
      warningLevel: 'watch_and_act',
      geometry: { type: 'MultiPolygon' },
    });
  });

  it('drops records without id or any time, and keeps the later of two copies, saying why', () => {
    const result = parseText(
      document(
        incident({ id: undefined, title: 'No id here' }),
        incident({ id: '2', callTime: undefined, created: undefined, changed: 'soon' }),
        incident({ id: '3', title: 'Older', changed: '2025-01-09T23:00:00+00:00' }),
        incident({ id: '3', title: 'Newer' }),
      ),
    );
    expect(result.incidents.map((draft) => [draft.id, draft.title])).toEqual([['tas-tasalert-3', 'Newer']]);
    expect(result.dropped).toEqual([
      { reason: 'no-id', upstreamId: 'No id here' },
      { reason: 'no-timestamps', upstreamId: '2' },
      { reason: 'duplicate', upstreamId: '3' },
    ]);
    expect(result.unmapped).toEqual([]);
  });
});

describe('TasALERT vocabulary', () => {
  it('knows the documented values and nothing else', () => {
    expect(tasAlertFeedTypeOf('Warning')).toBe('warning');
    expect(tasAlertFeedTypeOf('Type 1')).toBeUndefined();
    expect(tasAlertWarningLevelOf('emergency_warning')).toBe('emergency_warning');
    expect(tasAlertWarningLevelOf('Watch and Act')).toBe('watch_and_act');
    expect(tasAlertWarningLevelOf('not_applicable')).toBe('none');
    for (const status of ['Not Under Control', 'Active', 'Investigating', 'Advised', 'Going', 'Mobilised']) {
      expect(tasAlertStatusOf(status), status).toBe('active');
    }
    expect(tasAlertStatusOf('Patrol')).toBe('controlled');
    expect(tasAlertStatusOf('under control')).toBe('controlled');
    expect(tasAlertStatusOf('Stop')).toBe('completed');
    expect(tasAlertStatusOf('Status 1')).toBeUndefined();
    expect(tasAlertEventCodeOf('grassFire')).toBe('grass_fire');
    expect(tasAlertEventCodeOf('landSearch')).toBe('rescue');
    expect(tasAlertEventCodeOf('type1')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { MalformedFeedError } from '../../../sources/common/errors.js';
import { parseQldQfdBushfireAlertGeojson } from '../../../sources/qld/qfd-bushfire-alert-geojson.js';
import type { ParseResult } from '../../../model/index.js';
import { byId } from '../drafts.js';

/**
 * No raw sample of bushfireAlert.json exists (FEEDS.md section 4, "Gap"): these documents are made up
 * from FEEDS.md's field list, with made-up values. The generator round trip is in
 * test/replay/generators/qld.test.ts.
 */

const parseText = (text: string): ParseResult =>
  parseQldQfdBushfireAlertGeojson(new TextEncoder().encode(text));

function collection(features: object[], extra: object = {}): string {
  return JSON.stringify({ type: 'FeatureCollection', name: 'QFDWarnings', ...extra, features });
}

const INCIDENT = {
  OBJECTID: 11,
  UniqueID: 'QF4-26-012345',
  WarningTitle: 'Information - PRETENDVALE',
  WarningLevel: 'Information',
  WarningLevelSort: 5,
  CurrentStatus: 'Going',
  EventType: 'Fire',
  GroupedType: 'FIRE VEGETATION',
  Jurisdiction: 'Imaginary Regional',
  Locality: 'Pretendvale',
  Location: '12 Nowhere Rd, Pretendvale',
  Latitude: -26.5,
  Longitude: 152.25,
  VehiclesAssigned: '3',
  VehiclesOnRoute: 1,
  VehiclesOnScene: 2,
  ItemDateTimeLocal_ISO: '2026-09-15T18:19:03.73+10:00',
  PublishDateLocal_ISO: '2026-09-15T18:40:00+10:00',
  ItemExpiryDateTimeLocal_ISO: '2026-09-15T06:19:03.73+10:00',
};

const WARNING = {
  OBJECTID: 12,
  UniqueID: 'WARN-550',
  WarningTitle: 'AVOID SMOKE (HAZARD REDUCTION BURN) - Fakeford (near Madeupton)',
  WarningLevel: 'Advice',
  CallToAction: 'AVOID SMOKE (HAZARD REDUCTION BURN)',
  WarningText: '<p>A planned burn is under way near Fakeford.</p><p>Smoke &amp; ash may affect the area.</p>',
  EventType: 'Fire',
  Location: 'Fakeford',
  ItemDateTimeLocal_ISO: '2026-09-15T17:00:00+10:00',
  PublishDateLocal_ISO: '2026-09-15T18:40:00+10:00',
};

const square = (lng: number, lat: number, size = 0.1): number[][][] => [
  [
    [lng, lat, 0],
    [lng + size, lat, 0],
    [lng + size, lat + size, 0],
    [lng, lat + size, 0],
    [lng, lat, 0],
  ],
];

const point = (properties: object, coordinates: number[] = [152.25, -26.5, 0]): object => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates },
  properties,
});
const polygon = (properties: object, coordinates: unknown = square(151, -27)): object => ({
  type: 'Feature',
  geometry: { type: 'Polygon', coordinates },
  properties,
});

/** Web-mercator metres of a lng/lat, as the S3 feed may write them. */
function mercator(lng: number, lat: number): number[] {
  const radius = 6_378_137;
  return [((lng * Math.PI) / 180) * radius, radius * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360))];
}

describe('QFD bushfireAlert.json (GeoJSON, written from FEEDS.md)', () => {
  it.each([
    ['an empty body', ''],
    ['an HTML error page served with 200', '<!DOCTYPE html><html><body>NoSuchKey</body></html>'],
    ['an S3 XML error', '<?xml version="1.0"?><Error><Code>AccessDenied</Code></Error>'],
    ['truncated JSON', collection([point(INCIDENT)]).slice(0, 150)],
    ['a bare array', '[]'],
    ['an object without features', '{"type":"FeatureCollection","name":"QFDWarnings"}'],
  ])('rejects %s as malformed', (_, text) => {
    expect(() => parseText(text)).toThrow(MalformedFeedError);
  });

  it('accepts an empty collection, behind a BOM', () => {
    expect(parseText(`\uFEFF\n${collection([])}`)).toEqual({ incidents: [], unmapped: [], dropped: [] });
  });

  it('reads an Information incident point: UniqueID, vocabulary, details as numbers, the offset kept', () => {
    const result = parseText(collection([point(INCIDENT)]));
    expect(result.unmapped).toEqual([]);
    expect(result.incidents).toHaveLength(1);
    expect(result.incidents[0]).toMatchObject({
      id: 'qld-qfd-QF4-26-012345',
      featureType: 'incident',
      source: { state: 'qld', agency: 'qfd', feedId: 'QF4-26-012345' },
      title: 'Information - PRETENDVALE',
      eventType: 'bushfire',
      status: 'active',
      warningLevel: 'none',
      severity: 'Unknown',
      geometry: { type: 'Point', coordinates: [152.25, -26.5] },
      location: {
        address: '12 Nowhere Rd, Pretendvale',
        suburb: 'Pretendvale',
        state: 'qld',
        lga: '',
        latitude: -26.5,
        longitude: 152.25,
        precision: 'exact',
      },
      // Fractional seconds truncated.
      timestamps: { reported: '2026-09-15T18:19:03+10:00', updated: '2026-09-15T18:19:03+10:00' },
      details: {
        warning_level: 'Information',
        warning_level_sort: 5,
        status_raw: 'Going',
        type: 'Fire',
        grouped_type: 'FIRE VEGETATION',
        jurisdiction: 'Imaginary Regional',
        vehicles_assigned: 3,
        vehicles_on_route: 1,
        vehicles_on_scene: 2,
        published: '2026-09-15T18:40:00+10:00',
        object_id: 11,
        source_id: 'QF4-26-012345',
      },
    });
  });

  it('quirk: an elapsed expiry stays in details and changes nothing; a fresh publish date is not an update', () => {
    const [draft] = parseText(collection([point(INCIDENT)])).incidents;
    expect(draft?.details.expires).toBe('2026-09-15T06:19:03+10:00');
    expect(draft?.status).toBe('active');
    expect(draft?.timestamps.updated).not.toBe(draft?.details.published);
  });

  it('a warning polygon of its own: an incident at its centroid plus its warning_area', () => {
    const result = parseText(collection([polygon(WARNING)]));
    expect(result.unmapped).toEqual([]);
    const [incident, area] = result.incidents;
    expect(incident).toMatchObject({
      id: 'qld-qfd-WARN-550',
      featureType: 'incident',
      title: 'AVOID SMOKE (HAZARD REDUCTION BURN) - Fakeford (near Madeupton)',
      eventType: 'burn_off',
      eventCategory: 'planned',
      // No CurrentStatus on the warning: listed, so active.
      status: 'active',
      warningLevel: 'advice',
      severity: 'Minor',
      urgency: 'Expected',
      certainty: 'Unknown',
      details: {
        description: 'A planned burn is under way near Fakeford.\nSmoke & ash may affect the area.',
        call_to_action: 'AVOID SMOKE (HAZARD REDUCTION BURN)',
      },
    });
    expect(incident?.location.longitude).toBeCloseTo(151.05, 12);
    expect(incident?.location.latitude).toBeCloseTo(-26.95, 12);
    expect(area).toMatchObject({
      id: 'qld-qfd-WARN-550-warning',
      featureType: 'warning_area',
      parentId: 'qld-qfd-WARN-550',
      warningLevel: 'advice',
      geometry: {
        type: 'Polygon',
        coordinates: square(151, -27).map((ring) => ring.map(([x, y]) => [x, y])),
      },
    });
  });

  it('links a warning polygon to the incident with the same UniqueID and raises its level', () => {
    const warning = {
      ...WARNING,
      UniqueID: INCIDENT.UniqueID,
      WarningLevel: 'Watch and Act',
      CallToAction: 'PREPARE TO LEAVE',
      WarningTitle: 'PREPARE TO LEAVE - Pretendvale',
    };
    const result = parseText(collection([polygon(warning), point(INCIDENT)]));
    expect(result.incidents.map((draft) => [draft.id, draft.featureType, draft.warningLevel])).toEqual([
      ['qld-qfd-QF4-26-012345', 'incident', 'watch_and_act'],
      ['qld-qfd-QF4-26-012345-warning', 'warning_area', 'watch_and_act'],
    ]);
    expect(byId(result, 'qld-qfd-QF4-26-012345')).toMatchObject({
      title: 'Information - PRETENDVALE',
      severity: 'Moderate',
      geometry: { type: 'Point', coordinates: [152.25, -26.5] },
    });
    expect(byId(result, 'qld-qfd-QF4-26-012345-warning')).toMatchObject({
      parentId: 'qld-qfd-QF4-26-012345',
      title: 'PREPARE TO LEAVE - Pretendvale',
    });
  });

  it('quirk: EPSG:3857 geometry, by crs member or by magnitude, converted to lng/lat', () => {
    const [x, y] = mercator(151.5, -24.5);
    const metres = square(151, -27).map((ring) => ring.map(([lng = 0, lat = 0]) => mercator(lng, lat)));
    const { Latitude: _lat, Longitude: _lng, ...withoutLatLng } = INCIDENT;
    for (const extra of [{}, { crs: { type: 'name', properties: { name: 'EPSG:3857' } } }]) {
      const result = parseText(collection([point(withoutLatLng, [x!, y!]), polygon(WARNING, metres)], extra));
      expect(result.unmapped).toEqual([]);
      const incident = byId(result, 'qld-qfd-QF4-26-012345');
      expect(incident.location.longitude).toBeCloseTo(151.5, 9);
      expect(incident.location.latitude).toBeCloseTo(-24.5, 9);
      const area = byId(result, 'qld-qfd-WARN-550-warning');
      expect(area.location.longitude).toBeCloseTo(151.05, 9);
      expect(area.location.latitude).toBeCloseTo(-26.95, 9);
    }
  });

  it('quirk: the peer test point [16039136.76, -1662224.58] lands in Cape York (144.08, -14.77)', () => {
    const { Latitude: _lat, Longitude: _lng, ...withoutLatLng } = INCIDENT;
    const [draft] = parseText(collection([point(withoutLatLng, [16039136.76, -1662224.58])])).incidents;
    expect(draft?.location.longitude).toBeCloseTo(144.082, 3);
    expect(draft?.location.latitude).toBeCloseTo(-14.7658, 3);
  });

  it('quirk: prefers the WGS84 Latitude/Longitude properties over the point geometry', () => {
    const [draft] = parseText(collection([point(INCIDENT, [16039136.76, -1662224.58, 0])])).incidents;
    expect(draft?.geometry).toEqual({ type: 'Point', coordinates: [152.25, -26.5] });
  });

  it('reads string coordinates and a time without an offset as Brisbane time', () => {
    const incident = {
      ...INCIDENT,
      Latitude: ' -26.5 ',
      Longitude: '152.25',
      ItemDateTimeLocal_ISO: '2026-09-15T18:19:03',
    };
    const [draft] = parseText(collection([point(incident)])).incidents;
    expect(draft?.geometry).toEqual({ type: 'Point', coordinates: [152.25, -26.5] });
    expect(draft?.timestamps.updated).toBe('2026-09-15T18:19:03+10:00');
  });

  it('maps WarningLevel, CurrentStatus and GroupedType from FEEDS.md, and reports the rest', () => {
    const cases = [
      [
        { WarningLevel: 'Emergency Warning', CurrentStatus: 'Contained', GroupedType: 'FIRE STRUCTURE' },
        ['emergency_warning', 'contained', 'structure_fire'],
      ],
      [
        { WarningLevel: 'Watch and Act', CurrentStatus: 'Patrolled', GroupedType: 'FIRE PERMITTED BURN' },
        ['watch_and_act', 'controlled', 'burn_off'],
      ],
      [
        {
          WarningLevel: 'Preparation - Stay Informed',
          CurrentStatus: 'going',
          GroupedType: 'fire vegetation',
        },
        ['none', 'active', 'bushfire'],
      ],
      [
        { WarningLevel: 'Notification', GroupedType: undefined, WarningTitle: 'Grass fire - Fakeford' },
        ['none', 'active', 'grass_fire'],
      ],
    ] as const;
    for (const [overrides, [warningLevel, status, eventType]] of cases) {
      const result = parseText(collection([point({ ...INCIDENT, ...overrides })]));
      expect(result.unmapped).toEqual([]);
      expect(result.incidents[0]).toMatchObject({ warningLevel, status, eventType });
    }
    const result = parseText(
      collection([
        point({
          ...INCIDENT,
          WarningLevel: 'Code Red',
          CurrentStatus: 'Smouldering',
          GroupedType: 'FIRE SHIP',
        }),
        point({ ...INCIDENT, UniqueID: 'QF4-26-012346', GroupedType: '', EventType: 'Flood' }),
      ]),
    );
    expect(result.incidents.map((draft) => [draft.eventType, draft.status, draft.warningLevel])).toEqual([
      ['other', 'active', 'none'],
      ['other', 'active', 'none'],
    ]);
    expect(result.unmapped).toEqual([
      { field: 'WarningLevel', value: 'Code Red', incidentId: 'qld-qfd-QF4-26-012345' },
      { field: 'CurrentStatus', value: 'Smouldering', incidentId: 'qld-qfd-QF4-26-012345' },
      { field: 'GroupedType', value: 'FIRE SHIP', incidentId: 'qld-qfd-QF4-26-012345' },
      { field: 'EventType', value: 'Flood', incidentId: 'qld-qfd-QF4-26-012346' },
    ]);
  });

  it('uses UniqueID not OBJECTID, drops records without one or without a time, and repeated points', () => {
    const result = parseText(
      collection([
        point({ ...INCIDENT, UniqueID: undefined }),
        point({
          ...INCIDENT,
          UniqueID: 'QF4-26-012347',
          ItemDateTimeLocal_ISO: 'soon',
          PublishDateLocal_ISO: '',
        }),
        point({
          ...INCIDENT,
          CurrentStatus: 'Patrolled',
          ItemDateTimeLocal_ISO: '2026-09-15T19:00:00+10:00',
        }),
        point(INCIDENT),
      ]),
    );
    expect(result.incidents.map((draft) => [draft.id, draft.status])).toEqual([
      ['qld-qfd-QF4-26-012345', 'controlled'],
    ]);
    expect(result.dropped).toEqual([
      { reason: 'no-id', upstreamId: '11' },
      { reason: 'no-timestamps', upstreamId: 'QF4-26-012347' },
      { reason: 'duplicate', upstreamId: 'QF4-26-012345' },
    ]);
  });

  it('falls back on PublishDateLocal_ISO only when ItemDateTimeLocal_ISO is missing', () => {
    const { ItemDateTimeLocal_ISO: _item, ...withoutItem } = INCIDENT;
    const [draft] = parseText(collection([point(withoutItem)])).incidents;
    expect(draft?.timestamps).toEqual({
      reported: '2026-09-15T18:40:00+10:00',
      updated: '2026-09-15T18:40:00+10:00',
    });
  });
});

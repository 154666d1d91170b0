import { describe, expect, it } from 'vitest';
import { parseWaDfesV1Incidents, parseWaDfesV1Warnings } from '../../../sources/wa/dfes-v1.js';
import type { ParseResult } from '../../../model/index.js';

/**
 * The Emergency WA API v1 has no real sample (FEEDS.md section 6 lists its fields from peer parsers):
 * these documents are made up in that shape. test/replay/generators/wa.test.ts round-trips the
 * generator's documents on top.
 */

const encode = (value: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(value));
const incidents = (...records: object[]): ParseResult =>
  parseWaDfesV1Incidents(encode({ incidents: records }));
const warnings = (...records: object[]): ParseResult => parseWaDfesV1Warnings(encode({ warnings: records }));

const square = (lng: number, lat: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [lng, lat],
      [lng + 0.1, lat],
      [lng + 0.1, lat + 0.1],
      [lng, lat + 0.1],
      [lng, lat],
    ],
  ],
});

function incident(overrides: Record<string, unknown> = {}): object {
  return {
    id: '4100001',
    'cad-id': '790001',
    name: 'Bushfire - NOWHERE FLAT',
    'incident-type': 'Bushfire',
    'incident-status': 'On Scene',
    'incident-icon': 'bushfire',
    entityType: 'incident',
    entitySubType: 'bushfire',
    'publishing-status': 'published',
    suburbs: ['NOWHERE FLAT', 'PRETEND HILL'],
    lga: ['SHIRE OF IMAGINARY'],
    'dfes-regions': ['GOLDFIELDS MIDLANDS'],
    location: { latitude: -31.5, longitude: 117.25, value: '12 PRETEND RD, NOWHERE FLAT' },
    'nearest-cross-street': { value: 'FAKE RD' },
    'start-date-time': '2025-12-01T10:00:00+08:00',
    'updated-date-time': '2025-12-01T04:30:00Z',
    'published-date-time': '2025-12-01T12:31:00+08:00',
    'geo-source': {
      type: 'FeatureCollection',
      features: [
        {
          id: 'a',
          geometry: { type: 'Point', coordinates: [117.25, -31.5] },
          properties: { 'icon-name': 'fire' },
        },
        { id: 'b', geometry: square(117.2, -31.6), properties: { fill: '#000', 'fill-opacity': 0.3 } },
      ],
    },
    ...overrides,
  };
}

function warning(overrides: Record<string, unknown> = {}): object {
  return {
    id: 'bwa-4200001',
    headline: 'Bushfire Watch and Act for parts of NOWHERE FLAT in the SHIRE OF IMAGINARY',
    'warning-type': 'Bushfire Watch and Act',
    'action-statement': '<p>Leave now if you are <b>not prepared</b>.</p>',
    'cap-category': 'Fire',
    'sorting-priority': '2',
    suburbs: ['NOWHERE FLAT'],
    lga: ['SHIRE OF IMAGINARY'],
    'published-date-time': '2025-12-01T12:00:00+08:00',
    updatedAt: '2025-12-01T12:45:00+08:00',
    'geo-source': {
      type: 'FeatureCollection',
      features: [
        { id: 'p', geometry: square(117.2, -31.6), properties: {} },
        { id: 'q', geometry: { type: 'Point', coordinates: [117.22, -31.55] }, properties: {} },
      ],
    },
    ...overrides,
  };
}

describe('WA DFES API v1 incidents (made-up documents in the FEEDS.md shape)', () => {
  it('reads an incident: CAD number as id, ISO times in Perth, location, geo-source area', () => {
    const result = incidents(incident());
    expect(result.unmapped).toEqual([]);
    const [point, area] = result.incidents;
    expect(point).toEqual({
      id: 'wa-dfes-790001',
      featureType: 'incident',
      source: { state: 'wa', agency: 'dfes', feedId: '790001' },
      title: 'Bushfire - NOWHERE FLAT',
      eventType: 'bushfire',
      eventCategory: 'fire',
      status: 'active',
      warningLevel: 'none',
      severity: 'Unknown',
      urgency: 'Unknown',
      certainty: 'Observed',
      geometry: { type: 'Point', coordinates: [117.25, -31.5] },
      location: {
        address: '12 PRETEND RD, NOWHERE FLAT',
        suburb: 'NOWHERE FLAT',
        lga: 'SHIRE OF IMAGINARY',
        state: 'wa',
        latitude: -31.5,
        longitude: 117.25,
        precision: 'exact',
      },
      details: {
        type: 'Bushfire',
        status_raw: 'On Scene',
        cross_street: 'FAKE RD',
        suburbs: ['NOWHERE FLAT', 'PRETEND HILL'],
        dfes_regions: ['GOLDFIELDS MIDLANDS'],
        icon: 'bushfire',
        entity_type: 'incident',
        entity_sub_type: 'bushfire',
        publishing_status: 'published',
        published: '2025-12-01T12:31:00+08:00',
        cad_id: '790001',
        source_id: '4100001',
      },
      timestamps: { reported: '2025-12-01T10:00:00+08:00', updated: '2025-12-01T12:30:00+08:00' },
    });
    expect(area).toMatchObject({
      id: 'wa-dfes-790001-area',
      featureType: 'incident_area',
      parentId: 'wa-dfes-790001',
      geometry: square(117.2, -31.6),
    });
  });

  it('uses the geo-source point without a location, and `web-<id>` without a CAD number', () => {
    const [point] = incidents(incident({ location: undefined, 'cad-id': '' })).incidents;
    expect(point).toMatchObject({
      id: 'wa-dfes-web-4100001',
      geometry: { type: 'Point', coordinates: [117.25, -31.5] },
      location: { address: 'NOWHERE FLAT, PRETEND HILL', precision: 'exact' },
    });
  });

  it('maps the peer-listed statuses and reports what it does not know', () => {
    const result = incidents(
      incident({ 'cad-id': 1, 'incident-status': 'Responding' }),
      incident({ 'cad-id': 2, 'incident-status': 'Monitoring', 'incident-type': 'Burn Off' }),
      incident({ 'cad-id': 3, 'incident-status': 'Safe', 'incident-type': 'Road Crash' }),
      incident({ 'cad-id': 4, 'incident-status': 'Pondering', 'incident-type': 'Meteor Strike' }),
    );
    expect(
      result.incidents.filter((d) => d.featureType === 'incident').map((d) => [d.id, d.status, d.eventType]),
    ).toEqual([
      ['wa-dfes-1', 'active', 'bushfire'],
      ['wa-dfes-2', 'controlled', 'burn_off'],
      ['wa-dfes-3', 'safe', 'vehicle_accident'],
      ['wa-dfes-4', 'active', 'other'],
    ]);
    expect(result.unmapped).toEqual([
      { field: 'incident-type', value: 'Meteor Strike', incidentId: 'wa-dfes-4' },
      { field: 'incident-status', value: 'Pondering', incidentId: 'wa-dfes-4' },
    ]);
  });

  it('falls back across the three times, and drops a record with none', () => {
    const result = incidents(
      incident({ 'cad-id': 'a', 'start-date-time': null, 'updated-date-time': 'later' }),
      incident({ 'cad-id': 'b', 'start-date-time': '', 'updated-date-time': '', 'published-date-time': '' }),
    );
    expect(result.incidents[0]?.timestamps).toEqual({
      reported: '2025-12-01T12:31:00+08:00',
      updated: '2025-12-01T12:31:00+08:00',
    });
    expect(result.unmapped).toEqual([
      { field: 'updated-date-time', value: 'later', incidentId: 'wa-dfes-a' },
    ]);
    expect(result.dropped).toEqual([{ reason: 'no-timestamps', upstreamId: 'b' }]);
  });
});

describe('WA DFES API v1 warnings (made-up documents in the FEEDS.md shape)', () => {
  it('reads a warning: level from warning-type, marker point, polygon warning area', () => {
    const result = warnings(warning());
    expect(result.unmapped).toEqual([]);
    const [point, area] = result.incidents;
    expect(point).toMatchObject({
      id: 'wa-dfes-bwa-4200001',
      featureType: 'incident',
      title: 'Bushfire Watch and Act for parts of NOWHERE FLAT in the SHIRE OF IMAGINARY',
      eventType: 'bushfire',
      status: 'active',
      warningLevel: 'watch_and_act',
      severity: 'Moderate',
      urgency: 'Immediate',
      certainty: 'Likely',
      geometry: { type: 'Point', coordinates: [117.22, -31.55] },
      location: { address: 'NOWHERE FLAT', suburb: 'NOWHERE FLAT', lga: 'SHIRE OF IMAGINARY' },
      details: {
        warning_type: 'Bushfire Watch and Act',
        action_statement: 'Leave now if you are not prepared.',
        cap_category: 'Fire',
        sorting_priority: 2,
        source_id: 'bwa-4200001',
      },
      timestamps: { reported: '2025-12-01T12:00:00+08:00', updated: '2025-12-01T12:45:00+08:00' },
    });
    expect(area).toMatchObject({
      id: 'wa-dfes-bwa-4200001-warning',
      featureType: 'warning_area',
      parentId: 'wa-dfes-bwa-4200001',
      geometry: square(117.2, -31.6),
    });
  });

  it('maps the AWS levels and hazards, All Clear to safe, and reports unknown types', () => {
    const result = warnings(
      warning({ id: '1', 'warning-type': 'Bushfire Emergency Warning' }),
      warning({ id: '2', 'warning-type': 'Flood Advice' }),
      warning({ id: '3', 'warning-type': 'Cyclone Watch and Act' }),
      warning({ id: '4', 'warning-type': 'Storm All Clear' }),
      warning({ id: '5', 'warning-type': 'Tsunami Emergency Warning' }),
      warning({ id: '6', 'warning-type': 'Volcano Advice' }),
      warning({ id: '7', 'warning-type': 'Road Closure' }),
    );
    const points = result.incidents.filter((d) => d.featureType === 'incident');
    expect(points.map((d) => [d.source.feedId, d.eventType, d.warningLevel, d.status])).toEqual([
      ['1', 'bushfire', 'emergency_warning', 'active'],
      ['2', 'flood', 'advice', 'active'],
      ['3', 'cyclone', 'watch_and_act', 'active'],
      ['4', 'storm', 'none', 'safe'],
      ['5', 'other', 'emergency_warning', 'active'],
      ['6', 'other', 'advice', 'active'],
      ['7', 'other', 'none', 'active'],
    ]);
    expect(result.unmapped).toEqual([
      { field: 'warning-type', value: 'Volcano Advice', incidentId: 'wa-dfes-6' },
      { field: 'warning-type', value: 'Road Closure', incidentId: 'wa-dfes-7' },
    ]);
  });

  it('places a warning without a marker at its polygon centroid, and one without geometry nowhere', () => {
    const result = warnings(
      warning({
        id: '1',
        'geo-source': { type: 'FeatureCollection', features: [{ geometry: square(117, -31) }] },
      }),
      warning({ id: '2', 'geo-source': null }),
    );
    const [first, , second] = result.incidents;
    expect(first?.geometry?.type).toBe('Point');
    expect(first?.location.longitude).toBeCloseTo(117.05, 9);
    expect(second).toMatchObject({ id: 'wa-dfes-2', geometry: null });
    expect(second?.location).not.toHaveProperty('latitude');
  });

  it('drops warnings without an id and keeps the later of two with one id', () => {
    const result = warnings(
      warning({ id: '' }),
      warning({ id: '9', updatedAt: '2025-12-01T13:00:00+08:00', 'warning-type': 'Bushfire Advice' }),
      warning({ id: '9' }),
    );
    expect(result.incidents.filter((d) => d.featureType === 'incident').map((d) => d.warningLevel)).toEqual([
      'advice',
    ]);
    expect(result.dropped).toEqual([
      { reason: 'no-id', upstreamId: '' },
      { reason: 'duplicate', upstreamId: '9' },
    ]);
  });
});

import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MalformedFeedError } from '../../../sources/common/errors.js';
import { parseNswRfsMajorIncidents } from '../../../sources/nsw/rfs-major-incidents.js';
import { eventTypeOf, statusOf, warningLevelOf } from '../../../sources/nsw/rfs-vocabulary.js';
import { parseLocalTime, parseUtcTimeInZone } from '../../../sources/common/time.js';
import type { ParseResult } from '../../../model/index.js';
import { requireSharedFolder, UPSTREAM_SAMPLES_DIR } from '../../../replay/shared-samples.js';
import { byId, positionsOf } from '../drafts.js';

const SAMPLES = `${UPSTREAM_SAMPLES_DIR}nsw/`;
const SAMPLE = {
  october2020: 'nsw-rfs-majorIncidents-2020-10-10.json',
  blackSummer: 'nsw-rfs-majorIncidents-2020-01-26-black-summer-EW-recompacted.json',
  may2020: 'nsw-rfs-majorIncidents-2020-05-05.json',
  synthetic: 'nsw-rfs-majorIncidents-fixture-synthetic-props-nested-geometrycollection.json',
  empty: 'nsw-rfs-majorIncidents-empty.json',
} as const;
const REAL_SAMPLES = [SAMPLE.october2020, SAMPLE.blackSummer, SAMPLE.may2020, SAMPLE.empty];
const OFFSET = /[+-]\d\d:\d\d$/;

const parseSample = (file: string): ParseResult => parseNswRfsMajorIncidents(readFileSync(SAMPLES + file));
const parseText = (text: string): ParseResult => parseNswRfsMajorIncidents(new TextEncoder().encode(text));

describe('NSW RFS majorIncidents.json: real samples', () => {
  beforeAll(() => {
    requireSharedFolder('upstream/samples/nsw');
  });

  it('parses every sample into the expected number of incidents and areas', () => {
    const counts = Object.values(SAMPLE).map((file) => {
      const { incidents } = parseSample(file);
      const areas = incidents.filter((draft) => draft.featureType === 'incident_area').length;
      return [file, incidents.length - areas, areas];
    });
    expect(counts).toEqual([
      [SAMPLE.october2020, 45, 11],
      [SAMPLE.blackSummer, 80, 48],
      [SAMPLE.may2020, 18, 2],
      [SAMPLE.synthetic, 4, 1],
      [SAMPLE.empty, 0, 0],
    ]);
  });

  it('maps every value of the real samples (no unmapped values)', () => {
    for (const file of REAL_SAMPLES) expect(parseSample(file).unmapped, file).toEqual([]);
  });

  it('keeps the postcode out of a suburb (LOCATION "5 Stewart st, Cowra 2794")', () => {
    expect(byId(parseSample(SAMPLE.blackSummer), 'nsw-rfs-374172').location).toMatchObject({
      address: '5 Stewart st, Cowra 2794',
      suburb: 'Cowra',
    });
  });

  it('reads the Black Summer Emergency Warning, its major fire update and its fire area', () => {
    const result = parseSample(SAMPLE.blackSummer);
    const warning = byId(result, 'nsw-rfs-373488');
    expect(warning).toMatchObject({
      featureType: 'incident',
      source: { state: 'nsw', agency: 'rfs', feedId: '373488' },
      title: 'Creewah Rd, Glen Allen',
      eventType: 'bushfire',
      eventCategory: 'fire',
      status: 'active',
      warningLevel: 'emergency_warning',
      severity: 'Extreme',
      urgency: 'Immediate',
      certainty: 'Likely',
      geometry: { type: 'Point', coordinates: [149.483483007722, -36.824856332724] },
      location: {
        address: 'Creewah Rd, Glen Allen, NSW 2631',
        suburb: 'Glen Allen',
        lga: 'Snowy Monaro',
        state: 'nsw',
        latitude: -36.824856332724,
        longitude: 149.483483007722,
        precision: 'exact',
      },
      timestamps: { reported: '2020-01-26T16:08:00+11:00', updated: '2020-01-26T16:08:00+11:00' },
      details: {
        size: '1334 ha',
        fire: true,
        responsible_agency: 'Rural Fire Service',
        alert_level: 'Emergency Warning',
        type: 'Bush Fire',
        status_raw: 'Out of control',
        major_fire_update_url: 'http://www.rfs.nsw.gov.au/fire-information/major-fire-updates/mfu?id=10149',
        source_id: '373488',
        guid: 'https://incidents.rfs.nsw.gov.au/api/v1/incidents/373488',
      },
    });
    expect(warning.details.description).toContain('\nUPDATED: 26 Jan 2020 16:08');
    const area = byId(result, 'nsw-rfs-373488-area');
    expect(area).toMatchObject({
      featureType: 'incident_area',
      parentId: 'nsw-rfs-373488',
      title: warning.title,
    });
    expect(area.geometry?.type).toBe('MultiPolygon');
    expect(area.geometry?.coordinates).toHaveLength(6);
  });

  it('trims titles and reads the Watch and Act and the Being controlled fires', () => {
    const result = parseSample(SAMPLE.blackSummer);
    expect(byId(result, 'nsw-rfs-367252')).toMatchObject({
      title: 'Good Good Fire',
      warningLevel: 'watch_and_act',
      severity: 'Moderate',
      status: 'active',
    });
    expect(byId(result, 'nsw-rfs-368771')).toMatchObject({ title: 'Border Fire', status: 'contained' });
    const levels = new Set(result.incidents.map((draft) => draft.warningLevel));
    expect(levels).toEqual(new Set(['emergency_warning', 'watch_and_act', 'advice', 'none']));
  });

  it('maps Hazard Reduction to a planned burn_off with a MultiPolygon area (Oct 2020, daylight time)', () => {
    const result = parseSample(SAMPLE.october2020);
    expect(byId(result, 'nsw-rfs-394730')).toMatchObject({
      title: '3100 GWH Hartley',
      eventType: 'burn_off',
      eventCategory: 'planned',
      status: 'controlled',
      warningLevel: 'advice',
      severity: 'Minor',
      location: { lga: 'Lithgow', precision: 'exact' },
      timestamps: { reported: '2020-10-10T19:47:00+11:00', updated: '2020-10-10T19:47:00+11:00' },
    });
    const area = byId(result, 'nsw-rfs-394730-area');
    expect(area.parentId).toBe('nsw-rfs-394730');
    expect(area.geometry?.type).toBe('MultiPolygon');
    expect(area.geometry?.coordinates).toHaveLength(2);
    expect(byId(result, 'nsw-rfs-394709').details.major_fire_update_url).toBe(
      'http://www.rfs.nsw.gov.au/fire-information/major-fire-updates/mfu?id=10810',
    );
  });

  it('reads standard time, accidents and Not Applicable (May 2020)', () => {
    const result = parseSample(SAMPLE.may2020);
    expect(byId(result, 'nsw-rfs-381508').timestamps.updated).toBe('2020-05-05T14:21:00+10:00');
    expect(byId(result, 'nsw-rfs-382182')).toMatchObject({
      eventType: 'vehicle_accident',
      eventCategory: 'rescue',
      warningLevel: 'none',
      severity: 'Unknown',
      urgency: 'Unknown',
      certainty: 'Observed',
      details: { fire: false, type: 'MVA/Transport' },
    });
    expect(byId(result, 'nsw-rfs-382143').eventType).toBe('burn_off');
  });

  it('gives pubDate (UTC) and UPDATED (Sydney) the same instant on every real feature', () => {
    for (const file of REAL_SAMPLES) {
      for (const { timestamps } of parseSample(file).incidents) {
        expect(timestamps.reported).toMatch(OFFSET);
        expect(timestamps.updated).toMatch(OFFSET);
        expect(timestamps.reported).toBe(timestamps.updated);
      }
    }
  });

  it('keeps every coordinate [lng, lat] inside Australia', () => {
    const outside = REAL_SAMPLES.flatMap((file) =>
      parseSample(file).incidents.flatMap((draft) =>
        positionsOf(draft).filter(([lng, lat]) => !(lng > 112 && lng < 154 && lat > -44 && lat < -10)),
      ),
    );
    expect(outside).toEqual([]);
  });

  it('reports the synthetic fixture values that no vocabulary knows, and reads its nested collection', () => {
    const result = parseSample(SAMPLE.synthetic);
    expect(result.unmapped).toEqual(
      expect.arrayContaining([
        { field: 'status', value: 'Status 1', incidentId: 'nsw-rfs-1234' },
        { field: 'type', value: 'Type 1', incidentId: 'nsw-rfs-1234' },
        { field: 'category', value: 'Category 1', incidentId: 'nsw-rfs-1234' },
        // No category at all: the ALERT LEVEL line stands in.
        { field: 'category', value: 'Alert Level 3', incidentId: 'nsw-rfs-3456' },
      ]),
    );
    expect(result.unmapped).toHaveLength(9);
    expect(byId(result, 'nsw-rfs-1234')).toMatchObject({
      eventType: 'other',
      status: 'active',
      warningLevel: 'none',
    });
    expect(byId(result, 'nsw-rfs-366937')).toMatchObject({
      eventType: 'bushfire',
      status: 'controlled',
      geometry: { type: 'Point', coordinates: [149.92444759700004, -36.25492599599994] },
    });
    const area = byId(result, 'nsw-rfs-366937-area');
    expect(area.geometry?.type).toBe('MultiPolygon');
    expect(area.geometry?.coordinates).toHaveLength(3);
  });
});

/** A majorIncidents.json document with made-up values, one feature per entry. */
function document(...features: object[]): string {
  return JSON.stringify({ type: 'FeatureCollection', features });
}

const DESCRIPTION =
  'ALERT LEVEL: Advice <br />LOCATION: 12 Testwood Rd, Nowhereville, NSW 2999 ' +
  '<br />COUNCIL AREA: Imaginary <br />STATUS: Being controlled <br />TYPE: Grass Fire <br />FIRE: Yes <br />SIZE: 1,500 ha ' +
  '<br />RESPONSIBLE AGENCY: Rural Fire Service <br />UPDATED: 3 Feb 2021 12:05';

function feature(overrides: { geometry?: object | null; properties?: Record<string, unknown> } = {}): object {
  return {
    type: 'Feature',
    geometry:
      overrides.geometry === undefined ? { type: 'Point', coordinates: [148.5, -32.25] } : overrides.geometry,
    properties: {
      title: 'Testwood Rd, Nowhereville',
      link: 'https://www.rfs.nsw.gov.au/fire-information/fires-near-me',
      category: 'Advice',
      guid: 'https://incidents.rfs.nsw.gov.au/api/v1/incidents/100001',
      guid_isPermaLink: 'true',
      pubDate: '3/02/2021 1:05:00 AM',
      description: DESCRIPTION,
      ...overrides.properties,
    },
  };
}

const square = (lng: number, lat: number): object => ({
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

describe('NSW RFS majorIncidents.json: made-up documents', () => {
  it.each([
    ['an empty body', ''],
    ['whitespace only', ' \n\t '],
    ['an HTML error page', '<!DOCTYPE html><html><body><h1>503 Service Unavailable</h1></body></html>'],
    ['truncated JSON', document(feature()).slice(0, 120)],
    ['a JSON object without features', '{"type":"FeatureCollection"}'],
    ['a bare array', '[]'],
  ])('rejects %s as malformed', (_, text) => {
    expect(() => parseText(text)).toThrow(MalformedFeedError);
  });

  it('accepts an empty FeatureCollection and a BOM followed by blank lines', () => {
    expect(parseText(document())).toEqual({ incidents: [], unmapped: [], dropped: [] });
    const { incidents } = parseText(`\uFEFF\n\n  ${document(feature())}`);
    expect(incidents.map((draft) => draft.id)).toEqual(['nsw-rfs-100001']);
  });

  it('reads every key of a description with a MAJOR FIRE UPDATE line', () => {
    const description =
      'ALERT LEVEL: Watch and Act <br />LOCATION: 3km NE of Fakeford <br />COUNCIL AREA: Pretendshire ' +
      '<br />STATUS: Out of Control <br />TYPE: Bush Fire <br />FIRE: Yes <br />SIZE: 250 ha ' +
      "<br />MAJOR FIRE UPDATE AS AT 9 Jan 2021 5:52PM: <a href='https://example.org/mfu?id=7&amp;x=1' " +
      "target='_blank'> More information</a><br />RESPONSIBLE AGENCY: Rural Fire Service &amp; Friends " +
      '<br />UPDATED: 9 Jan 2021 18:02';
    const [incident] = parseText(
      document(
        feature({ properties: { category: 'Watch and Act', pubDate: '9/01/2021 7:02:00 AM', description } }),
      ),
    ).incidents;
    expect(incident).toMatchObject({
      status: 'active',
      eventType: 'bushfire',
      warningLevel: 'watch_and_act',
      location: { address: '3km NE of Fakeford', suburb: 'Fakeford', lga: 'Pretendshire' },
      timestamps: { reported: '2021-01-09T18:02:00+11:00', updated: '2021-01-09T18:02:00+11:00' },
      details: {
        size: '250 ha',
        fire: true,
        type: 'Bush Fire',
        status_raw: 'Out of Control',
        responsible_agency: 'Rural Fire Service & Friends',
        major_fire_update_url: 'https://example.org/mfu?id=7&x=1',
        source_url: 'https://www.rfs.nsw.gov.au/fire-information/fires-near-me',
      },
    });
    expect(incident?.details.description).toContain(
      'MAJOR FIRE UPDATE AS AT 9 Jan 2021 5:52PM: More information',
    );
  });

  it.each([
    ['newer first', true],
    ['older first', false],
  ])(
    'keeps one feature per guid, the later update (%s), and drops the other as a duplicate',
    (_, newerFirst) => {
      const description = DESCRIPTION.replace('12:05', '12:00').replace('Grass Fire', 'Fire Fighting Flea');
      const older = feature({ properties: { title: 'Older', pubDate: '3/02/2021 1:00:00 AM', description } });
      const newer = feature({ properties: { title: 'Newer', guid: '100001' } });
      const result = parseText(newerFirst ? document(newer, older) : document(older, newer));
      expect(result.incidents.map((draft) => [draft.id, draft.title])).toEqual([['nsw-rfs-100001', 'Newer']]);
      expect(result.dropped).toEqual([{ reason: 'duplicate', upstreamId: '100001' }]);
      // The older copy's unknown type describes nothing that is served: not reported.
      expect(result.unmapped).toEqual([]);
    },
  );

  it('serves a feature without geometry with a null geometry and no coordinates', () => {
    const [incident] = parseText(document(feature({ geometry: null }))).incidents;
    expect(incident?.geometry).toBeNull();
    expect(incident?.location).toEqual({
      address: '12 Testwood Rd, Nowhereville, NSW 2999',
      suburb: 'Nowhereville',
      state: 'nsw',
      lga: 'Imaginary',
    });
  });

  it('places an incident with only polygons at their centroid, and drops invalid coordinates', () => {
    const geometry = {
      type: 'GeometryCollection',
      geometries: [
        { type: 'Point', coordinates: [Number.MAX_VALUE, 999] },
        { type: 'GeometryCollection', geometries: [square(148, -33)] },
      ],
    };
    const [incident, area] = parseText(document(feature({ geometry }))).incidents;
    const [lng, lat] = incident?.geometry?.type === 'Point' ? incident.geometry.coordinates : [];
    expect(lng).toBeCloseTo(148.05, 12);
    expect(lat).toBeCloseTo(-32.95, 12);
    expect(incident?.location).toMatchObject({ longitude: lng, latitude: lat, precision: 'exact' });
    expect(area).toMatchObject({ featureType: 'incident_area', geometry: { type: 'Polygon' } });
  });

  it('flattens GeometryCollections nested to any depth into one MultiPolygon', () => {
    const geometry = {
      type: 'GeometryCollection',
      geometries: [
        { type: 'Point', coordinates: [148.2, -32.2] },
        {
          type: 'GeometryCollection',
          geometries: [square(148, -33), { type: 'GeometryCollection', geometries: [square(149, -33)] }],
        },
      ],
    };
    const [, area] = parseText(document(feature({ geometry }))).incidents;
    expect(area?.geometry?.type).toBe('MultiPolygon');
    expect(area?.geometry?.coordinates).toHaveLength(2);
    expect(area?.location.longitude).toBeCloseTo(148.55, 12);
    expect(area?.location.latitude).toBeCloseTo(-32.95, 12);
  });

  it('skips and reports features without a usable guid or any parseable time', () => {
    const result = parseText(
      document(
        feature({ properties: { guid: undefined } }),
        feature({ properties: { guid: 'https://incidents.rfs.nsw.gov.au/api/v1/incidents/' } }),
        feature({ properties: { guid: '100002', pubDate: 'yesterday', description: 'UPDATED: soon' } }),
        feature({ properties: { guid: '100003', pubDate: undefined } }),
      ),
    );
    expect(result.incidents.map((draft) => draft.id)).toEqual(['nsw-rfs-100003']);
    expect(result.unmapped).toEqual([
      { field: 'guid', value: '', incidentId: '' },
      { field: 'guid', value: 'https://incidents.rfs.nsw.gov.au/api/v1/incidents/', incidentId: '' },
      { field: 'timestamps', value: 'pubDate=yesterday; UPDATED=soon', incidentId: 'nsw-rfs-100002' },
    ]);
    expect(result.incidents[0]?.timestamps).toEqual({
      reported: '2021-02-03T12:05:00+11:00',
      updated: '2021-02-03T12:05:00+11:00',
    });
  });

  it('uses pubDate to tell apart the two 02:30s of the night DST ends', () => {
    const description = 'STATUS: Under control <br />TYPE: Bush Fire <br />UPDATED: 5 Apr 2020 2:30';
    const first = feature({ properties: { pubDate: '4/04/2020 3:30:00 PM', description } });
    const second = feature({ properties: { guid: '100002', pubDate: '4/04/2020 4:30:00 PM', description } });
    const times = parseText(document(first, second)).incidents.map((draft) => draft.timestamps.updated);
    expect(times).toEqual(['2020-04-05T02:30:00+11:00', '2020-04-05T02:30:00+10:00']);
  });
});

describe('NSW RFS vocabulary and time helpers', () => {
  it('knows the older spellings and capitalisations', () => {
    expect(eventTypeOf('Scrub/Grass fire')).toBe('grass_fire');
    expect(eventTypeOf('MVA (Motor vehicle accident)')).toBe('vehicle_accident');
    expect(eventTypeOf('Structure fire (house, two storey)')).toBe('structure_fire');
    expect(eventTypeOf('HAZMAT')).toBe('hazmat');
    expect(eventTypeOf('Type 1')).toBeUndefined();
    expect(statusOf('Out of Control')).toBe('active');
    expect(statusOf('Under Control')).toBe('controlled');
    expect(statusOf('being controlled')).toBe('contained');
    expect(warningLevelOf('Planned Burn')).toBe('none');
    expect(warningLevelOf('Emergency Warning')).toBe('emergency_warning');
  });

  it('parses wall-clock times DST-aware and returns undefined for nonsense', () => {
    expect(parseLocalTime('21 Sep 2021 9:05', 'd MMM yyyy H:mm', 'Australia/Sydney')).toBe(
      '2021-09-21T09:05:00+10:00',
    );
    expect(parseLocalTime('1 Jan 2021 9:05', 'd MMM yyyy H:mm', 'Australia/Brisbane')).toBe(
      '2021-01-01T09:05:00+10:00',
    );
    expect(parseUtcTimeInZone('31/12/2020 11:59:00 PM', 'd/M/yyyy h:mm:ss a', 'Australia/Sydney')).toBe(
      '2021-01-01T10:59:00+11:00',
    );
    expect(parseLocalTime('32 Foo 2021 25:00', 'd MMM yyyy H:mm', 'Australia/Sydney')).toBeUndefined();
    expect(parseLocalTime('1 Jan 2021 9:05', 'd MMM yyyy H:mm', 'Not/AZone')).toBeUndefined();
  });
});

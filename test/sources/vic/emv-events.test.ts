import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventTypeOfCapAuEventCode } from '../../../sources/common/cap-au.js';
import { MalformedFeedError } from '../../../sources/common/errors.js';
import { parseVicEmvEvents, parseVicEmvOsom } from '../../../sources/vic/emv-events.js';
import {
  eventTypeOfCategory1,
  eventTypeOfCategory2,
  sourceFeedRuleOf,
  statusOf,
  warningLevelOf,
} from '../../../sources/vic/emv-vocabulary.js';
import { VIC_LEGACY_PARSERS, VIC_PARSERS } from '../../../sources/vic/index.js';
import type { ParseResult } from '../../../model/index.js';
import { requireSharedFolder, UPSTREAM_SAMPLES_DIR } from '../../../replay/shared-samples.js';
import { byId, positionsOf } from '../drafts.js';

const SAMPLES = `${UPSTREAM_SAMPLES_DIR}vic/`;
const SAMPLE = {
  majorFlood: 'vicemergency-events-geojson-2022-10-15-major-flood.json',
  emergencyWarnings: 'vicemergency-events-geojson-2026-01-09-emergency-warnings.json',
  quietDay: 'vicemergency-events-geojson-2026-08-22-quiet-flood-advice.json',
  osom: 'vicemergency-osom-geojson-2020-05-05.json',
} as const;
const ALL_SAMPLES = Object.values(SAMPLE);
const OFFSET = /[+-]\d\d:\d\d$/;

const parseSample = (file: string): ParseResult =>
  (file === SAMPLE.osom ? parseVicEmvOsom : parseVicEmvEvents)(readFileSync(SAMPLES + file));
const parseText = (text: string): ParseResult => parseVicEmvEvents(new TextEncoder().encode(text));

/** The 1.5 MB flood day is parsed once per suite, not once per test. */
const cache = new Map<string, ParseResult>();
function sample(file: string): ParseResult {
  let result = cache.get(file);
  if (!result) {
    result = parseSample(file);
    cache.set(file, result);
  }
  return result;
}

function countBy<T>(values: T[]): Map<T, number> {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

describe('VicEmergency events-geojson.json: real samples', () => {
  beforeAll(() => {
    requireSharedFolder('upstream/samples/vic');
  });

  it('parses every sample into the expected incidents, areas and dropped records', () => {
    const counts = ALL_SAMPLES.map((file) => {
      const { incidents, dropped = [] } = sample(file);
      const types = countBy(incidents.map((draft) => draft.featureType));
      return [
        file,
        types.get('incident') ?? 0,
        types.get('incident_area') ?? 0,
        types.get('warning_area') ?? 0,
        types.get('fire_ban_area') ?? 0,
        dropped.length,
      ];
    });
    expect(counts).toEqual([
      [SAMPLE.majorFlood, 210, 0, 93, 0, 3],
      [SAMPLE.emergencyWarnings, 330, 0, 76, 2, 24],
      [SAMPLE.quietDay, 13, 0, 7, 0, 1],
      [SAMPLE.osom, 27, 0, 8, 0, 3],
    ]);
  });

  it('maps every value of the real samples: no unmapped category1, category2, status, cap or source', () => {
    for (const file of ALL_SAMPLES) expect(sample(file).unmapped, file).toEqual([]);
  });

  it('reads an Emergency Warning: level from category1, CAP triple from cap, type from cap.eventCode', () => {
    const result = sample(SAMPLE.emergencyWarnings);
    const warning = byId(result, 'vic-emv-39413');
    expect(warning).toMatchObject({
      featureType: 'incident',
      source: { state: 'vic', agency: 'emv', feedId: '39413' },
      title: 'Emergency Warning - Bushfire - Longwood',
      eventType: 'bushfire',
      eventCategory: 'fire',
      status: 'active',
      warningLevel: 'emergency_warning',
      severity: 'Extreme',
      urgency: 'Immediate',
      certainty: 'Likely',
      geometry: { type: 'Point', coordinates: [145.8380399072832, -37.25574049261377] },
      location: {
        address: 'Acheron, Devils River, Eildon, Taylor Bay, Thornton',
        suburb: '',
        state: 'vic',
        lga: '',
        latitude: -37.25574049261377,
        longitude: 145.8380399072832,
        precision: 'exact',
      },
      timestamps: { reported: '2026-01-09T19:42:51+11:00', updated: '2026-01-09T19:42:52+11:00' },
      details: {
        feed_type: 'warning',
        source_feed: 'cop-cap',
        category1: 'Emergency Warning',
        status_raw: 'Extreme',
        action: 'Take Shelter Now',
        statewide: false,
        cap_event: 'Bushfire',
        cap_event_code: 'bushFire',
        cap_response_type: 'Execute',
        cap_sender_name: 'Country Fire Authority',
        incident_location: 'Longwood',
        source_url: 'http://emergency.vic.gov.au/respond/#!/warning/39413/moreinfo',
      },
    });
    // A person's e-mail address (cap.contact) is not passed through.
    expect(JSON.stringify(warning.details)).not.toContain('@');
    const area = byId(result, 'vic-emv-39413-warning');
    expect(area).toMatchObject({
      featureType: 'warning_area',
      parentId: 'vic-emv-39413',
      warningLevel: 'emergency_warning',
      geometry: { type: 'Polygon' },
    });
  });

  it('reads Watch & Act, Community Information and the level of every warning', () => {
    const result = sample(SAMPLE.emergencyWarnings);
    expect(byId(result, 'vic-emv-39414')).toMatchObject({
      title: 'Watch & Act - Grass Fire - Ravenswood South',
      eventType: 'grass_fire',
      warningLevel: 'watch_and_act',
      severity: 'Moderate',
      details: { action: 'Leave Now' },
    });
    expect(byId(result, 'vic-emv-39380')).toMatchObject({
      title: 'Community Information - Air Quality - State of Victoria',
      eventType: 'other',
      warningLevel: 'none',
      severity: 'Unknown',
      urgency: 'Unknown',
      certainty: 'Observed',
      details: { statewide: true, cap_event_code: 'airQuality' },
    });
    const warnings = result.incidents.filter((draft) => draft.details.feed_type === 'warning');
    const levels = countBy(warnings.filter((d) => d.featureType === 'incident').map((d) => d.warningLevel));
    expect(Object.fromEntries(levels)).toEqual({
      emergency_warning: 26,
      watch_and_act: 18,
      advice: 25,
      none: 4,
    });
  });

  it('reads status on warnings as the CAP severity: All Clear is safe, Extreme is not an incident status', () => {
    const result = sample(SAMPLE.majorFlood);
    expect(byId(result, 'vic-emv-23350')).toMatchObject({
      title: 'All Clear - Levee Failure - Parfitt Road Wangaratta',
      eventType: 'flood',
      status: 'safe',
      warningLevel: 'advice',
      severity: 'Minor',
      urgency: 'Expected',
      certainty: 'Observed',
      details: { status_raw: 'All Clear', cap_response_type: 'AllClear' },
    });
    expect(byId(result, 'vic-emv-23268')).toMatchObject({
      status: 'active',
      warningLevel: 'emergency_warning',
      details: { status_raw: 'Extreme', action: 'Evacuate Immediately' },
    });
    // The BOM-style "Warning" category is not an AWS level (FEEDS.md 1.1).
    expect(byId(result, 'vic-emv-23071')).toMatchObject({
      eventType: 'other',
      warningLevel: 'none',
      severity: 'Moderate',
      urgency: 'Immediate',
      certainty: 'Observed',
    });
  });

  it('takes the point of a GeometryCollection wherever it sits: first, last, several, or none', () => {
    const warnings = sample(SAMPLE.emergencyWarnings);
    // Polygon first, Point last (BOM); no `updated`, so both times are `created`.
    expect(byId(warnings, 'vic-bom-IDV20600-4be33526ff59391c921ed462ae667e82')).toMatchObject({
      title: 'Gale Warning',
      eventType: 'storm',
      status: 'active',
      geometry: { type: 'Point', coordinates: [144.74015000000009, -38.105399999999946] },
      timestamps: { reported: '2026-01-09T16:00:00+11:00', updated: '2026-01-09T16:00:00+11:00' },
    });
    expect(
      byId(warnings, 'vic-bom-IDV21037-de696e06a6973188e61fb6bf60747c93-warning').geometry?.coordinates,
    ).toHaveLength(10);
    // A plain Polygon: the warning sits at the polygon's centroid.
    const polygonOnly = byId(warnings, 'vic-emv-39380');
    expect(polygonOnly.geometry?.type).toBe('Point');
    expect(polygonOnly.location.longitude).toBeCloseTo(145.0994395348837, 10);
    expect(polygonOnly.location.latitude).toBeCloseTo(-37.34498372093022, 10);
    expect(byId(warnings, 'vic-emv-39380-warning').geometry?.type).toBe('Polygon');

    // Four points and four polygons: the first point, and one MultiPolygon.
    const flood = sample(SAMPLE.majorFlood);
    expect(byId(flood, 'vic-emv-23389').geometry).toEqual({
      type: 'Point',
      coordinates: [147.54735148, -36.27560517],
    });
    expect(byId(flood, 'vic-emv-23389-warning')).toMatchObject({ geometry: { type: 'MultiPolygon' } });
    expect(byId(flood, 'vic-emv-23389-warning').geometry?.coordinates).toHaveLength(4);
    // 67 polygons, then the point (OSOM 2020).
    const osom = sample(SAMPLE.osom);
    expect(byId(osom, 'vic-emv-14043').geometry).toEqual({
      type: 'Point',
      coordinates: [146.4379217455621, -38.649746301775174],
    });
    expect(byId(osom, 'vic-emv-14043-warning').geometry?.coordinates).toHaveLength(67);
  });

  it('serves fire danger ratings and total fire bans as fire_ban with fire_ban_area polygons', () => {
    const result = sample(SAMPLE.emergencyWarnings);
    expect(byId(result, 'vic-cfa-fdr-North_Central-09-01-2026')).toMatchObject({
      title: 'CATASTROPHIC Fire Danger Rating for North Central for 09/01/2026',
      eventType: 'fire_ban',
      eventCategory: 'hazard',
      status: 'active',
      geometry: { type: 'Point', coordinates: [144.82473651100008, -37.17263542449996] },
      details: { fire_danger_rating: 'CATASTROPHIC', source_id: 'fdr/North_Central/09-01-2026' },
    });
    const area = byId(result, 'vic-cfa-fdr-North_Central-09-01-2026-fireban');
    expect(area).toMatchObject({
      featureType: 'fire_ban_area',
      parentId: 'vic-cfa-fdr-North_Central-09-01-2026',
    });
    expect(area.geometry?.coordinates).toHaveLength(4);
    expect(byId(result, 'vic-cfa-tfb-East_Gippsland-09-01-2026')).toMatchObject({
      eventType: 'fire_ban',
      status: 'active',
      details: { status_raw: 'TOTAL FIRE BAN IN FORCE' },
    });
  });

  it('reads agency incidents: ids from sourceId, number or string, and the agency from sourceFeed', () => {
    const warnings = sample(SAMPLE.emergencyWarnings);
    expect(byId(warnings, 'vic-cfa-255481')).toMatchObject({
      source: { state: 'vic', agency: 'cfa', feedId: '255481' },
      title: 'Shaws Rd, Merton',
      eventType: 'structure_fire',
      status: 'active',
      warningLevel: 'none',
      severity: 'Unknown',
      urgency: 'Unknown',
      certainty: 'Observed',
      location: { address: 'Shaws Rd, Merton', suburb: 'Merton', state: 'vic', precision: 'exact' },
      timestamps: { reported: '2026-01-09T20:20:00+11:00', updated: '2026-01-09T20:20:00+11:00' },
      details: {
        source_id: '255481',
        upstream_id: 'ESTA:260104853',
        cad_id: '260104853',
        esta_id: '122580589',
        category2: 'Building Fire',
        status_raw: 'Responding',
        size: 'Small',
        resources: 0,
        call_source: '000',
      },
    });
    // `id` and `sourceId` are both numbers here.
    expect(byId(warnings, 'vic-ffmvic-102612014')).toMatchObject({
      title: 'Kennedys Creek - Sheepyard Track',
      eventType: 'bushfire',
      status: 'active',
      location: { suburb: 'Kennedys Creek' },
      timestamps: { reported: '2026-01-09T19:25:00+11:00', updated: '2026-01-09T19:35:00+11:00' },
      details: { size: 'Unknown', status_raw: 'Not Yet Under Control' },
    });
    expect(byId(warnings, 'vic-esta-122579691')).toMatchObject({
      eventType: 'bushfire',
      status: 'active',
      details: { status_raw: 'Unknown', cad_id: 'F260104760' },
    });
    expect(byId(warnings, 'vic-ses-593652')).toMatchObject({
      title: 'Lancefield',
      eventType: 'tree_down',
      status: 'completed',
    });
    const agencies = countBy(
      warnings.incidents.filter((d) => d.featureType === 'incident').map((d) => d.source.agency),
    );
    expect(Object.fromEntries(agencies)).toEqual({ emv: 73, ffmvic: 50, esta: 6, cfa: 104, ses: 94, bom: 3 });
  });

  it('keeps FRV ids stable across the MFB rename and FFMVic ids across DELWP → DEECA', () => {
    expect(byId(sample(SAMPLE.osom), 'vic-frv-200503102')).toMatchObject({
      title: 'Ringwood, Ringwood',
      location: { suburb: 'Ringwood' },
      details: { source_org: 'VIC/MFB', source_feed: 'mfb-incident' },
    });
    expect(byId(sample(SAMPLE.majorFlood), 'vic-frv-221011267').details.source_org).toBe('VIC/FRV');
    expect(byId(sample(SAMPLE.osom), 'vic-ffmvic-burn-935093')).toMatchObject({
      eventType: 'burn_off',
      eventCategory: 'planned',
      status: 'active',
      location: { address: '5Km Nw Of Anglesea', suburb: 'Anglesea' },
      details: { source_org: 'VIC/DELWP', status_raw: 'In Progress', size: '1636.10 Ha.', size_ha: 1636.1 },
    });
    expect(byId(sample(SAMPLE.quietDay), 'vic-ffmvic-burn-3018056')).toMatchObject({
      status: 'controlled',
      details: { source_org: 'VIC/DEECA', status_raw: 'Patrolled', size_ha: 32.76 },
    });
  });

  it('drops the NSW RFS and SA CFS republications', () => {
    const result = sample(SAMPLE.emergencyWarnings);
    const dropped = result.dropped;
    expect(countBy(dropped.map((record) => record.reason))).toEqual(new Map([['republished', 24]]));
    expect(dropped).toContainEqual({ reason: 'republished', upstreamId: '640657' });
    expect(dropped).toContainEqual({ reason: 'republished', upstreamId: '1681007' });
    for (const file of ALL_SAMPLES) {
      const sources = sample(file).incidents.map((draft) => draft.details.source_feed);
      expect(sources, file).not.toContain('rfs-cap');
      expect(sources, file).not.toContain('cfs-incident');
    }
  });

  it('renders Z and +11:00 times with Melbourne offsets, standard time in August', () => {
    for (const file of ALL_SAMPLES) {
      for (const { timestamps } of sample(file).incidents) {
        expect(timestamps.reported).toMatch(OFFSET);
        expect(timestamps.updated).toMatch(OFFSET);
        expect(timestamps.updated).not.toMatch(/\.\d/);
      }
    }
    const quiet = sample(SAMPLE.quietDay);
    expect(byId(quiet, 'vic-cfa-290311').timestamps).toEqual({
      reported: '2026-08-23T08:44:00+10:00',
      updated: '2026-08-23T08:47:00+10:00',
    });
    expect(byId(quiet, 'vic-emv-42908').timestamps.reported).toBe('2026-08-22T17:53:32+10:00');
    // `.675Z` is truncated to the second.
    expect(byId(sample(SAMPLE.emergencyWarnings), 'vic-esta-122579691').timestamps.updated).toBe(
      '2026-01-09T20:15:08+11:00',
    );
  });

  it('decodes the HTML entities of webBody into a plain-text description, one line per block', () => {
    const flood = sample(SAMPLE.majorFlood);
    const description = String(byId(flood, 'vic-emv-23350').details.description);
    expect(description).toContain('Council & DEWLP Geological Engineers have inspected the levee bank');
    expect(description).not.toMatch(/&(?:amp|nbsp|quot);|<[a-z]/i);
    const bushfire = String(byId(sample(SAMPLE.emergencyWarnings), 'vic-emv-39413').details.description);
    expect(bushfire).toContain('\nThere is a bushfire at Longwood that is not yet under control.\n');
  });

  it('drops the call origin when upstream wrote a script error into it', () => {
    const details = byId(sample(SAMPLE.emergencyWarnings), 'vic-ses-593659').details;
    expect(details).not.toHaveProperty('call_source');
    expect(details.source_id).toBe('593659');
  });

  it('keeps every coordinate [lng, lat] inside Australia', () => {
    const outside = ALL_SAMPLES.flatMap((file) =>
      sample(file).incidents.flatMap((draft) =>
        positionsOf(draft).filter(([lng, lat]) => !(lng > 112 && lng < 154 && lat > -44 && lat < -10)),
      ),
    );
    expect(outside).toEqual([]);
    for (const file of ALL_SAMPLES) {
      for (const draft of sample(file).incidents.filter((d) => d.featureType === 'incident')) {
        const { longitude = 0, latitude = 0 } = draft.location;
        expect(longitude > 140 && longitude < 150 && latitude > -39.5 && latitude < -33.9, draft.id).toBe(
          true,
        );
      }
    }
  });

  it('gives every draft a unique id and every area a parent in the same document', () => {
    for (const file of ALL_SAMPLES) {
      const { incidents } = sample(file);
      const ids = incidents.map((draft) => draft.id);
      expect(new Set(ids).size, file).toBe(ids.length);
      for (const draft of incidents.filter((d) => d.featureType !== 'incident')) {
        expect(ids, draft.id).toContain(draft.parentId);
        expect(draft.id).not.toMatch(/[\s/?#%]/);
      }
    }
  });
});

/** An events-geojson.json document with made-up values, one feature per entry. */
function document(...features: object[]): string {
  return JSON.stringify({
    type: 'FeatureCollection',
    features,
    properties: { featureCount: features.length },
  });
}

const POINT = { type: 'Point', coordinates: [145.25, -37.5] };
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

function incident(properties: Record<string, unknown> = {}, geometry: object | null = POINT): object {
  return {
    type: 'Feature',
    geometry,
    properties: {
      feedType: 'incident',
      sourceOrg: 'VIC/CFA',
      sourceFeed: 'cfa-incident',
      sourceId: 900001,
      sourceTitle: 'Pretend Rd',
      id: 'ESTA:999000001',
      eventId: 999000001,
      category1: 'Fire',
      category2: 'Grass Fire',
      status: 'Responding',
      location: 'Pretend Rd, Nowhereville',
      created: '2026-02-03T01:05:00.000Z',
      updated: '2026-02-03T01:15:00.000Z',
      resources: 2,
      size: 'Small',
      sizeFmt: 'Small',
      ...properties,
    },
  };
}

function warning(properties: Record<string, unknown> = {}, geometry: object | null = null): object {
  return {
    type: 'Feature',
    geometry: geometry ?? { type: 'GeometryCollection', geometries: [POINT, square(145.2, -37.55)] },
    properties: {
      feedType: 'warning',
      cap: {
        category: 'Met',
        event: 'Riverine Flood',
        eventCode: 'riverineflod',
        urgency: 'Immediate',
        severity: 'Moderate',
        certainty: 'Likely',
        senderName: 'State Emergency Service',
        responseType: 'Execute',
      },
      sourceOrg: 'EMV',
      sourceFeed: 'cop-cap',
      sourceId: '88001',
      sourceTitle: 'Watch & Act',
      id: '88001',
      category1: 'Watch and Act',
      category2: 'Met',
      status: 'Moderate',
      name: 'Watch & Act',
      action: 'Avoid the Flooded Area ',
      statewide: 'N',
      location: 'Nowhereville, Fakeford',
      created: '2026-02-03T12:05:00+11:00',
      updated: '2026-02-03T12:06:00+11:00',
      webHeadline: null,
      webBody:
        '<div>Floodwater at&nbsp;<b>Nowhereville</b> &amp; Fakeford.</div><ul><li>Move &quot;now&quot;.</li></ul>',
      text: 'WATCH & ACT - RIVERINE FLOOD\n\nMore details at http://example.org/warning/88001/moreinfo\n',
      sizeFmt: null,
      incidentFeatures: [{ properties: { location: 'Pretend Creek', category2: 'Riverine Flood' } }],
      ...properties,
    },
  };
}

describe('VicEmergency events-geojson.json: made-up documents', () => {
  it.each([
    ['an empty body', ''],
    ['whitespace only', ' \n\t '],
    ['an HTML error page', '<!DOCTYPE html><html><body><h1>503 Service Unavailable</h1></body></html>'],
    ['truncated JSON', document(incident()).slice(0, 150)],
    ['a JSON object without features', '{"type":"FeatureCollection"}'],
    ['a bare array', '[]'],
  ])('rejects %s as malformed', (_, text) => {
    expect(() => parseText(text)).toThrow(MalformedFeedError);
    expect(() => parseVicEmvOsom(new TextEncoder().encode(text))).toThrow(/osom-geojson/);
  });

  it('accepts an empty FeatureCollection and a BOM followed by blank lines', () => {
    expect(parseText(document())).toEqual({ incidents: [], unmapped: [], dropped: [] });
    const { incidents } = parseText(`\uFEFF\n\n  ${document(incident())}`);
    expect(incidents.map((draft) => draft.id)).toEqual(['vic-cfa-900001']);
  });

  it('polls the events document and keeps the osom parser for archives', () => {
    expect(Object.keys(VIC_PARSERS)).toEqual(['vic-emv-events-geojson']);
    expect(Object.keys(VIC_LEGACY_PARSERS)).toEqual(['vic-emv-osom-geojson']);
  });

  it('turns a warning into an incident at its point plus a warning_area, with entities decoded', () => {
    const [point, area, ...rest] = parseText(document(warning())).incidents;
    expect(rest).toEqual([]);
    expect(point).toMatchObject({
      id: 'vic-emv-88001',
      featureType: 'incident',
      title: 'Watch & Act - Riverine Flood - Pretend Creek',
      eventType: 'flood',
      eventCategory: 'weather',
      status: 'active',
      warningLevel: 'watch_and_act',
      severity: 'Moderate',
      urgency: 'Immediate',
      certainty: 'Likely',
      geometry: POINT,
      timestamps: { reported: '2026-02-03T12:05:00+11:00', updated: '2026-02-03T12:06:00+11:00' },
      details: {
        description: 'Floodwater at Nowhereville & Fakeford.\nMove "now".',
        action: 'Avoid the Flooded Area',
        source_url: 'http://example.org/warning/88001/moreinfo',
        incident_location: 'Pretend Creek',
      },
    });
    expect(area).toMatchObject({
      id: 'vic-emv-88001-warning',
      featureType: 'warning_area',
      parentId: 'vic-emv-88001',
      geometry: { type: 'Polygon' },
      location: { precision: 'exact' },
    });
    expect(area?.location.longitude).toBeCloseTo(145.25, 12);
  });

  it('falls back from a missing cap to the level defaults, and from eventCode to the event name', () => {
    const noCap = warning({ cap: undefined, category1: 'Evacuate Immediately', sourceId: '88002' });
    const nameOnly = warning({
      sourceId: '88003',
      cap: { event: 'Structure Fire', severity: 'Severe', urgency: 'Expected', certainty: 'Very Likely' },
    });
    const result = parseText(document(noCap, nameOnly));
    expect(result.unmapped).toEqual([]);
    expect(byId(result, 'vic-emv-88002')).toMatchObject({
      eventType: 'flood',
      warningLevel: 'emergency_warning',
      severity: 'Extreme',
      urgency: 'Immediate',
      certainty: 'Likely',
    });
    expect(byId(result, 'vic-emv-88003')).toMatchObject({
      eventType: 'structure_fire',
      severity: 'Severe',
      urgency: 'Expected',
      certainty: 'Likely',
    });
  });

  it('reports unknown vocabulary values and falls back to other/active/none/Unknown', () => {
    const result = parseText(
      document(
        incident({ category1: 'Wibble', category2: 'Wobble', status: 'Dancing' }),
        warning({
          category1: 'Red Alert',
          status: 'Purple',
          cap: {
            eventCode: 'zzzCode',
            event: 'Zzz',
            severity: 'Dire',
            urgency: 'Soonish',
            certainty: 'Maybe',
          },
          incidentFeatures: [],
        }),
        incident({ sourceOrg: 'VIC/XYZ', sourceFeed: 'xyz-incident', sourceId: 'X-1', feedType: 'event' }),
      ),
    );
    expect(result.unmapped).toEqual([
      { field: 'status', value: 'Dancing', incidentId: 'vic-cfa-900001' },
      { field: 'category2', value: 'Wobble', incidentId: 'vic-cfa-900001' },
      { field: 'category1', value: 'Wibble', incidentId: 'vic-cfa-900001' },
      { field: 'status', value: 'Purple', incidentId: 'vic-emv-88001' },
      { field: 'category1', value: 'Red Alert', incidentId: 'vic-emv-88001' },
      { field: 'cap.eventCode', value: 'zzzCode', incidentId: 'vic-emv-88001' },
      { field: 'cap.severity', value: 'Dire', incidentId: 'vic-emv-88001' },
      { field: 'cap.urgency', value: 'Soonish', incidentId: 'vic-emv-88001' },
      { field: 'cap.certainty', value: 'Maybe', incidentId: 'vic-emv-88001' },
      { field: 'sourceFeed', value: 'xyz-incident', incidentId: 'vic-emv-X-1' },
      { field: 'feedType', value: 'event', incidentId: 'vic-emv-X-1' },
    ]);
    expect(byId(result, 'vic-cfa-900001')).toMatchObject({
      eventType: 'other',
      status: 'active',
      details: { status_raw: 'Dancing', category2: 'Wobble' },
    });
    expect(byId(result, 'vic-emv-88001')).toMatchObject({
      eventType: 'other',
      status: 'active',
      warningLevel: 'none',
      severity: 'Unknown',
      urgency: 'Unknown',
      certainty: 'Unknown',
    });
    // An unknown category2 still takes a known category1's type.
    const partly = parseText(document(incident({ category1: 'Tree Down', category2: 'Tree Up' })));
    expect(partly.incidents[0]?.eventType).toBe('tree_down');
    expect(partly.unmapped).toEqual([{ field: 'category2', value: 'Tree Up', incidentId: 'vic-cfa-900001' }]);
  });

  it('drops republished, test, id-less and time-less records, each with its reason', () => {
    const result = parseText(
      document(
        incident({
          sourceOrg: 'NSW/RFS',
          sourceFeed: 'rfs-cap',
          sourceId: '700001',
          id: '2026-02-03T12:00:00.0000000:700001',
        }),
        incident({ sourceOrg: 'SA/CFS', sourceFeed: 'cfs-incident', sourceId: '700002' }),
        incident({
          sourceId: 700003,
          name: 'TEST PROD RECORD - DO NOT DELE',
          location: 'Gatestone Rd, Epping',
        }),
        incident({ sourceId: 700004, location: 'Gatestone Rd, Epping' }),
        incident({ sourceId: null, id: null }),
        incident({ sourceId: 700005, created: 'yesterday', updated: undefined }),
      ),
    );
    expect(result.incidents.map((draft) => draft.id)).toEqual(['vic-cfa-700004']);
    expect(result.dropped).toEqual([
      { reason: 'republished', upstreamId: '700001' },
      { reason: 'republished', upstreamId: '700002' },
      { reason: 'test-record', upstreamId: '700003' },
      { reason: 'no-id', upstreamId: '' },
      { reason: 'no-timestamps', upstreamId: '700005' },
    ]);
    expect(result.unmapped).toEqual([{ field: 'created', value: 'yesterday', incidentId: 'vic-cfa-700005' }]);
  });

  it('keeps one feature per id, the later update, and drops the other as a duplicate', () => {
    const older = incident({ location: 'Older Rd, Nowhereville', updated: '2026-02-03T01:10:00.000Z' });
    const newer = incident({ sourceId: '900001', location: 'Newer Rd, Nowhereville' });
    const result = parseText(document(newer, older));
    expect(result.incidents.map((draft) => [draft.id, draft.title])).toEqual([
      ['vic-cfa-900001', 'Newer Rd, Nowhereville'],
    ]);
    expect(result.dropped).toEqual([{ reason: 'duplicate', upstreamId: '900001' }]);
  });

  it('reads GA earthquakes and LSV shark sightings with their own agency codes', () => {
    const result = parseText(
      document(
        incident({
          feedType: 'earthquake',
          sourceOrg: 'AU/GA',
          sourceFeed: 'ga-earthquake',
          sourceId: 'ga2026abcd',
          category1: 'Earthquake',
          category2: 'Earthquake',
          status: 'Minor',
          magnitude: 3.2,
          name: 'Magnitude 3.2 earthquake near Nowhereville',
        }),
        incident({
          sourceOrg: 'VIC/LSV',
          sourceFeed: 'lsv-cap',
          sourceId: 'lsv-17',
          category1: 'Other',
          category2: 'Shark Sighting',
          status: 'Unconfirmed sighting',
        }),
      ),
    );
    expect(result.unmapped).toEqual([]);
    expect(byId(result, 'vic-ga-ga2026abcd')).toMatchObject({
      title: 'Magnitude 3.2 earthquake near Nowhereville',
      eventType: 'earthquake',
      eventCategory: 'earth',
      status: 'active',
      location: { suburb: '' },
      details: { magnitude: 3.2, feed_type: 'earthquake' },
    });
    expect(byId(result, 'vic-lsv-lsv-17')).toMatchObject({ eventType: 'other', status: 'active' });
  });

  it('reads sizeFmt as a string, a list or null, and sizes as numbers', () => {
    const result = parseText(
      document(
        incident({ sourceId: 1, sizeFmt: ['12 ha', '3 ha'] }),
        incident({ sourceId: 2, sizeFmt: null, size: null }),
        incident({
          sourceFeed: 'delwp-incident',
          sourceOrg: 'VIC/DELWP',
          sourceId: 3,
          size: '0.10',
          sizeFmt: '0.10 Ha.',
        }),
      ),
    );
    expect(byId(result, 'vic-cfa-1').details.size).toBe('12 ha, 3 ha');
    expect(byId(result, 'vic-cfa-2').details).not.toHaveProperty('size');
    expect(byId(result, 'vic-ffmvic-3').details).toMatchObject({ size: '0.10 Ha.', size_ha: 0.1 });
  });

  it('reads every ISO variant: Z with 7 digits, a negative offset, +11:00, across the DST change', () => {
    const result = parseText(
      document(
        incident({
          sourceId: 1,
          created: '2026-04-04T15:30:00.9999999Z',
          updated: '2026-04-04T16:30:00.999999Z',
        }),
        incident({ sourceId: 2, created: '2026-02-03T01:05:00-05:00', updated: '2026-02-03T18:00:00+11:00' }),
      ),
    );
    // 5 April 2026, 02:30 Melbourne, twice: daylight time, then standard time.
    expect(byId(result, 'vic-cfa-1').timestamps).toEqual({
      reported: '2026-04-05T02:30:00+11:00',
      updated: '2026-04-05T02:30:00+10:00',
    });
    expect(byId(result, 'vic-cfa-2').timestamps).toEqual({
      reported: '2026-02-03T17:05:00+11:00',
      updated: '2026-02-03T18:00:00+11:00',
    });
  });

  it('serves a feature without geometry, or with an empty collection, without coordinates', () => {
    const result = parseText(
      document(
        incident({ sourceId: 1 }, null),
        incident({ sourceId: 2 }, { type: 'GeometryCollection', geometries: [] }),
      ),
    );
    for (const draft of result.incidents) {
      expect(draft.geometry).toBeNull();
      expect(draft.location).toEqual({
        address: 'Pretend Rd, Nowhereville',
        suburb: 'Nowhereville',
        state: 'vic',
        lga: '',
      });
    }
  });

  it('gives incidents with a polygon an incident_area and BOM warnings a warning_area', () => {
    const geometry = { type: 'GeometryCollection', geometries: [square(145.2, -37.55), POINT] };
    const bom = incident(
      {
        sourceOrg: 'AU/BOM',
        sourceFeed: 'bom-idv21038',
        sourceId: 'IDV21038/abc',
        category1: 'Met',
        category2: 'Thunderstorm',
        status: 'Warning',
        name: 'Severe Thunderstorm Warning',
      },
      geometry,
    );
    const result = parseText(document(incident({}, geometry), bom));
    expect(result.incidents.map((draft) => [draft.id, draft.featureType, draft.parentId])).toEqual([
      ['vic-cfa-900001', 'incident', undefined],
      ['vic-cfa-900001-area', 'incident_area', 'vic-cfa-900001'],
      ['vic-bom-IDV21038-abc', 'incident', undefined],
      ['vic-bom-IDV21038-abc-warning', 'warning_area', 'vic-bom-IDV21038-abc'],
    ]);
    expect(result.incidents[0]?.geometry).toEqual(POINT);
    expect(result.unmapped).toEqual([]);
  });
});

describe('VicEmergency vocabulary', () => {
  it('knows every category2, category1 and status FEEDS.md lists, case-insensitively', () => {
    expect(eventTypeOfCategory2('Rescue Rail Trapped')).toBe('rescue');
    expect(eventTypeOfCategory2('GAS LEAKS')).toBe('hazmat');
    expect(eventTypeOfCategory2('Grass and Scrub')).toBe('grass_fire');
    expect(eventTypeOfCategory2('Washaway')).toBe('flood');
    expect(eventTypeOfCategory2('Wobble')).toBeUndefined();
    expect(eventTypeOfCategory1('Accident / Rescue')).toBe('rescue');
    expect(statusOf('Request For Assistance', 'incident')).toBe('active');
    expect(statusOf('Being Controlled', 'incident')).toBe('contained');
    expect(statusOf('Patrolled', 'incident')).toBe('controlled');
    expect(statusOf('Complete', 'incident')).toBe('completed');
    expect(statusOf('Extreme', 'incident')).toBeUndefined();
    expect(statusOf('All Clear', 'warning')).toBe('safe');
    expect(statusOf('Responding', 'warning')).toBeUndefined();
    expect(statusOf('Catastrophic', 'fire-danger-rating')).toBe('active');
    expect(warningLevelOf('Evacuate Immediately')).toBe('emergency_warning');
    expect(warningLevelOf('Community Update')).toBe('none');
  });

  it('routes sources to agencies', () => {
    expect(sourceFeedRuleOf('mfb-incident', 'VIC/MFB')?.agency).toBe('frv');
    expect(sourceFeedRuleOf('deeca-incident', 'VIC/DEECA')?.agency).toBe('ffmvic');
    expect(sourceFeedRuleOf('frv-incident', 'VIC/FRV')?.agency).toBe('frv');
    expect(sourceFeedRuleOf('bom-idv21035', 'AU/BOM')).toMatchObject({ agency: 'bom', area: 'warning_area' });
    expect(sourceFeedRuleOf('rfs-cap', 'NSW/RFS')?.republishedFrom).toBe('NSW RFS');
    expect(sourceFeedRuleOf('xyz', 'VIC/XYZ')).toBeUndefined();
  });

  it('maps CAP-AU event codes as FEEDS.md 1.2 says', () => {
    expect(eventTypeOfCapAuEventCode('riverineflod')).toBe('flood');
    expect(eventTypeOfCapAuEventCode('TotalFireBan')).toBe('fire_ban');
    expect(eventTypeOfCapAuEventCode('totalfireban')).toBe('fire_ban');
    expect(eventTypeOfCapAuEventCode('blueGrnAlgae')).toBe('other');
    expect(eventTypeOfCapAuEventCode('roadCrash')).toBe('vehicle_accident');
    expect(eventTypeOfCapAuEventCode('notACode')).toBeUndefined();
  });
});

import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MalformedFeedError } from '../../../sources/common/errors.js';
import { ntFeedId, parseNtPfesIncidents } from '../../../sources/nt/pfes-incidents.js';
import { eventTypeOf, statusOf, warningLevelOf } from '../../../sources/nt/pfes-vocabulary.js';
import type { IncidentDraft, ParseResult } from '../../../model/index.js';
import { requireSharedFolder, UPSTREAM_SAMPLES_DIR } from '../../../replay/shared-samples.js';
import { countBy } from '../drafts.js';

const SAMPLE = `${UPSTREAM_SAMPLES_DIR}nt/nt-pfes-ntfrsincidents-2020-05-05.json`;
const ID = /^nt-pfes-\d{14}-[0-9a-f]{8}$/;

const parseSample = (): ParseResult => parseNtPfesIncidents(readFileSync(SAMPLE));
const parseText = (text: string): ParseResult => parseNtPfesIncidents(new TextEncoder().encode(text));

function byTitle(result: ParseResult, title: string, notified?: string): IncidentDraft {
  const draft = result.incidents.find(
    (incident) =>
      incident.title === title && (notified === undefined || incident.timestamps.reported === notified),
  );
  if (!draft) throw new Error(`no draft ${title}`);
  return draft;
}

describe('PFES NT incident map JSON: the 2020 ntfrsincidents.json sample', () => {
  beforeAll(() => {
    requireSharedFolder('upstream/samples/nt');
  });

  it('parses all 94 incidents, with nothing dropped and nothing unmapped', () => {
    const result = parseSample();
    expect(result.incidents).toHaveLength(94);
    expect(result.incidents.every((draft) => draft.featureType === 'incident')).toBe(true);
    expect(result.dropped).toEqual([]);
    // Every eventtype, category, status and Alert Level of the sample is in FEEDS.md's vocabulary.
    expect(result.unmapped).toEqual([]);
  });

  it('builds one stable id per incident from the notification second and the position', () => {
    const first = parseSample().incidents.map((draft) => draft.id);
    expect(new Set(first).size).toBe(94);
    for (const id of first) expect(id).toMatch(ID);
    expect(parseSample().incidents.map((draft) => draft.id)).toEqual(first);
    // Five burns were notified at 23:59:59 the same night: the position keeps them apart.
    const atMidnight = parseSample().incidents.filter((draft) => draft.id.includes('-20200504235959-'));
    expect(atMidnight.length).toBeGreaterThanOrEqual(5);
  });

  it('maps the event types, statuses and warning levels', () => {
    const { incidents } = parseSample();
    expect(countBy(incidents.map((draft) => draft.eventType))).toEqual({
      burn_off: 70,
      alarm: 3,
      grass_fire: 15,
      vehicle_fire: 3,
      structure_fire: 1,
      other: 1,
      rescue: 1,
    });
    expect(countBy(incidents.map((draft) => draft.status))).toEqual({ active: 74, completed: 20 });
    expect(countBy(incidents.map((draft) => draft.warningLevel))).toEqual({ none: 70, advice: 24 });
  });

  it('reads the Jervois Rd permit burn', () => {
    expect(byTitle(parseSample(), 'JERVOIS RD, VIRGINIA')).toMatchObject({
      id: 'nt-pfes-20200504234752-15d86b4c',
      source: { state: 'nt', agency: 'pfes', feedId: '20200504234752-15d86b4c' },
      eventType: 'burn_off',
      eventCategory: 'planned',
      status: 'active',
      warningLevel: 'none',
      severity: 'Unknown',
      urgency: 'Unknown',
      certainty: 'Observed',
      geometry: { type: 'Point', coordinates: [131.02592942678, -12.54111878746] },
      location: {
        address: 'JERVOIS RD, VIRGINIA',
        suburb: 'VIRGINIA',
        state: 'nt',
        lga: '',
        latitude: -12.54111878746,
        longitude: 131.02592942678,
        precision: 'exact',
      },
      timestamps: { reported: '2020-05-04T23:47:52+09:30', updated: '2020-05-04T23:47:52+09:30' },
      details: {
        category: 'advice',
        type: 'Permit Burn',
        status_raw: 'active',
        alert_level: 'Advice',
        responsible_agency: 'NTFRS',
        source_id: '20200504234752-15d86b4c',
      },
    });
  });

  it('quirk: the "lat, lon" coordinate string becomes [lng, lat] inside the Territory', () => {
    for (const draft of parseSample().incidents) {
      const [lng = 0, lat = 0] = draft.geometry?.type === 'Point' ? draft.geometry.coordinates : [];
      expect(lng > 128.9 && lng < 138.1 && lat > -26.1 && lat < -10.9, draft.id).toBe(true);
      expect(draft.location).toMatchObject({ latitude: lat, longitude: lng, precision: 'exact' });
    }
  });

  it('quirk: closed incidents stay on the map and are completed, never safe', () => {
    const result = parseSample();
    expect(result.incidents.some((draft) => draft.status === 'safe')).toBe(false);
    expect(byTitle(result, 'SWAN CT, HERBERT')).toMatchObject({
      status: 'completed',
      eventType: 'burn_off',
      timestamps: { reported: '2020-05-04T23:30:15+09:30', updated: '2020-05-04T23:42:29+09:30' },
      details: { status_raw: 'closed', closed: '2020-05-04T23:42:29+09:30' },
    });
    expect(byTitle(result, 'SABINE RD, MILLNER')).toMatchObject({
      status: 'completed',
      eventType: 'structure_fire',
      warningLevel: 'advice',
    });
  });

  it('quirk: category advice with Alert Level Advice is a planned burn without a warning; a fire keeps Advice', () => {
    const result = parseSample();
    expect(byTitle(result, 'PINE CREEK')).toMatchObject({
      eventType: 'burn_off',
      warningLevel: 'none',
      details: { category: 'advice', type: 'Strategic Burn', alert_level: 'Advice' },
    });
    expect(byTitle(result, 'DUNDEE BEACH')).toMatchObject({
      eventType: 'grass_fire',
      status: 'active',
      warningLevel: 'advice',
      severity: 'Minor',
      urgency: 'Expected',
      certainty: 'Unknown',
      details: { category: 'fire', alert_level: 'Advice' },
    });
  });

  it('quirk: ISO +09:30 times are used; the DD/MM/YYYY HH:mm copy only adds "Last Update"', () => {
    const result = parseSample();
    // Notified 02/05/2020 14:34, datenotified 14:34:57; Last Update 03/05/2020 20:24 is later.
    expect(byTitle(result, 'GUNN POINT').timestamps).toEqual({
      reported: '2020-05-02T14:34:57+09:30',
      updated: '2020-05-03T20:24:00+09:30',
    });
    // Last Update (23:58) truncates below datenotified (23:59:31): updated never precedes reported.
    expect(byTitle(result, 'HORNE RD, BEES CREEK').timestamps).toEqual({
      reported: '2020-05-04T23:59:31+09:30',
      updated: '2020-05-04T23:59:31+09:30',
    });
    for (const { timestamps } of result.incidents) {
      expect(timestamps.reported).toMatch(/\+09:30$/);
      expect(Date.parse(timestamps.updated)).toBeGreaterThanOrEqual(Date.parse(timestamps.reported));
    }
  });

  it('titles an incident without a location by its event type', () => {
    const draft = byTitle(parseSample(), 'Grass and Scrub Fire');
    expect(draft.location).toMatchObject({ address: '', suburb: '' });
    expect(draft.timestamps.reported).toBe('2020-05-01T19:16:31+09:30');
  });

  it('reads the sample behind a UTF-8 BOM', () => {
    const withBom = Buffer.concat([Buffer.from('\uFEFF', 'utf8'), readFileSync(SAMPLE)]);
    expect(parseNtPfesIncidents(withBom)).toEqual(parseSample());
  });
});

interface Overrides {
  [key: string]: unknown;
  properties?: Record<string, unknown>;
}

function incident(overrides: Overrides = {}): object {
  const { properties, ...top } = overrides;
  return {
    category: 'fire',
    eventtype: 'Grass and Scrub Fire',
    location: 'MADEUP RD, PRETENDVILLE',
    geometry: 'point',
    coordinate: '-12.5, 131.25',
    datenotified: '2026-01-10T13:05:09+09:30',
    dateclosed: null,
    status: 'active',
    ...top,
    properties: {
      'Fire Type': 'Grass and Scrub Fire',
      Location: 'MADEUP RD, PRETENDVILLE',
      Status: 'Active',
      'Alert Level': 'Advice',
      'Responsible Agency': 'NTFRS',
      'Last Update': '10/01/2026 13:45',
      Notified: '10/01/2026 13:05',
      Closed: '',
      ...properties,
    },
  };
}

const document = (...incidents: object[]): string =>
  JSON.stringify({ title: 'NT Fire Incident Map', lastupdated: '2026-01-10T14:00:00+09:30', incidents });

describe('PFES NT incident map JSON: made-up documents', () => {
  it.each([
    ['an empty body', ''],
    ['an HTML error page', '<!DOCTYPE html><html><head><title>Service Unavailable</title></head></html>'],
    ['truncated JSON', document(incident()).slice(0, 200)],
    [
      'a document without incidents',
      '{"title":"NT Fire Incident Map","lastupdated":"2026-01-10T14:00:00+09:30"}',
    ],
    ['the warnings document', '{"title":"Warnings/Hazards","warnings":[]}'],
  ])('rejects %s as malformed', (_, text) => {
    expect(() => parseText(text)).toThrow(MalformedFeedError);
  });

  it('accepts an empty incident list', () => {
    expect(parseText(document())).toEqual({ incidents: [], unmapped: [], dropped: [] });
  });

  it('keeps the id when the coordinate is written differently or the incident closes', () => {
    const [open] = parseText(document(incident())).incidents;
    const [closed] = parseText(
      document(
        incident({
          coordinate: '-12.50000000000,131.25000000000',
          status: 'closed',
          dateclosed: '2026-01-10T14:20:33+09:30',
          properties: { Status: 'Closed', Closed: '10/01/2026 14:20', 'Last Update': '10/01/2026 14:20' },
        }),
      ),
    ).incidents;
    expect(open?.id).toBe(closed?.id);
    expect(open?.id).toBe(`nt-pfes-${ntFeedId('2026-01-10T13:05:09+09:30', [131.25, -12.5], '')}`);
    expect(open).toMatchObject({ status: 'active', timestamps: { updated: '2026-01-10T13:45:00+09:30' } });
    expect(closed).toMatchObject({
      status: 'completed',
      timestamps: { reported: '2026-01-10T13:05:09+09:30', updated: '2026-01-10T14:20:33+09:30' },
    });
  });

  it('escalates a planned burn only on a level above Advice', () => {
    const result = parseText(
      document(
        incident({
          category: 'advice',
          eventtype: 'Permit Burn',
          properties: { 'Alert Level': 'Watch and Act' },
        }),
        incident({ coordinate: '-12.6, 131.3', properties: { 'Alert Level': 'Emergency Warning' } }),
        incident({ coordinate: '-12.7, 131.3', properties: { 'Alert Level': '' } }),
      ),
    );
    expect(result.incidents.map((draft) => draft.warningLevel)).toEqual([
      'watch_and_act',
      'emergency_warning',
      'none',
    ]);
  });

  it('reports unknown values, falls back on the category, and keeps the raw values', () => {
    const result = parseText(
      document(
        incident({
          category: 'roadcrash',
          eventtype: 'Truck Rollover',
          status: 'pending',
          coordinate: '131.25, -12.5, 7',
          properties: { 'Alert Level': 'Code Red' },
        }),
        incident({ category: 'hazmat', eventtype: 'Chemical Spill', coordinate: '-12.8, 131.3' }),
      ),
    );
    expect(result.incidents.map((draft) => [draft.eventType, draft.status, draft.warningLevel])).toEqual([
      ['vehicle_accident', 'active', 'none'],
      ['other', 'active', 'advice'],
    ]);
    const [first, second] = result.incidents.map((draft) => draft.id);
    expect(result.incidents[0]?.geometry).toBeNull();
    expect(result.incidents[0]?.location).toEqual({
      address: 'MADEUP RD, PRETENDVILLE',
      suburb: 'PRETENDVILLE',
      state: 'nt',
      lga: '',
    });
    expect(result.incidents[0]?.details).toMatchObject({ type: 'Truck Rollover', status_raw: 'pending' });
    expect(result.unmapped).toEqual([
      { field: 'coordinate', value: '131.25, -12.5, 7', incidentId: first },
      { field: 'eventtype', value: 'Truck Rollover', incidentId: first },
      { field: 'status', value: 'pending', incidentId: first },
      { field: 'Alert Level', value: 'Code Red', incidentId: first },
      { field: 'category', value: 'hazmat', incidentId: second },
      { field: 'eventtype', value: 'Chemical Spill', incidentId: second },
    ]);
  });

  it('drops what has no notification time (no id) or no time at all, and keeps the later of two copies', () => {
    const result = parseText(
      document(
        incident({ datenotified: null }),
        incident({ datenotified: 'yesterday', properties: { Notified: '', 'Last Update': '' } }),
        incident({ coordinate: '-12.9, 131.3', datenotified: '2026-01-10T13:05:09+09:30' }),
        incident({ coordinate: '-12.9, 131.3', properties: { 'Last Update': '10/01/2026 13:50' } }),
      ),
    );
    expect(result.incidents).toHaveLength(1);
    expect(result.incidents[0]?.timestamps.updated).toBe('2026-01-10T13:50:00+09:30');
    expect(result.dropped).toEqual([
      { reason: 'no-id', upstreamId: 'MADEUP RD, PRETENDVILLE' },
      { reason: 'no-timestamps', upstreamId: 'yesterday' },
      { reason: 'duplicate', upstreamId: result.incidents[0]?.source.feedId },
    ]);
  });
});

describe('PFES NT vocabulary', () => {
  it('is case-insensitive and knows every FEEDS.md value', () => {
    expect(eventTypeOf('GRASS AND SCRUB FIRE')).toBe('grass_fire');
    expect(eventTypeOf('Alarm Bells Ringing')).toBe('alarm');
    expect(eventTypeOf('Power Lines Down')).toBe('other');
    expect(eventTypeOf('Road Crash')).toBe('vehicle_accident');
    expect(statusOf('Closed')).toBe('completed');
    expect(statusOf('ACTIVE')).toBe('active');
    expect(warningLevelOf('Planned Burn Advice')).toBe('advice');
    expect(warningLevelOf('Watch & Act')).toBe('watch_and_act');
    expect(eventTypeOf('Boat Fire')).toBeUndefined();
  });
});

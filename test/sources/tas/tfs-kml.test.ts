import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MalformedFeedError } from '../../../sources/common/errors.js';
import { TAS_PARSERS } from '../../../sources/tas/index.js';
import { parseTfsAlertAreasKml, parseTfsIncidentsKml } from '../../../sources/tas/tfs-kml.js';
import {
  tfsEventTypeOf,
  tfsStatusOf,
  tfsStyleWarningLevelOf,
  tfsWarningLevelOf,
} from '../../../sources/tas/tfs-vocabulary.js';
import {
  epochToZonedIso,
  offsetIsoToZonedIso,
  wallClockToEpoch,
} from '../../../sources/common/cached-zone-offsets.js';
import type { FeedParser } from '../../../sources/common/types.js';
import type { ParseResult } from '../../../model/index.js';
import { requireSharedFolder, UPSTREAM_SAMPLES_DIR } from '../../../replay/shared-samples.js';
import { byId } from '../drafts.js';

const SAMPLES = `${UPSTREAM_SAMPLES_DIR}tas/`;
const INCIDENTS = 'tas-tfs-incidents-bfKml-2020-05-04.kml';
const ALERT_AREAS = 'tas-tfs-alert-areas-kml-empty-2020-05-05.kml';

const parseSample = (parser: FeedParser, file: string): ParseResult => parser(readFileSync(SAMPLES + file));
const parseText = (parser: FeedParser, text: string): ParseResult => parser(new TextEncoder().encode(text));

describe('TFS KML: samples', () => {
  beforeAll(() => {
    requireSharedFolder('upstream/samples/tas');
  });

  it('is registered under the catalogue formats', () => {
    expect(TAS_PARSERS['tas-tfs-incidents-kml']).toBe(parseTfsIncidentsKml);
    expect(TAS_PARSERS['tas-tfs-alert-areas-kml']).toBe(parseTfsAlertAreasKml);
  });

  it('reads the four incidents of bfKml, after the blank lines before <kml>, with no unmapped value', () => {
    const bytes = readFileSync(SAMPLES + INCIDENTS);
    // The quirk under test: the document starts with blank lines and no XML declaration.
    expect(new TextDecoder().decode(bytes.subarray(0, 4)).trim()).toBe('');
    const result = parseTfsIncidentsKml(bytes);
    expect(
      result.incidents.map((draft) => [draft.id, draft.featureType, draft.eventType, draft.status]),
    ).toEqual([
      ['tas-tfs-20015714', 'incident', 'alarm', 'active'],
      ['tas-tfs-20015711', 'incident', 'alarm', 'active'],
      ['tas-tfs-20015707', 'incident', 'alarm', 'active'],
      ['tas-tfs-20014107', 'incident', 'burn_off', 'controlled'],
    ]);
    expect(result.unmapped).toEqual([]);
    expect(result.dropped).toEqual([]);
  });

  it('reads the escaped <table> rows by their known keys', () => {
    const result = parseSample(parseTfsIncidentsKml, INCIDENTS);
    expect(byId(result, 'tas-tfs-20015714')).toMatchObject({
      source: { state: 'tas', agency: 'tfs', feedId: '20015714' },
      title: 'Mary Street, SCOTTSDALE',
      eventCategory: 'alarm',
      warningLevel: 'none',
      severity: 'Unknown',
      urgency: 'Unknown',
      certainty: 'Observed',
      geometry: { type: 'Point', coordinates: [147.50702824246318, -41.16099354694652] },
      location: {
        address: 'Mary Street, SCOTTSDALE',
        suburb: 'SCOTTSDALE',
        state: 'tas',
        lga: '',
        latitude: -41.16099354694652,
        longitude: 147.50702824246318,
        precision: 'exact',
      },
      // "05-May-2020 9:45 AM", Hobart standard time.
      timestamps: { reported: '2020-05-05T09:45:00+10:00', updated: '2020-05-05T09:45:00+10:00' },
      details: {
        alert_level: 'No Alert Level',
        style: '#noAlertLevelStyle',
        type: 'ALARM',
        status_raw: 'Going',
        responsible_agency: 'Tasmania Fire Service',
        cad_id: '20015714',
        source_id: '20015714',
        source_url: 'http://www.fire.tas.gov.au/i/20015714',
      },
    });
    expect(byId(result, 'tas-tfs-20015714').details.description).toBe(
      [
        'Alert Level: No Alert Level',
        'Type: ALARM',
        'Last Update: 05-May-2020 9:45 AM',
        'First Report: 05-May-2020 9:45 AM',
        'Status: Going',
        'Agency: Tasmania Fire Service',
        'Incident No: 20015714',
      ].join('\n'),
    );
  });

  it('reads the fuel reduction burn: planned, on patrol, first reported a fortnight earlier, 533 ha', () => {
    expect(byId(parseSample(parseTfsIncidentsKml, INCIDENTS), 'tas-tfs-20014107')).toMatchObject({
      title: 'Triabunna',
      eventType: 'burn_off',
      eventCategory: 'planned',
      status: 'controlled',
      geometry: { type: 'Point', coordinates: [147.86749021286423, -42.482000668063456] },
      location: { suburb: 'Triabunna' },
      timestamps: { reported: '2020-04-19T08:55:00+10:00', updated: '2020-05-05T07:37:00+10:00' },
      details: {
        type: 'FUEL REDUCTION BURN',
        status_raw: 'Patrol',
        size: '533 hectares',
        size_ha: 533,
        // Its More Info link is the alert page, not the incident page.
        alert_id: '85154',
        source_url: 'http://www.fire.tas.gov.au/a/85154',
      },
    });
  });

  it('reads the alert-areas sample, which holds styles and no placemark, as no record', () => {
    expect(parseSample(parseTfsAlertAreasKml, ALERT_AREAS)).toEqual({
      incidents: [],
      unmapped: [],
      dropped: [],
    });
  });
});

/** A bfKml-shaped document with made-up placemarks (blank lines first, no XML declaration). */
function kml(...placemarks: string[]): string {
  return `\n\n\n    \n<kml xmlns="http://earth.google.com/kml/2.1">\n<Document>\n<name>Incidents</name>\n${placemarks.join('\n')}\n</Document>\n</kml>\n\n`;
}

/** The description table, escaped as the feed escapes it. */
function table(rows: Record<string, string>, link = ''): string {
  const cells = Object.entries(rows)
    .map(
      ([key, value]) =>
        `<tr><th style ="width:71px;">${key}</th><td style="white-space:nowrap;">${value}</td></tr>`,
    )
    .join('');
  const html = `<div id="detail_fields"><table>${cells}</table>${link}</div>`;
  return html.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&#034;');
}

const ROWS = {
  'Alert Level': 'Advice',
  Type: 'VEGETATION FIRE',
  'Last Update': '12-Jan-2025 4:05 PM',
  'First Report': '11-Jan-2025 11:40 AM',
  Status: 'Going',
  Agency: 'Tasmania Fire Service',
  'Incident No': '25000001',
  Size: '1,250 hectares',
};

function placemark(
  options: {
    id?: string;
    name?: string;
    rows?: Record<string, string>;
    style?: string;
    geometry?: string;
  } = {},
): string {
  const id = options.id === undefined ? ' id="25000001"' : options.id === '' ? '' : ` id="${options.id}"`;
  const geometry = options.geometry ?? '<Point><coordinates>146.75,-41.5</coordinates></Point>';
  return `<Placemark${id}><name>${options.name ?? 'Pretend Road, MADEUPTON'}</name><description>${table(options.rows ?? ROWS)}</description><styleUrl>${options.style ?? '#adviceStyle'}</styleUrl>${geometry}</Placemark>`;
}

const polygon = (lng: number, lat: number): string =>
  `<Polygon><outerBoundaryIs><LinearRing><coordinates>${lng},${lat},0 ${lng + 0.02},${lat},0 ${lng + 0.02},${lat + 0.02},0 ${lng},${lat + 0.02},0 ${lng},${lat},0</coordinates></LinearRing></outerBoundaryIs></Polygon>`;

describe('TFS KML: made-up documents', () => {
  it.each([
    ['an empty body', ''],
    [
      'an HTML error page',
      '<!DOCTYPE html><html><head><title>Service Unavailable</title></head><body></body></html>',
    ],
    ['a truncated document', kml(placemark()).slice(0, 300)],
    ['an RSS document', '<rss version="2.0"><channel></channel></rss>'],
    ['plain text', 'Page not found'],
  ])('rejects %s as malformed', (_, text) => {
    expect(() => parseText(parseTfsIncidentsKml, text)).toThrow(MalformedFeedError);
    expect(() => parseText(parseTfsAlertAreasKml, text)).toThrow(MalformedFeedError);
  });

  it('accepts a document without placemarks and a BOM', () => {
    expect(parseText(parseTfsIncidentsKml, `\uFEFF${kml()}`)).toEqual({
      incidents: [],
      unmapped: [],
      dropped: [],
    });
  });

  it('reads summer times, sizes with thousands separators and Advice', () => {
    const [draft] = parseText(parseTfsIncidentsKml, kml(placemark())).incidents;
    expect(draft).toMatchObject({
      id: 'tas-tfs-25000001',
      eventType: 'bushfire',
      warningLevel: 'advice',
      severity: 'Minor',
      urgency: 'Expected',
      timestamps: { reported: '2025-01-11T11:40:00+11:00', updated: '2025-01-12T16:05:00+11:00' },
      details: { size: '1,250 hectares', size_ha: 1250 },
    });
  });

  it('falls back on the styleUrl icon without an Alert Level row, and keeps unknown rows in the text only', () => {
    const { 'Alert Level': _, ...rows } = ROWS;
    const [draft] = parseText(
      parseTfsIncidentsKml,
      kml(placemark({ rows: { ...rows, 'Crew Note': 'Back burning: 2 crews' }, style: '#watchAndActStyle' })),
    ).incidents;
    expect(draft?.warningLevel).toBe('watch_and_act');
    expect(draft?.details.description).toContain('Crew Note: Back burning: 2 crews');
    expect(Object.keys(draft?.details ?? {})).not.toContain('crew_note');
  });

  it('reports values no vocabulary knows, and falls back', () => {
    const rows = { ...ROWS, 'Alert Level': 'Orange', Type: 'SMOKE SIGHTING', Status: 'Resting' };
    const result = parseText(parseTfsIncidentsKml, kml(placemark({ rows })));
    expect(result.incidents[0]).toMatchObject({ eventType: 'other', status: 'active', warningLevel: 'none' });
    expect(result.unmapped).toEqual([
      { field: 'Alert Level', value: 'Orange', incidentId: 'tas-tfs-25000001' },
      { field: 'Type', value: 'SMOKE SIGHTING', incidentId: 'tas-tfs-25000001' },
      { field: 'Status', value: 'Resting', incidentId: 'tas-tfs-25000001' },
    ]);
  });

  it('takes the placemark id without an Incident No row, and drops what has no id or time', () => {
    const { 'Incident No': _, ...withoutNumber } = ROWS;
    const { 'Last Update': __, 'First Report': ___, ...withoutTimes } = ROWS;
    const result = parseText(
      parseTfsIncidentsKml,
      kml(
        placemark({ id: '25000002', rows: withoutNumber }),
        placemark({ id: '', rows: withoutNumber }),
        placemark({ id: '25000003', rows: { ...withoutTimes, 'Incident No': '25000003' } }),
      ),
    );
    expect(result.incidents.map((draft) => draft.id)).toEqual(['tas-tfs-25000002']);
    expect(result.dropped).toEqual([
      { reason: 'no-id', upstreamId: 'Pretend Road, MADEUPTON' },
      { reason: 'no-timestamps', upstreamId: '25000003' },
    ]);
  });

  it.each([
    ['newer first', true],
    ['older first', false],
  ])(
    'keeps one placemark per incident, the later update (%s), in order with the other drops',
    (_, newerFirst) => {
      const older = placemark({ rows: { ...ROWS, Status: 'Going' } });
      const newer = placemark({ rows: { ...ROWS, Status: 'Patrol', 'Last Update': '12-Jan-2025 6:30 PM' } });
      const result = parseText(
        parseTfsIncidentsKml,
        kml(
          ...(newerFirst ? [newer, older] : [older, newer]),
          placemark({ id: '', rows: { Status: 'Going' } }),
        ),
      );
      expect(result.incidents.map((draft) => [draft.id, draft.status, draft.timestamps.updated])).toEqual([
        ['tas-tfs-25000001', 'controlled', '2025-01-12T18:30:00+11:00'],
      ]);
      expect(result.dropped).toEqual([
        { reason: 'duplicate', upstreamId: '25000001' },
        { reason: 'no-id', upstreamId: 'Pretend Road, MADEUPTON' },
      ]);
    },
  );

  it('turns an alert-area polygon into a warning record at its centroid plus its warning_area', () => {
    const rows = { ...ROWS, 'Alert Level': 'Emergency Warning' };
    const geometry = `<MultiGeometry>${polygon(147, -42)}${polygon(147.1, -42)}</MultiGeometry>`;
    const result = parseText(
      parseTfsAlertAreasKml,
      kml(placemark({ id: '9001', rows, style: '#emergencyWarningStyle', geometry })),
    );
    const [point, area] = result.incidents;
    expect(point).toMatchObject({
      id: 'tas-tfs-alert-9001',
      featureType: 'incident',
      warningLevel: 'emergency_warning',
      severity: 'Extreme',
      details: { incident_id: 'tas-tfs-25000001', source_id: '9001' },
    });
    const [lng, lat] = point?.geometry?.type === 'Point' ? point.geometry.coordinates : [];
    expect(lng).toBeCloseTo(147.06, 9);
    expect(lat).toBeCloseTo(-41.99, 9);
    expect(area).toMatchObject({
      id: 'tas-tfs-alert-9001-warning',
      featureType: 'warning_area',
      parentId: 'tas-tfs-alert-9001',
      geometry: { type: 'MultiPolygon' },
    });
    expect(result.unmapped).toEqual([]);
  });
});

describe('Hobart times around the DST changes (cached offsets, luxon for the ambiguous hour)', () => {
  const ZONE = 'Australia/Hobart';

  it('reads the repeated hour when DST ends as its first (daylight) occurrence, the rest exactly', () => {
    const times = (lastUpdate: string): string | undefined =>
      parseText(parseTfsIncidentsKml, kml(placemark({ rows: { ...ROWS, 'Last Update': lastUpdate } })))
        .incidents[0]?.timestamps.updated;
    // DST ended at 03:00 on 6 April 2025: 02:30 happened twice.
    expect(times('06-Apr-2025 2:30 AM')).toBe('2025-04-06T02:30:00+11:00');
    expect(times('06-Apr-2025 1:59 AM')).toBe('2025-04-06T01:59:00+11:00');
    expect(times('06-Apr-2025 3:00 AM')).toBe('2025-04-06T03:00:00+10:00');
    expect(times('05-Oct-2025 3:00 AM')).toBe('2025-10-05T03:00:00+11:00');
    expect(times('31-Dec-2025 12:00 AM')).toBe('2025-12-31T00:00:00+11:00');
    expect(times('31-Dec-2025 12:00 PM')).toBe('2025-12-31T12:00:00+11:00');
  });

  it('converts instants and offset ISO times, and refuses ambiguous or impossible wall clocks', () => {
    expect(epochToZonedIso(Date.UTC(2025, 3, 5, 15, 59, 59, 999), ZONE)).toBe('2025-04-06T02:59:59+11:00');
    expect(epochToZonedIso(Date.UTC(2025, 3, 5, 16, 0, 0), ZONE)).toBe('2025-04-06T02:00:00+10:00');
    expect(offsetIsoToZonedIso('2024-02-23T05:04:49.5431234Z', ZONE)).toBe('2024-02-23T16:04:49+11:00');
    expect(offsetIsoToZonedIso('2024-02-23T05:04:49', ZONE)).toBeUndefined();
    expect(wallClockToEpoch({ year: 2025, month: 4, day: 6, hour: 2, minute: 30 }, ZONE)).toBeUndefined();
    expect(wallClockToEpoch({ year: 2025, month: 10, day: 5, hour: 2, minute: 30 }, ZONE)).toBeUndefined();
    expect(wallClockToEpoch({ year: 2025, month: 2, day: 30, hour: 9, minute: 0 }, ZONE)).toBeUndefined();
    expect(wallClockToEpoch({ year: 2025, month: 7, day: 1, hour: 9, minute: 0 }, ZONE)).toBe(
      Date.UTC(2025, 5, 30, 23, 0),
    );
  });
});

describe('TFS vocabulary', () => {
  it('maps FEEDS.md values, case-insensitively', () => {
    expect(tfsEventTypeOf('VEGETATION FIRE')).toBe('bushfire');
    expect(tfsEventTypeOf('Fuel Reduction Burn')).toBe('burn_off');
    expect(tfsEventTypeOf('STRUCTURE FIRE')).toBe('structure_fire');
    expect(tfsEventTypeOf('GRASS')).toBe('grass_fire');
    expect(tfsEventTypeOf('VEHICLE')).toBe('vehicle_fire');
    expect(tfsEventTypeOf('ALARM')).toBe('alarm');
    expect(tfsEventTypeOf('Type 1')).toBeUndefined();
    expect(tfsStatusOf('Going')).toBe('active');
    expect(tfsStatusOf('PATROL')).toBe('controlled');
    expect(tfsStatusOf('Contained')).toBe('contained');
    expect(tfsStatusOf('Stop')).toBe('completed');
    expect(tfsStatusOf('')).toBe('active');
    expect(tfsWarningLevelOf('No Alert Level')).toBe('none');
    expect(tfsWarningLevelOf('Watch and Act')).toBe('watch_and_act');
    expect(tfsStyleWarningLevelOf('#emergencyWarningStyle')).toBe('emergency_warning');
    expect(tfsStyleWarningLevelOf('#somethingElse')).toBeUndefined();
  });
});

import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MalformedFeedError } from '../../../sources/common/errors.js';
import { parseQldQfdBushfireAlertKml } from '../../../sources/qld/qfd-bushfire-alert-kml.js';
import type { ParseResult } from '../../../model/index.js';
import { requireSharedFolder, UPSTREAM_SAMPLES_DIR } from '../../../replay/shared-samples.js';
import { byId, countBy } from '../drafts.js';

const SAMPLE = `${UPSTREAM_SAMPLES_DIR}qld/qld-qfes-bushfireAlert-kmz-doc-2020-05-05.kml`;

const parseSample = (): ParseResult => parseQldQfdBushfireAlertKml(readFileSync(SAMPLE));
const parseText = (text: string): ParseResult => parseQldQfdBushfireAlertKml(new TextEncoder().encode(text));

describe('QFD bushfireAlert.kmz doc.kml: the 2020 sample', () => {
  beforeAll(() => {
    requireSharedFolder('upstream/samples/qld');
  });

  it('parses every placemark into one incident, with nothing dropped and nothing unmapped', () => {
    const result = parseSample();
    expect(result.incidents).toHaveLength(23);
    expect(result.dropped).toEqual([]);
    // Every CurrentWarning, CurrentStatus and IncidentType of the sample is in FEEDS.md's vocabulary.
    expect(result.unmapped).toEqual([]);
  });

  it('maps the incident types, statuses and warnings', () => {
    const { incidents } = parseSample();
    expect(countBy(incidents.map((draft) => draft.eventType))).toEqual({ burn_off: 16, bushfire: 7 });
    expect(countBy(incidents.map((draft) => draft.status))).toEqual({
      active: 14,
      controlled: 8,
      contained: 1,
    });
    expect(countBy(incidents.map((draft) => draft.warningLevel))).toEqual({ none: 23 });
    expect(countBy(incidents.map((draft) => draft.details.current_warning))).toEqual({
      Information: 22,
      Notification: 1,
    });
  });

  it('reads the Mapleton permitted burn with its region and vehicles', () => {
    expect(byId(parseSample(), 'qld-qfd-QF4-20-041465')).toMatchObject({
      source: { state: 'qld', agency: 'qfd', feedId: 'QF4-20-041465' },
      title: '29-45 Mapleton Forest Rd, Mapleton',
      eventType: 'burn_off',
      eventCategory: 'planned',
      status: 'active',
      warningLevel: 'none',
      severity: 'Unknown',
      urgency: 'Unknown',
      certainty: 'Observed',
      location: { address: '29-45 Mapleton Forest Rd, Mapleton', suburb: 'Mapleton', state: 'qld' },
      details: {
        current_warning: 'Information',
        status_raw: 'Going',
        type: 'Permitted Burn (Attendance)',
        region: '4 North Coast Region',
        vehicles_on_route: 0,
        vehicles_on_scene: 1,
        source_id: 'QF4-20-041465',
      },
    });
  });

  it('quirk: ResponseDate/LastUpdate are UTC, the description shows the same instant +10 h', () => {
    const mapleton = byId(parseSample(), 'qld-qfd-QF4-20-041465');
    // ResponseDate 20200416010044, LastUpdate 20200505060610 (UTC); "Response Date: 20200416110044".
    expect(mapleton.timestamps).toEqual({
      reported: '2020-04-16T11:00:44+10:00',
      updated: '2020-05-05T16:06:10+10:00',
    });
    expect(mapleton.details.description).toContain('Response Time: 20200416110044');
    for (const { timestamps } of parseSample().incidents) {
      expect(timestamps.reported).toMatch(/\+10:00$/);
      expect(Date.parse(timestamps.updated)).toBeGreaterThanOrEqual(Date.parse(timestamps.reported));
    }
  });

  it('falls back on ResponseDate where LastUpdate is missing (Advancetown)', () => {
    expect(byId(parseSample(), 'qld-qfd-QF6-20-044762').timestamps).toEqual({
      reported: '2020-04-24T20:34:00+10:00',
      updated: '2020-04-24T20:34:00+10:00',
    });
  });

  it('quirk: drops the third ordinate of <coordinates>lon,lat,0.0</coordinates>', () => {
    const result = parseSample();
    expect(byId(result, 'qld-qfd-QF4-20-041465').geometry).toEqual({
      type: 'Point',
      coordinates: [152.853642, -26.611912],
    });
    for (const draft of result.incidents) {
      const coordinates = draft.geometry?.type === 'Point' ? draft.geometry.coordinates : [];
      expect(coordinates, draft.id).toHaveLength(2);
      const [lng = 0, lat = 0] = coordinates;
      expect(lng > 137.9 && lng < 153.7 && lat > -29.2 && lat < -9.1, draft.id).toBe(true);
    }
  });

  it('reads the Notification placemark (Takura vegetation fire)', () => {
    expect(byId(parseSample(), 'qld-qfd-QF4-20-047852')).toMatchObject({
      eventType: 'bushfire',
      status: 'controlled',
      warningLevel: 'none',
      details: { current_warning: 'Notification', type: 'Vegetation Fire' },
    });
  });
});

function kml(...placemarks: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>QFD Bushfire Alert Feed</name>
<Folder><name>QFDCurrentIncidents</name>${placemarks.join('\n')}</Folder></Document></kml>`;
}

function placemark(
  data: Record<string, string>,
  point = '<Point><coordinates>150.5,-26.5,0.0</coordinates></Point>',
): string {
  const fields = {
    Master_Incident_Number: 'QF3-26-000123',
    Location: 'Fakeford Rd, Fakeford',
    CurrentStatus: 'Contained',
    ResponseDate: '20260110230000',
    LastUpdate: '20260111013000',
    IncidentType: 'Vegetation Fire',
    CurrentWarning: 'Information',
    ...data,
  };
  const simple = Object.entries(fields)
    .map(([name, value]) => `<SimpleData name="${name}">${value}</SimpleData>`)
    .join('');
  return `<Placemark><name>Fakeford Rd, Fakeford</name><snippet>Information</snippet>
<ExtendedData><SchemaData>${simple}</SchemaData></ExtendedData>${point}</Placemark>`;
}

describe('QFD bushfireAlert doc.kml: made-up documents', () => {
  it.each([
    ['an empty body', ''],
    ['an HTML error page', '<html><head><title>Error</title></head><body>Access Denied</body></html>'],
    ['truncated XML', kml(placemark({})).slice(0, 250)],
    ['an Atom feed', '<feed xmlns="http://www.w3.org/2005/Atom"></feed>'],
  ])('rejects %s as malformed', (_, text) => {
    expect(() => parseText(text)).toThrow(MalformedFeedError);
  });

  it('accepts a document without placemarks', () => {
    expect(parseText(kml())).toEqual({ incidents: [], unmapped: [], dropped: [] });
  });

  it('crosses midnight in UTC: 23:00 UTC is 09:00 the next day in Brisbane', () => {
    const [draft] = parseText(kml(placemark({}))).incidents;
    expect(draft?.timestamps).toEqual({
      reported: '2026-01-11T09:00:00+10:00',
      updated: '2026-01-11T11:30:00+10:00',
    });
    expect(draft?.status).toBe('contained');
  });

  it('uses Latitude/Longitude when there is no Point', () => {
    const [draft] = parseText(kml(placemark({ Latitude: '-19.25', Longitude: '146.75' }, ''))).incidents;
    expect(draft?.geometry).toEqual({ type: 'Point', coordinates: [146.75, -19.25] });
  });

  it('reports unknown values and drops placemarks without an incident number or a time', () => {
    const result = parseText(
      kml(
        placemark({
          IncidentType: 'Chemical Spill',
          CurrentStatus: 'Smouldering',
          CurrentWarning: 'Level 7',
        }),
        placemark({ Master_Incident_Number: '' }),
        placemark({ Master_Incident_Number: 'QF3-26-000124', ResponseDate: 'x', LastUpdate: '' }),
      ),
    );
    expect(result.incidents).toHaveLength(1);
    expect(result.incidents[0]).toMatchObject({ eventType: 'other', status: 'active', warningLevel: 'none' });
    expect(result.unmapped).toEqual([
      { field: 'CurrentWarning', value: 'Level 7', incidentId: 'qld-qfd-QF3-26-000123' },
      { field: 'CurrentStatus', value: 'Smouldering', incidentId: 'qld-qfd-QF3-26-000123' },
      { field: 'IncidentType', value: 'Chemical Spill', incidentId: 'qld-qfd-QF3-26-000123' },
    ]);
    expect(result.dropped).toEqual([
      { reason: 'no-id', upstreamId: 'Fakeford Rd, Fakeford' },
      { reason: 'no-timestamps', upstreamId: 'QF3-26-000124' },
    ]);
  });

  it.each([
    ['newer first', true],
    ['older first', false],
  ])(
    'keeps one placemark per incident, the later update (%s), in order with the other drops',
    (_, newerFirst) => {
      const older = placemark({ CurrentStatus: 'Going' });
      const newer = placemark({ CurrentStatus: 'Patrolled', LastUpdate: '20260111033000' });
      const nameless = placemark({ Master_Incident_Number: '' });
      const result = parseText(kml(...(newerFirst ? [newer, older] : [older, newer]), nameless));
      expect(
        result.incidents.map((draft) => [draft.id, draft.details.status_raw, draft.timestamps.updated]),
      ).toEqual([['qld-qfd-QF3-26-000123', 'Patrolled', '2026-01-11T13:30:00+10:00']]);
      expect(result.dropped).toEqual([
        { reason: 'duplicate', upstreamId: 'QF3-26-000123' },
        { reason: 'no-id', upstreamId: 'Fakeford Rd, Fakeford' },
      ]);
    },
  );
});

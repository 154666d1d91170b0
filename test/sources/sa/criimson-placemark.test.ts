import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MalformedFeedError } from '../../../sources/common/errors.js';
import {
  parseSaCfsIncidentPlacemarks,
  parseSaMfsIncidentPlacemarks,
} from '../../../sources/sa/criimson-placemark.js';
import type { ParseResult } from '../../../model/index.js';
import { requireSharedFolder, UPSTREAM_SAMPLES_DIR } from '../../../replay/shared-samples.js';
import { byId } from '../drafts.js';

const SAMPLES = `${UPSTREAM_SAMPLES_DIR}sa/`;
const CFS_SAMPLE = 'sa-cfs-criimson-incident-placemark-2020-05-05.kml';
const MFS_SAMPLE = 'sa-mfs-criimson-incident-placemark-2020-05-05.kml';

const cfs = (): ParseResult => parseSaCfsIncidentPlacemarks(readFileSync(SAMPLES + CFS_SAMPLE));
const mfs = (): ParseResult => parseSaMfsIncidentPlacemarks(readFileSync(SAMPLES + MFS_SAMPLE));

describe('SA CRIIMSON incident placemarks (KML): the 2020 samples', () => {
  beforeAll(() => {
    requireSharedFolder('upstream/samples/sa');
  });

  it('parses 18 CFS and 38 MFS placemarks, all points, none dropped', () => {
    for (const [result, count] of [
      [cfs(), 18],
      [mfs(), 38],
    ] as const) {
      expect(result.incidents).toHaveLength(count);
      expect(result.dropped).toEqual([]);
      expect(result.incidents.every((draft) => draft.geometry?.type === 'Point')).toBe(true);
    }
  });

  it('maps every value FEEDS.md knows; only these MFS types are unknown to it', () => {
    expect(cfs().unmapped).toEqual([]);
    expect(mfs().unmapped).toEqual([
      { field: 'type', value: 'Rubbish Fire', incidentId: 'sa-mfs-1366467' },
      { field: 'type', value: 'Rubbish Fire', incidentId: 'sa-mfs-1366460' },
      { field: 'type', value: 'Rubbish Fire', incidentId: 'sa-mfs-1366457' },
      { field: 'type', value: 'Rubbish Fire', incidentId: 'sa-mfs-1366456' },
      { field: 'type', value: 'Cover Assignment', incidentId: 'sa-mfs-1360808' },
    ]);
  });

  it('reads a CFS building fire: name, incidentname, aircraft, styleUrl, the point without its altitude', () => {
    expect(byId(cfs(), 'sa-cfs-1366552')).toEqual({
      id: 'sa-cfs-1366552',
      featureType: 'incident',
      source: { state: 'sa', agency: 'cfs', feedId: '1366552' },
      title: 'GLOUCESTER DRIVE, CRAIGMORE',
      eventType: 'structure_fire',
      eventCategory: 'fire',
      status: 'active',
      warningLevel: 'none',
      severity: 'Unknown',
      urgency: 'Unknown',
      certainty: 'Observed',
      geometry: { type: 'Point', coordinates: [138.72094102426, -34.6941389851666] },
      location: {
        address: 'GLOUCESTER DRIVE, CRAIGMORE',
        suburb: 'CRAIGMORE',
        state: 'sa',
        lga: '',
        latitude: -34.6941389851666,
        longitude: 138.72094102426,
        precision: 'exact',
      },
      details: {
        source_id: '1366552',
        type: 'Building Fire',
        status_raw: 'GOING',
        region: '2',
        description: 'Building Fire\nFirst Reported: Tuesday, 05 May 2020 16:13:00\nStatus: GOING\nRegion: 2',
        incident_name: 'CRAIGMORE',
        aircraft: 0,
        icon_style: 'StructureOpenIcon',
        first_reported: 'Tuesday, 05 May 2020 16:13:00',
      },
      timestamps: { reported: '2020-05-05T16:13:00+09:30', updated: '2020-05-05T16:13:00+09:30' },
    });
  });

  it('quirk: the &lt;br&gt; description is read by known keys (the time has colons)', () => {
    const result = cfs();
    expect(byId(result, 'sa-cfs-1366540')).toMatchObject({
      eventType: 'grass_fire',
      status: 'completed',
      details: { type: 'Grass Fire', status_raw: 'COMPLETE', region: '2' },
      timestamps: { reported: '2020-05-05T15:09:00+09:30' },
    });
    // An empty type line: no type, mapped to other without a report.
    const untyped = byId(result, 'sa-cfs-1366488');
    expect(untyped).toMatchObject({
      eventType: 'other',
      status: 'completed',
      title: 'MALUKA DRIVE, HAPPY VALLEY',
    });
    expect(untyped.details).not.toHaveProperty('type');
  });

  it('quirk: First Reported is Adelaide time, DST-aware (+10:30 in March, +09:30 in May)', () => {
    expect(byId(cfs(), 'sa-cfs-1361667')).toMatchObject({
      status: 'safe',
      eventType: 'burn_off',
      timestamps: { reported: '2020-03-23T16:59:00+10:30', updated: '2020-03-23T16:59:00+10:30' },
    });
    expect(byId(mfs(), 'sa-mfs-1360808').timestamps.reported).toBe('2020-03-16T10:31:00+10:30');
    expect(byId(mfs(), 'sa-mfs-1366456').timestamps.reported).toBe('2020-05-05T00:09:00+09:30');
  });

  it('quirk: Status is upper case (GOING, CONTROLLED, SAFE, COMPLETE)', () => {
    const statuses = new Map(
      [...cfs().incidents, ...mfs().incidents].map((draft) => [draft.details.status_raw, draft.status]),
    );
    expect(Object.fromEntries(statuses)).toEqual({
      GOING: 'active',
      CONTROLLED: 'controlled',
      SAFE: 'safe',
      COMPLETE: 'completed',
    });
  });

  it('quirk: Region is a string that names the agency: the CFS copy of an MFS incident has the MFS id', () => {
    const fromCfs = byId(cfs(), 'sa-mfs-1366559');
    const fromMfs = byId(mfs(), 'sa-mfs-1366559');
    expect(fromCfs.details.region).toBe('MFS');
    expect(fromCfs.source).toEqual({ state: 'sa', agency: 'mfs', feedId: '1366559' });
    expect({ ...fromCfs, details: {} }).toEqual({ ...fromMfs, details: {} });
    expect(fromMfs).toMatchObject({ eventType: 'bushfire', title: 'CASTLE STREET, OLD NOARLUNGA' });
    expect(cfs().incidents.filter((draft) => draft.source.agency === 'mfs')).toHaveLength(1);
    expect(mfs().incidents.every((draft) => draft.source.agency === 'mfs')).toBe(true);
  });

  it('tidies names: double spaces, a space before the comma, an empty name', () => {
    expect(byId(cfs(), 'sa-cfs-1366458').location.address).toBe('MARKET PLACE, MUNNO PARA');
    expect(byId(mfs(), 'sa-mfs-1366539').location).toMatchObject({
      address: 'SUNRISE CT/WEST LAKES BLVD, WEST LAKES',
      suburb: 'WEST LAKES',
    });
    expect(byId(cfs(), 'sa-cfs-1366423')).toMatchObject({
      title: 'Burn Off',
      location: { address: '', suburb: '' },
    });
  });

  it('maps the MFS types: alarms, smoke, spills, agencies, rescues, electrical', () => {
    const result = mfs();
    expect(byId(result, 'sa-mfs-1366556').eventType).toBe('alarm');
    expect(byId(result, 'sa-mfs-1366549').eventType).toBe('other');
    expect(byId(result, 'sa-mfs-1366532').eventType).toBe('hazmat');
    expect(byId(result, 'sa-mfs-1366523').eventType).toBe('other');
    expect(byId(result, 'sa-mfs-1366484').eventType).toBe('rescue');
    expect(byId(result, 'sa-mfs-1366539').eventType).toBe('vehicle_accident');
    expect(byId(result, 'sa-mfs-1366461').eventType).toBe('vehicle_fire');
    expect(byId(result, 'sa-mfs-1366467')).toMatchObject({
      eventType: 'other',
      details: { type: 'Rubbish Fire' },
    });
    expect(byId(result, 'sa-mfs-1366516').details).not.toHaveProperty('aircraft');
  });

  it('keeps every coordinate [lng, lat] inside South Australia', () => {
    for (const draft of [...cfs().incidents, ...mfs().incidents]) {
      const [lng = 0, lat = 0] = draft.geometry?.type === 'Point' ? draft.geometry.coordinates : [];
      expect(lng > 129 && lng < 141.1 && lat > -38.1 && lat < -26, draft.id).toBe(true);
    }
  });
});

/** A placemark document in the CRIIMSON shape, with made-up values. */
function kml(...placemarks: string[]): string {
  return (
    "<?xml version='1.0' encoding='UTF-8'?><kml xmlns='http://earth.google.com/kml/2.2'><Document>" +
    '<name>Test Incidents</name><Folder><title>Test</title>' +
    placemarks.join('') +
    '</Folder></Document></kml>'
  );
}

function placemark(id: string, description: string, extra = ''): string {
  return (
    `<Placemark id='${id}'><incidentname>FAKEFORD</incidentname><name>PRETEND ROAD, FAKEFORD</name>` +
    `<description>${description}</description>${extra}<styleUrl>#FireOpenIcon</styleUrl>` +
    '<Point><coordinates>138.25,-33.5,0.000000</coordinates></Point></Placemark>'
  );
}

const parseText = (text: string): ParseResult => parseSaCfsIncidentPlacemarks(new TextEncoder().encode(text));
const GOING = 'Scrub Fire&lt;br&gt;First Reported: Sunday, 07 January 2024 13:05:00&lt;br&gt;Status: GOING';

describe('SA CRIIMSON incident placemarks: made-up documents', () => {
  it.each([
    ['an empty body', ''],
    [
      'the 200 "SA ESS - File Unavailable" page',
      '<html><head><title>SA ESS - File Unavailable</title></head><body>File Unavailable</body></html>',
    ],
    ['a truncated document', kml(placemark('9100001', GOING)).slice(0, 200)],
    ['another XML document', '<rss version="2.0"><channel></channel></rss>'],
    ['JSON', '[]'],
  ])('rejects %s as malformed', (_, text) => {
    expect(() => parseText(text)).toThrow(MalformedFeedError);
  });

  it('accepts a document without placemarks, after a BOM and blank lines', () => {
    expect(parseText(`\uFEFF\n\n${kml()}`)).toEqual({ incidents: [], unmapped: [], dropped: [] });
  });

  it('falls back to the feed agency without a Region, and reads a long month name and aircraft', () => {
    const [cfsDraft] = parseText(kml(placemark('9100001', GOING, '<aircraft>2</aircraft>'))).incidents;
    expect(cfsDraft).toMatchObject({
      id: 'sa-cfs-9100001',
      eventType: 'bushfire',
      status: 'active',
      geometry: { type: 'Point', coordinates: [138.25, -33.5] },
      timestamps: { reported: '2024-01-07T13:05:00+10:30' },
      details: { aircraft: 2, incident_name: 'FAKEFORD' },
    });
    const [mfsDraft] = parseSaMfsIncidentPlacemarks(
      new TextEncoder().encode(kml(placemark('9100001', GOING))),
    ).incidents;
    expect(mfsDraft?.id).toBe('sa-mfs-9100001');
  });

  it('drops placemarks without an id or a time, reports unknown values', () => {
    const result = parseText(
      kml(
        placemark('', GOING),
        placemark('9100002', 'Scrub Fire&lt;br&gt;First Reported: whenever&lt;br&gt;Status: GOING'),
        placemark(
          '9100003',
          'Lava Flow&lt;br&gt;First Reported: 07 Jan 2024 13:05:00&lt;br&gt;Status: ERUPTING',
        ),
      ),
    );
    expect(result.dropped).toEqual([
      { reason: 'no-id', upstreamId: 'PRETEND ROAD, FAKEFORD' },
      { reason: 'no-timestamps', upstreamId: '9100002' },
    ]);
    expect(result.unmapped).toEqual([
      { field: 'type', value: 'Lava Flow', incidentId: 'sa-cfs-9100003' },
      { field: 'status', value: 'ERUPTING', incidentId: 'sa-cfs-9100003' },
    ]);
  });
});

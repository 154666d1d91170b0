import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MalformedFeedError } from '../../../sources/common/errors.js';
import { parseSaCfsCurrentIncidents } from '../../../sources/sa/cfs-current-incidents.js';
import type { ParseResult } from '../../../model/index.js';
import { requireSharedFolder, UPSTREAM_SAMPLES_DIR } from '../../../replay/shared-samples.js';
import { byId } from '../drafts.js';

const SAMPLE = `${UPSTREAM_SAMPLES_DIR}sa/sa-cfs-criimson-cfs_current_incidents-2023-04-29.json`;
const OFFSET = /[+-]\d\d:\d\d$/;

const parseSample = (): ParseResult => parseSaCfsCurrentIncidents(readFileSync(SAMPLE));
const parseText = (text: string): ParseResult => parseSaCfsCurrentIncidents(new TextEncoder().encode(text));

describe('SA CFS cfs_current_incidents.json: the 2023 sample', () => {
  beforeAll(() => {
    requireSharedFolder('upstream/samples/sa');
  });

  it('parses all 8 records, maps every value, drops nothing', () => {
    const result = parseSample();
    expect(result.incidents).toHaveLength(8);
    expect(result.incidents.every((draft) => draft.featureType === 'incident')).toBe(true);
    expect(result.unmapped).toEqual([]);
    expect(result.dropped).toEqual([]);
    expect(result.incidents.map((draft) => draft.id)).toEqual([
      'sa-cfs-1528053',
      'sa-cfs-1528055',
      'sa-cfs-1527931',
      'sa-cfs-1527289',
      'sa-cfs-1527278',
      'sa-cfs-1527155',
      'sa-cfs-1527093',
      'sa-cfs-1526648',
    ]);
  });

  it('reads the going vehicle accident at Kudla', () => {
    expect(byId(parseSample(), 'sa-cfs-1528053')).toEqual({
      id: 'sa-cfs-1528053',
      featureType: 'incident',
      source: { state: 'sa', agency: 'cfs', feedId: '1528053' },
      title: 'COVENTRY RD/DALKEITH RD, KUDLA',
      eventType: 'vehicle_accident',
      eventCategory: 'rescue',
      status: 'active',
      warningLevel: 'none',
      severity: 'Unknown',
      urgency: 'Unknown',
      certainty: 'Observed',
      geometry: { type: 'Point', coordinates: [138.699680055699, -34.6507921003926] },
      location: {
        address: 'COVENTRY RD/DALKEITH RD, KUDLA',
        suburb: 'KUDLA',
        state: 'sa',
        lga: '',
        latitude: -34.6507921003926,
        longitude: 138.699680055699,
        precision: 'exact',
      },
      details: {
        source_id: '1528053',
        type: 'Vehicle Accident',
        status_raw: 'GOING',
        region: '2',
        level: 1,
        fire_ban_district: 'MOUNT LOFTY RANGES',
        resources: 1,
        aircraft: 0,
        location_name: 'KUDLA, COVENTRY RD/DALKEITH RD',
        date: '29/04/2023',
        time: '13:30',
      },
      timestamps: { reported: '2023-04-29T13:30:00+09:30', updated: '2023-04-29T13:30:00+09:30' },
    });
  });

  it('maps Burn Off and Prescribed Burn to burn_off and Other to other, all CONTROLLED', () => {
    const result = parseSample();
    expect(byId(result, 'sa-cfs-1528055')).toMatchObject({
      eventType: 'burn_off',
      eventCategory: 'planned',
      status: 'controlled',
    });
    expect(byId(result, 'sa-cfs-1527289')).toMatchObject({ eventType: 'burn_off', status: 'controlled' });
    expect(byId(result, 'sa-cfs-1527155')).toMatchObject({ eventType: 'other', eventCategory: 'other' });
  });

  it('quirk: Location is one "lat,lon" string, with or without a space; served as [lng, lat]', () => {
    const result = parseSample();
    expect(byId(result, 'sa-cfs-1526648').geometry).toEqual({
      type: 'Point',
      coordinates: [135.795619, -34.713936],
    });
    for (const draft of result.incidents) {
      const [lng, lat] = draft.geometry?.type === 'Point' ? draft.geometry.coordinates : [];
      expect(lng).toBeGreaterThan(129);
      expect(lng).toBeLessThan(141);
      expect(lat).toBeGreaterThan(-38.1);
      expect(lat).toBeLessThan(-26);
      expect(draft.location).toMatchObject({ longitude: lng, latitude: lat, precision: 'exact' });
    }
  });

  it('quirk: Date DD/MM/YYYY + Time HH:mm are Adelaide time (+09:30 in April, after DST)', () => {
    const result = parseSample();
    expect(byId(result, 'sa-cfs-1527093').timestamps).toEqual({
      reported: '2023-04-22T20:43:00+09:30',
      updated: '2023-04-22T20:43:00+09:30',
    });
    for (const { timestamps } of result.incidents) {
      expect(timestamps.reported).toMatch(OFFSET);
      expect(timestamps.updated).toBe(timestamps.reported);
    }
  });

  it('quirk: Status is upper case; Level is an integer kept in details, never a warning level', () => {
    const result = parseSample();
    expect(new Set(result.incidents.map((draft) => draft.details.status_raw))).toEqual(
      new Set(['GOING', 'CONTROLLED']),
    );
    for (const draft of result.incidents) {
      expect(draft.details.level).toBe(1);
      expect(draft.warningLevel).toBe('none');
    }
  });

  it('quirk: Region is a string; Location_name "SUBURB, STREET " is served street first', () => {
    const result = parseSample();
    expect(byId(result, 'sa-cfs-1526648').details.region).toBe('6');
    expect(byId(result, 'sa-cfs-1527155').location).toMatchObject({
      address: 'KESSELL RD/SKEWES RD, GOOLWA',
      suburb: 'GOOLWA',
    });
    // No Location_name and no FBD: titled by its type, nothing empty in details.
    const unnamed = byId(result, 'sa-cfs-1527289');
    expect(unnamed.title).toBe('Prescribed Burn');
    expect(unnamed.location).toMatchObject({ address: '', suburb: '' });
    expect(unnamed.details).not.toHaveProperty('fire_ban_district');
    expect(unnamed.details).not.toHaveProperty('location_name');
  });
});

/** A made-up record in the feed's shape. */
function record(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    IncidentNo: '9000001',
    Date: '03/01/2024',
    Time: '14:05',
    Message: '',
    Message_link: '',
    Location_name: 'NOWHEREVILLE, PRETEND ROAD ',
    Region: '4',
    Type: 'Grass Fire',
    Status: 'GOING',
    Level: 2,
    FBD: 'FLINDERS',
    Resources: 6,
    Aircraft: 1,
    Location: '-32.5,137.75',
    ...overrides,
  };
}

describe('SA CFS cfs_current_incidents.json: made-up documents', () => {
  it.each([
    ['an empty body', ''],
    ['whitespace only', ' \n '],
    [
      'the 200 "SA ESS - File Unavailable" page',
      '<html><head><title>SA ESS - File Unavailable</title></head><body><h1>File Unavailable</h1><p>The requested file is currently unavailable.</p></body></html>',
    ],
    ['truncated JSON', JSON.stringify([record()]).slice(0, 90)],
    ['a bare string', '"nothing"'],
    ['an object of non-records', '{"error": "unavailable"}'],
  ])('rejects %s as malformed', (_, text) => {
    expect(() => parseText(text)).toThrow(MalformedFeedError);
  });

  it('names the HTML page it got', () => {
    expect(() =>
      parseText('<!DOCTYPE html><html><head><title>SA ESS - File Unavailable</title></head></html>'),
    ).toThrow(/HTML page "SA ESS - File Unavailable"/);
  });

  it('accepts an empty array, an empty object, a BOM and blank lines', () => {
    expect(parseText('[]')).toEqual({ incidents: [], unmapped: [], dropped: [] });
    expect(parseText('{}')).toEqual({ incidents: [], unmapped: [], dropped: [] });
    expect(parseText(`\uFEFF\n\n ${JSON.stringify([record()])}`).incidents.map((draft) => draft.id)).toEqual([
      'sa-cfs-9000001',
    ]);
  });

  it('reads an object keyed by incident number, and numbers written as strings', () => {
    const { incidents } = parseText(
      JSON.stringify({
        '9000002': record({ IncidentNo: undefined, Level: '3', Resources: '12', Aircraft: '' }),
      }),
    );
    expect(incidents[0]).toMatchObject({
      id: 'sa-cfs-9000002',
      details: { level: 3, resources: 12 },
    });
    expect(incidents[0]?.details).not.toHaveProperty('aircraft');
  });

  it('reads a daylight-saving time (+10:30), a message and its link', () => {
    const [incident] = parseText(
      JSON.stringify([
        record({
          Message: 'Crews are <b>on scene</b> &amp; working',
          Message_link: "<a href='https://www.cfs.sa.gov.au/example/message-9000001.html'>Message</a>",
        }),
      ]),
    ).incidents;
    expect(incident).toMatchObject({
      eventType: 'grass_fire',
      status: 'active',
      timestamps: { reported: '2024-01-03T14:05:00+10:30' },
      details: {
        message: 'Crews are on scene & working',
        message_url: 'https://www.cfs.sa.gov.au/example/message-9000001.html',
        level: 2,
        aircraft: 1,
      },
    });
  });

  it('gives an MFS-region record an mfs id (the same id as in the MFS placemarks)', () => {
    const [incident] = parseText(JSON.stringify([record({ Region: 'MFS' })])).incidents;
    expect(incident?.id).toBe('sa-mfs-9000001');
    expect(incident?.source.agency).toBe('mfs');
  });

  it('maps every status FEEDS.md lists', () => {
    const statuses = ['GOING', 'RESPONDING', 'CONTAINED', 'CONTROLLED', 'MONITOR', 'SAFE', 'COMPLETE'];
    const result = parseText(
      JSON.stringify(statuses.map((Status, i) => record({ IncidentNo: String(9000100 + i), Status }))),
    );
    expect(result.unmapped).toEqual([]);
    expect(result.incidents.map((draft) => draft.status)).toEqual([
      'active',
      'active',
      'contained',
      'controlled',
      'controlled',
      'safe',
      'completed',
    ]);
  });

  it('reports unknown values and falls back to other/active', () => {
    const result = parseText(
      JSON.stringify([record({ Type: 'Mystery Smoke', Status: 'PENDING', Location: 'somewhere' })]),
    );
    expect(result.unmapped).toEqual([
      { field: 'location', value: 'somewhere', incidentId: 'sa-cfs-9000001' },
      { field: 'type', value: 'Mystery Smoke', incidentId: 'sa-cfs-9000001' },
      { field: 'status', value: 'PENDING', incidentId: 'sa-cfs-9000001' },
    ]);
    expect(result.incidents[0]).toMatchObject({
      eventType: 'other',
      status: 'active',
      geometry: null,
      details: { type: 'Mystery Smoke', status_raw: 'PENDING' },
    });
    expect(result.incidents[0]?.location).toEqual({
      address: 'PRETEND ROAD, NOWHEREVILLE',
      suburb: 'NOWHEREVILLE',
      state: 'sa',
      lga: '',
    });
  });

  it('drops records without a number or a time, and keeps the later of a repeated number', () => {
    const result = parseText(
      JSON.stringify([
        record({ IncidentNo: '' }),
        7,
        record({ IncidentNo: '9000003', Date: 'soon' }),
        record({ Time: '14:00', Type: 'Tree Fire' }),
        record({ Time: '14:30' }),
      ]),
    );
    expect(result.dropped).toEqual([
      { reason: 'no-id', upstreamId: '' },
      { reason: 'no-id', upstreamId: '7' },
      { reason: 'no-timestamps', upstreamId: '9000003' },
      { reason: 'duplicate', upstreamId: '9000001' },
    ]);
    expect(result.incidents).toHaveLength(1);
    expect(result.incidents[0]?.timestamps.updated).toBe('2024-01-03T14:30:00+10:30');
  });
});

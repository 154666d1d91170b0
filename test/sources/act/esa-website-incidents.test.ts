import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MalformedFeedError } from '../../../sources/common/errors.js';
import { parseActEsaWebsiteIncidents } from '../../../sources/act/esa-website-incidents.js';
import type { ParseResult } from '../../../model/index.js';
import { requireSharedFolder, UPSTREAM_SAMPLES_DIR } from '../../../replay/shared-samples.js';
import { byId, positionsOf } from '../drafts.js';

const SAMPLES = `${UPSTREAM_SAMPLES_DIR}act/`;
const SAMPLE = {
  olderSchema: 'act-esa-website-incidents-feed-2024-02-21-older-schema.json',
  warningGroup: 'act-esa-website-incidents-feed-2026-01-07-warning-group.json',
  emergencyWarning: 'act-esa-website-incidents-feed-2026-01-09-emergency-warning.json',
  quiet: 'act-esa-website-incidents-feed-2026-08-22-quiet.json',
} as const;
const OFFSET = /[+-]\d\d:\d\d$/;

const parseSample = (file: string): ParseResult => parseActEsaWebsiteIncidents(readFileSync(SAMPLES + file));
const parseRecords = (...records: object[]): ParseResult =>
  parseActEsaWebsiteIncidents(new TextEncoder().encode(JSON.stringify(records)));

describe('ACT ESA website incidents feed: real samples', () => {
  beforeAll(() => {
    requireSharedFolder('upstream/samples/act');
  });

  it('parses every sample: ACT incidents and warnings kept, NSW RFS records dropped as republished', () => {
    const counts = Object.values(SAMPLE).map((file) => {
      const { incidents, dropped = [] } = parseSample(file);
      const warnings = incidents.filter((draft) => draft.details.warning_id !== undefined).length;
      const reasons = [...new Set(dropped.map((record) => record.reason))];
      return [file, incidents.length - warnings, warnings, dropped.length, reasons];
    });
    expect(counts).toEqual([
      [SAMPLE.olderSchema, 9, 0, 22, ['republished']],
      [SAMPLE.warningGroup, 18, 6, 43, ['republished']],
      [SAMPLE.emergencyWarning, 25, 5, 59, ['republished']],
      [SAMPLE.quiet, 31, 0, 33, ['republished']],
    ]);
    for (const file of Object.values(SAMPLE)) {
      expect(parseSample(file).incidents.every((draft) => draft.featureType === 'incident')).toBe(true);
    }
  });

  it('maps every type, status and alert/warning level of the real samples (no unmapped values)', () => {
    for (const file of Object.values(SAMPLE)) expect(parseSample(file).unmapped, file).toEqual([]);
  });

  it('reads a CAD incident: id, title, type, status, string coordinates and Sydney daylight time', () => {
    const result = parseSample(SAMPLE.emergencyWarning);
    expect(byId(result, 'act-esa-000461-09012026')).toEqual({
      id: 'act-esa-000461-09012026',
      featureType: 'incident',
      source: { state: 'act', agency: 'esa', feedId: '000461-09012026' },
      title: 'MOTOR VEHICLE ACCIDENT - MAJURA',
      eventType: 'vehicle_accident',
      eventCategory: 'rescue',
      status: 'completed',
      warningLevel: 'none',
      severity: 'Unknown',
      urgency: 'Unknown',
      certainty: 'Observed',
      geometry: { type: 'Point', coordinates: [149.23077599, -35.32908499] },
      location: {
        // The CAD's 0000 placeholder postcode is left out.
        address: 'PIALLIGO AVENUE, OAKS ESTATE ROAD, MAJURA',
        suburb: 'MAJURA',
        state: 'act',
        lga: '',
        latitude: -35.32908499,
        longitude: 149.23077599,
        precision: 'exact',
      },
      details: {
        agency: 'Fire',
        cad_id: '000461-09012026',
        source_id: '000461-09012026',
        type: 'MOTOR VEHICLE ACCIDENT',
        status_raw: 'Out / Completed',
        status_description: 'Out / Completed description',
        status_filter_label: 'Out / Completed',
      },
      timestamps: { reported: '2026-01-09T16:29:11+11:00', updated: '2026-01-09T17:53:11+11:00' },
    });
    expect(byId(result, 'act-esa-001966-09012026')).toMatchObject({
      title: "AMBULANCE RESPONSE - O'CONNOR",
      eventType: 'medical',
      eventCategory: 'medical',
      status: 'active',
      location: { address: "O'CONNOR", suburb: "O'CONNOR" },
      details: { agency: 'Ambulance', status_raw: 'Resource Allocation Pending' },
    });
    expect(byId(result, 'act-esa-002050-09012026')).toMatchObject({
      eventType: 'structure_fire',
      location: { address: 'GIDJA PLACE, GIRALANG, 2617', suburb: 'GIRALANG' },
    });
    expect(byId(result, 'act-esa-002118-09012026')).toMatchObject({
      eventType: 'vehicle_accident',
      status: 'active',
      location: { suburb: 'BRADDON' },
    });
  });

  it('quirk: times are DD Mon YYYY HH:mm:ss[.fff] local with no offset, DST-aware (standard time in August)', () => {
    expect(byId(parseSample(SAMPLE.quiet), 'act-esa-013105-14082026')).toMatchObject({
      title: 'HAZARD REDUCTION BURN - STROMLO',
      eventType: 'burn_off',
      eventCategory: 'planned',
      status: 'active',
      location: { address: 'RIVERVIEW COTTAGE, COTTER ROAD, STROMLO, 2611', suburb: 'STROMLO' },
      timestamps: { reported: '2026-08-14T11:29:02+10:00', updated: '2026-08-19T23:24:36+10:00' },
    });
    // 2024 `updated` values carry milliseconds: below the served precision, dropped.
    expect(byId(parseSample(SAMPLE.olderSchema), 'act-esa-003042-19022024').timestamps).toEqual({
      reported: '2024-02-19T17:12:56+11:00',
      updated: '2024-02-19T17:13:08+11:00',
    });
    for (const file of Object.values(SAMPLE)) {
      for (const { timestamps } of parseSample(file).incidents) {
        expect(timestamps.reported).toMatch(OFFSET);
        expect(timestamps.updated).toMatch(OFFSET);
        expect(Date.parse(timestamps.updated)).toBeGreaterThanOrEqual(Date.parse(timestamps.reported));
      }
    }
  });

  it('reads the 2024 schema: incident_number, suburb and an empty alert_status', () => {
    const result = parseSample(SAMPLE.olderSchema);
    expect(byId(result, 'act-esa-003158-21022024')).toMatchObject({
      title: 'GRASS AND BUSH FIRE - LAWSON',
      eventType: 'bushfire',
      status: 'completed',
      warningLevel: 'none',
      geometry: { type: 'Point', coordinates: [149.0989379883, -35.2204856873] },
      location: { address: 'PALMERVILLE HERITAGE PARK, DISTRICT OF BELCONNEN', suburb: 'LAWSON' },
      details: { incident_number: '003158-21022024', status_filter_label: 'Out / Completed' },
      timestamps: { reported: '2024-02-21T19:55:45+11:00', updated: '2024-02-21T20:29:08+11:00' },
    });
    const statuses = new Set(result.incidents.map((draft) => draft.details.status_raw));
    expect(statuses).toEqual(
      new Set(['Resource Allocation Pending', 'Out / Completed', 'On Scene', 'Units On Route']),
    );
  });

  it('quirk: warning_level on "warning group warning" records: a warning that is itself the incident', () => {
    const result = parseSample(SAMPLE.emergencyWarning);
    expect(byId(result, 'act-esa-46')).toMatchObject({
      featureType: 'incident',
      source: { feedId: '46' },
      title: 'ADVICE: Bushfires - Namadgi National Park - Patrol (Cotter Hut Ignition 1)',
      eventType: 'bushfire',
      // An empty status: active, with the raw value kept.
      status: 'active',
      warningLevel: 'advice',
      severity: 'Minor',
      urgency: 'Expected',
      certainty: 'Unknown',
      geometry: { type: 'Point', coordinates: [148.87204672591656, -35.66273880616932] },
      location: { address: 'Namadgi National Park', state: 'act', precision: 'exact' },
      details: {
        warning_id: '46',
        node_id: '6475',
        warning_level: 'Advice',
        type: 'GRASS AND BUSH FIRE',
        status_raw: '',
        source_url: 'https://esa.act.gov.au/node/6475',
        description: expect.stringContaining('The burnt area is 7.5 hectares.') as unknown,
      },
      timestamps: { reported: '2026-01-06T18:15:00+11:00', updated: '2026-01-09T18:32:56+11:00' },
    });
    const warnings = result.incidents.filter((draft) => draft.details.warning_id !== undefined);
    expect(warnings.map((draft) => draft.id)).toEqual([
      'act-esa-46',
      'act-esa-51',
      'act-esa-52',
      'act-esa-53',
      'act-esa-57',
    ]);
    expect(new Set(warnings.map((draft) => draft.warningLevel))).toEqual(new Set(['advice']));
    // CAD incidents carry alert_level "" in every sample: no warning.
    const incidents = result.incidents.filter((draft) => draft.details.cad_id !== undefined);
    expect(new Set(incidents.map((draft) => draft.warningLevel))).toEqual(new Set(['none']));
  });

  it('quirk: lat/long are strings, and empty strings mean no geometry (the territory-wide heatwave)', () => {
    const heatwave = byId(parseSample(SAMPLE.warningGroup), 'act-esa-53');
    expect(heatwave).toMatchObject({
      title: 'ADVICE: Heatwave - ACT - Protect Yourself Against The Impacts Of Heat',
      eventType: 'extreme_heat',
      eventCategory: 'weather',
      warningLevel: 'advice',
      geometry: null,
      details: { agency: 'Ambulance', node_id: '6470' },
    });
    expect(heatwave.location).toEqual({ address: 'ACT', suburb: '', state: 'act', lga: '' });
    const outside = Object.values(SAMPLE).flatMap((file) =>
      parseSample(file).incidents.flatMap((draft) =>
        positionsOf(draft).filter(([lng, lat]) => !(lng > 148.7 && lng < 149.5 && lat > -36 && lat < -35.1)),
      ),
    );
    expect(outside).toEqual([]);
  });

  it('quirk: keeps U+FFFD replacement characters of descriptions as published, paragraphs and all', () => {
    const warning = byId(parseSample(SAMPLE.warningGroup), 'act-esa-64');
    expect(warning).toMatchObject({
      title: 'ADVICE: Grass and Bushfire - Crace - Gungahlin Hill Walking Track - Stay Informed',
      warningLevel: 'advice',
      timestamps: { reported: '2026-01-07T16:43:00+11:00', updated: '2026-01-07T16:53:56+11:00' },
    });
    expect(warning.details.description).toContain('\n\nMore \uFFFD https://esa.act.gov.au/node/6476');
    expect(warning.details.description).not.toContain('\r');
  });

  it('quirk: drops the NSW RFS incidents the site republishes, Emergency Warning and major fire updates included', () => {
    const result = parseSample(SAMPLE.emergencyWarning);
    const dropped = result.dropped;
    expect(dropped.every((record) => record.reason === 'republished')).toBe(true);
    const upstreamIds = dropped.map((record) => record.upstreamId);
    // The records with `major_fire_update_as_at_…` keys, the Emergency Warning among them.
    expect(upstreamIds).toEqual(
      expect.arrayContaining([
        'https___incidents_rfs_nsw_gov_au_api_v1_incidents_640253',
        'https___incidents_rfs_nsw_gov_au_api_v1_incidents_640420',
        'https___incidents_rfs_nsw_gov_au_api_v1_incidents_640617',
      ]),
    );
    // Each is an RFS guid whose trailing integer is its id in the NSW RFS feed (nsw-rfs-<n>).
    const nswIds = upstreamIds.map((id) => `nsw-rfs-${/_(\d+)$/.exec(id)?.[1] ?? '?'}`);
    expect(nswIds).toContain('nsw-rfs-640617');
    expect(nswIds.filter((id) => id === 'nsw-rfs-?')).toEqual([]);
    expect(result.incidents.filter((draft) => draft.location.state !== 'act')).toEqual([]);
    expect(result.incidents.some((draft) => draft.title === 'BULLECOURT RD, COROWA')).toBe(false);
  });
});

/** A 2026 CAD record with made-up values. */
function cadRecord(overrides: Record<string, unknown> = {}): object {
  return {
    agency: 'Fire',
    alert_level: '',
    event_type: 'incident',
    title: 'GRASS AND BUSH FIRE - PRETENDVILLE',
    id: '000123-05022026',
    latitude: '-35.3',
    longitude: '149.1',
    region: 'act',
    time_of_call: '05 Feb 2026 13:00:00',
    status: 'Not yet controlled',
    status_description: '',
    status_icon: '/icons/status.svg',
    status_filter_label: 'Active',
    type: 'GRASS AND BUSH FIRE',
    location: 'MADEUP ROAD, PRETENDVILLE, 0000',
    updated: '05 Feb 2026 13:20:00',
    ...overrides,
  };
}

describe('ACT ESA website incidents feed: made-up documents', () => {
  it.each([
    ['an empty body', ''],
    ['whitespace only', ' \n\t '],
    ['an HTML error page', '<!DOCTYPE html><html><head><title>Site down</title></head><body></body></html>'],
    ['truncated JSON', JSON.stringify([cadRecord()]).slice(0, 90)],
    ['a JSON object', '{"incidents":[]}'],
  ])('rejects %s as malformed', (_, text) => {
    expect(() => parseActEsaWebsiteIncidents(new TextEncoder().encode(text))).toThrow(MalformedFeedError);
  });

  it('accepts an empty array and a BOM before the document', () => {
    expect(parseRecords()).toEqual({ incidents: [], unmapped: [], dropped: [] });
    const { incidents } = parseActEsaWebsiteIncidents(
      new TextEncoder().encode(`\uFEFF\n ${JSON.stringify([cadRecord()])}`),
    );
    expect(incidents.map((draft) => draft.id)).toEqual(['act-esa-000123-05022026']);
  });

  it('quirk: reads alert_level on a CAD incident (Emergency Warning) and the CAP triple it implies', () => {
    const [fire] = parseRecords(
      cadRecord({ alert_level: 'Emergency Warning', status: 'Out of control' }),
    ).incidents;
    expect(fire).toMatchObject({
      eventType: 'bushfire',
      status: 'active',
      warningLevel: 'emergency_warning',
      severity: 'Extreme',
      urgency: 'Immediate',
      certainty: 'Likely',
      location: { address: 'MADEUP ROAD, PRETENDVILLE', suburb: 'PRETENDVILLE' },
      details: { alert_level: 'Emergency Warning', status_raw: 'Out of control' },
      timestamps: { reported: '2026-02-05T13:00:00+11:00', updated: '2026-02-05T13:20:00+11:00' },
    });
    const [older] = parseRecords(
      cadRecord({
        alert_level: undefined,
        alert_status: 'Not applicable',
        updated: '05 Feb 2026 13:20:00.7',
      }),
    ).incidents;
    expect(older).toMatchObject({
      warningLevel: 'none',
      details: { alert_level: 'Not applicable' },
      timestamps: { updated: '2026-02-05T13:20:00+11:00' },
    });
  });

  it('quirk: maps every CAD status FEEDS.md lists; an unknown one is active, kept raw and reported', () => {
    const statuses: [string, string][] = [
      ['Out of control', 'active'],
      ['Not yet controlled', 'active'],
      ['Resource Allocation Pending', 'active'],
      ['Units On Route', 'active'],
      ['On Scene', 'active'],
      ['Responding', 'active'],
      ['Storm', 'active'],
      ['Being controlled', 'contained'],
      ['Under control', 'controlled'],
      ['Out / Completed', 'completed'],
      ['Finished', 'completed'],
      ['', 'active'],
      ['Smouldering', 'active'],
    ];
    const result = parseRecords(
      ...statuses.map(([status], index) => cadRecord({ id: `0001${index}0-05022026`, status })),
    );
    expect(result.incidents.map((draft) => [draft.details.status_raw, draft.status])).toEqual(statuses);
    expect(result.unmapped).toEqual([
      { field: 'status', value: 'Smouldering', incidentId: 'act-esa-0001120-05022026' },
    ]);
  });

  it('reports unknown types, levels, event types and regions, and falls back to other/none', () => {
    const result = parseRecords(
      cadRecord({ type: 'SPACE DEBRIS', alert_level: 'Code Red', event_type: 'notice', region: 'jbt' }),
    );
    expect(result.incidents[0]).toMatchObject({ eventType: 'other', warningLevel: 'none', status: 'active' });
    expect(result.unmapped.map(({ field, value }) => [field, value])).toEqual([
      ['region', 'jbt'],
      ['event_type', 'notice'],
      ['type', 'SPACE DEBRIS'],
      ['alert_level', 'Code Red'],
    ]);
  });

  it('drops records without id or usable time, and keeps the later of two records with one id', () => {
    const result = parseRecords(
      cadRecord({ id: '', title: 'NO ID - NOWHERE' }),
      cadRecord({ id: '000200-05022026', time_of_call: 'soon', updated: '' }),
      cadRecord({ title: 'LATER', updated: '05 Feb 2026 13:40:00' }),
      cadRecord({ title: 'EARLIER' }),
    );
    expect(result.incidents.map((draft) => draft.title)).toEqual(['LATER']);
    expect(result.dropped).toEqual([
      { reason: 'no-id', upstreamId: 'NO ID - NOWHERE' },
      { reason: 'no-timestamps', upstreamId: '000200-05022026' },
      { reason: 'duplicate', upstreamId: '000123-05022026' },
    ]);
    expect(result.unmapped).toEqual([
      { field: 'time_of_call', value: 'soon', incidentId: 'act-esa-000200-05022026' },
    ]);
  });

  it('tells the mirror apart by region, RFS guid or RFS description keys', () => {
    const result = parseRecords(
      cadRecord({ id: 'x1', region: 'nsw' }),
      cadRecord({ id: 'https___incidents_rfs_nsw_gov_au_api_v1_incidents_123', region: undefined }),
      cadRecord({ id: 'x3', region: undefined, 'major_fire_update_as_at_1_feb_2026_3:05pm': 'More' }),
      cadRecord(),
    );
    expect(result.dropped.map((record) => [record.reason, record.upstreamId])).toEqual([
      ['republished', 'x1'],
      ['republished', 'https___incidents_rfs_nsw_gov_au_api_v1_incidents_123'],
      ['republished', 'x3'],
    ]);
    expect(result.incidents.map((draft) => draft.id)).toEqual(['act-esa-000123-05022026']);
  });

  it('serves a warning polygon, should the warning carry one, as its warning_area', () => {
    const ring = [
      { lat: -35.5, lng: 148.9 },
      { lat: -35.5, lng: 149.0 },
      { lat: -35.6, lng: 149.0 },
    ];
    const [warning, area] = parseRecords({
      event_type: 'warning group warning',
      id: '77',
      title: 'WATCH AND ACT: Bushfire - Madeup Range - Prepare To Leave',
      type: 'GRASS AND BUSH FIRE',
      status: '',
      warning_level: 'Watch and Act',
      time_of_call: '05 Feb 2026 13:00:00',
      last_updated: '05 Feb 2026 14:00:00',
      latitude: '',
      longitude: '',
      polygon: { type: 'Polygon', coordinates: ring },
    }).incidents;
    expect(warning).toMatchObject({
      id: 'act-esa-77',
      featureType: 'incident',
      warningLevel: 'watch_and_act',
    });
    expect(warning?.geometry?.type).toBe('Point');
    expect(area).toMatchObject({
      id: 'act-esa-77-warning',
      featureType: 'warning_area',
      parentId: 'act-esa-77',
      warningLevel: 'watch_and_act',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [148.9, -35.5],
            [149.0, -35.5],
            [149.0, -35.6],
            [148.9, -35.5],
          ],
        ],
      },
    });
  });
});

import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseActEsaWebsitePolygons } from '../../../sources/act/esa-website-polygons.js';
import { MalformedFeedError } from '../../../sources/common/errors.js';
import type { ParseResult } from '../../../model/index.js';
import { requireSharedFolder, UPSTREAM_SAMPLES_DIR } from '../../../replay/shared-samples.js';

const SAMPLE = `${UPSTREAM_SAMPLES_DIR}act/act-esa-website-incidents-polygon-2026-08-22.json`;
const FEED_SAMPLE = `${UPSTREAM_SAMPLES_DIR}act/act-esa-website-incidents-feed-2026-08-22-quiet.json`;

const parseEntries = (...entries: object[]): ParseResult =>
  parseActEsaWebsitePolygons(new TextEncoder().encode(JSON.stringify(entries)));

describe('ACT ESA website polygon endpoint: real sample', () => {
  beforeAll(() => {
    requireSharedFolder('upstream/samples/act');
  });

  it('quirk: {lat,lng} burnt areas of the NSW RFS mirror are dropped as republished, once per area', () => {
    const result = parseActEsaWebsitePolygons(readFileSync(SAMPLE));
    expect(result.incidents).toEqual([]);
    expect(result.unmapped).toEqual([]);
    expect(result.dropped).toEqual(
      [
        'JERVIS BAY RD, JERVIS BAY',
        'REST AREA PUTTY RD, MELLONG',
        '30Km NE Tenterfield. 25Km W of Tabulum',
        'Forestry HR - Chichester SF Plantation',
        'Rockvale Road, Armidale State Forest',
        'Stannum Stage 2 HR',
        'White Rock Property',
        'MENANGLE RD, MENANGLE',
      ].map((upstreamId) => ({ reason: 'republished', upstreamId })),
    );
  });

  it('names each dropped area after a NSW record of the same snapshot of the feed', () => {
    const feed = JSON.parse(readFileSync(FEED_SAMPLE, 'utf8')) as { region: string; title: string }[];
    const nswTitles = new Set(feed.filter((record) => record.region === 'nsw').map((record) => record.title));
    const dropped = parseActEsaWebsitePolygons(readFileSync(SAMPLE)).dropped;
    expect(dropped.filter((record) => !nswTitles.has(record.upstreamId))).toEqual([]);
  });
});

const RING = [
  { lat: -35.6, lng: 148.9 },
  { lat: -35.6, lng: 149.0 },
  { lat: -35.7, lng: 149.0 },
  { lat: -35.6, lng: 148.9 },
];
const shifted = (by: number) => RING.map(({ lat, lng }) => ({ lat: String(lat - by), lng: String(lng) }));

describe('ACT ESA website polygon endpoint: made-up documents', () => {
  it.each([
    ['an empty body', ''],
    ['an HTML error page', '<html><head><title>Error</title></head></html>'],
    ['truncated JSON', JSON.stringify([{ title: 'x', coordinates: RING }]).slice(0, 40)],
    ['a GeoJSON FeatureCollection', '{"type":"FeatureCollection","features":[]}'],
  ])('rejects %s as malformed', (_, text) => {
    expect(() => parseActEsaWebsitePolygons(new TextEncoder().encode(text))).toThrow(MalformedFeedError);
  });

  it('accepts an empty array', () => {
    expect(parseEntries()).toEqual({ incidents: [], unmapped: [], dropped: [] });
  });

  it("links the ESA's own polygons to their incident or warning, pieces of one area served together", () => {
    const warning = {
      title: 'ADVICE: Bushfire - Madeup Range - Stay Informed',
      event_type: 'warning group warning',
      region: 'act',
      id: '88',
      type: 'Polygon',
      warning_level: 'Advice',
      last_updated: '05 Feb 2026 14:00:00',
    };
    const fireground = {
      title: 'GRASS AND BUSH FIRE - MADEUP RANGE',
      event_type: 'burnt area',
      region: 'act',
      id: '000321-05022026',
      type: 'Polygon',
      time_of_call: '05 Feb 2026 12:00:00',
    };
    const result = parseEntries(
      { ...warning, coordinates: RING },
      { ...fireground, coordinates: shifted(0) },
      { ...fireground, coordinates: shifted(0.2) },
    );
    expect(result.incidents.map((draft) => [draft.id, draft.featureType, draft.parentId])).toEqual([
      ['act-esa-88-warning', 'warning_area', 'act-esa-88'],
      ['act-esa-000321-05022026-area', 'incident_area', 'act-esa-000321-05022026'],
    ]);
    const [warningArea, fireArea] = result.incidents;
    expect(warningArea).toMatchObject({
      warningLevel: 'advice',
      geometry: {
        type: 'Polygon',
        coordinates: [RING.map(({ lat, lng }) => [lng, lat])],
      },
      location: { state: 'act', precision: 'exact' },
      timestamps: { reported: '2026-02-05T14:00:00+11:00', updated: '2026-02-05T14:00:00+11:00' },
    });
    expect(fireArea?.geometry?.type).toBe('MultiPolygon');
    expect(fireArea?.geometry?.coordinates).toHaveLength(2);
    // No CAD type on these entries: the area's event type is unknown, and says so.
    expect(result.unmapped).toEqual([
      { field: 'type', value: '', incidentId: 'act-esa-88' },
      { field: 'type', value: '', incidentId: 'act-esa-000321-05022026' },
    ]);
  });

  it('drops entries without id or time, and reports one without a usable ring', () => {
    const act = {
      event_type: 'incident',
      region: 'act',
      type: 'Polygon',
      time_of_call: '05 Feb 2026 12:00:00',
    };
    const result = parseEntries(
      { ...act, title: 'NO ID', coordinates: RING },
      { ...act, id: '9', time_of_call: undefined, coordinates: RING },
      { ...act, id: '10', coordinates: RING.slice(0, 2) },
    );
    expect(result.incidents).toEqual([]);
    expect(result.dropped).toEqual([
      { reason: 'no-id', upstreamId: 'NO ID' },
      { reason: 'no-timestamps', upstreamId: '9' },
    ]);
    expect(result.unmapped).toContainEqual({
      field: 'coordinates',
      value: 'Polygon',
      incidentId: 'act-esa-10',
    });
  });
});

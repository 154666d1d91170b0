import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseActEsaCurrentIncidentsGeoRss } from '../../../sources/act/esa-current-incidents-georss.js';
import { MalformedFeedError } from '../../../sources/common/errors.js';
import type { ParseResult } from '../../../model/index.js';
import { requireSharedFolder, UPSTREAM_SAMPLES_DIR } from '../../../replay/shared-samples.js';
import { byId } from '../drafts.js';

const SAMPLE = `${UPSTREAM_SAMPLES_DIR}act/act-esa-currentincidents-georss-2013-09-25.xml`;

const parseSample = (): ParseResult => parseActEsaCurrentIncidentsGeoRss(readFileSync(SAMPLE));
const parseText = (text: string): ParseResult =>
  parseActEsaCurrentIncidentsGeoRss(new TextEncoder().encode(text));

describe('ACT ESA currentincidents.xml (GeoRSS, 2013): real sample', () => {
  beforeAll(() => {
    requireSharedFolder('upstream/samples/act');
  });

  it('parses the nine items with no unmapped values and nothing dropped', () => {
    const result = parseSample();
    expect(result.incidents).toHaveLength(9);
    expect(result.unmapped).toEqual([]);
    expect(result.dropped).toEqual([]);
    expect(result.incidents.map((draft) => draft.status)).toEqual([
      ...Array<string>(8).fill('completed'),
      'active',
    ]);
  });

  it('quirk: reads the escaped <br /> key/value lines by known key (times contain colons)', () => {
    expect(byId(parseSample(), 'act-esa-042355-24092013')).toEqual({
      id: 'act-esa-042355-24092013',
      featureType: 'incident',
      source: { state: 'act', agency: 'esa', feedId: '042355-24092013' },
      title: 'HAZARD REDUCTION BURN - PADDYS RIVER DISTRICT',
      eventType: 'burn_off',
      eventCategory: 'planned',
      status: 'active',
      warningLevel: 'none',
      severity: 'Unknown',
      urgency: 'Unknown',
      certainty: 'Observed',
      // georss:point is "lat lon".
      geometry: { type: 'Point', coordinates: [149.051626000006, -35.500352999996] },
      location: {
        address: 'BOOROOMBA ROAD, TIDBINBILLA ROAD, PADDYS RIVER DISTRICT',
        suburb: 'PADDYS RIVER DISTRICT',
        state: 'act',
        lga: '',
        latitude: -35.500352999996,
        longitude: 149.051626000006,
        precision: 'exact',
      },
      details: {
        description: expect.stringMatching(
          /^Incident: HAZARD REDUCTION BURN - PADDYS RIVER DISTRICT\nLocation: /,
        ) as unknown,
        agency: 'ACT Fire',
        cad_id: '042355-24092013',
        source_id: '042355-24092013',
        type: 'HAZARD REDUCTION BURN',
        status_raw: 'On Scene',
      },
      timestamps: { reported: '2013-09-24T15:43:06+10:00', updated: '2013-09-24T15:44:18+10:00' },
    });
  });

  it('maps the 2013 types, qualified ones included, and keeps the CAD id shared with the website feed', () => {
    const result = parseSample();
    expect(byId(result, 'act-esa-042292-24092013')).toMatchObject({
      title: 'HOUSE FIRE (NO INJURIES) - KINGSTON',
      eventType: 'structure_fire',
      status: 'completed',
      location: { address: 'KENNEDY STREET, KINGSTON', suburb: 'KINGSTON' },
      details: { type: 'HOUSE FIRE (NO INJURIES)', status_raw: 'Out / Completed' },
    });
    expect(byId(result, 'act-esa-042369-24092013')).toMatchObject({
      title: 'MOTOR VEHICLE ACCIDENT - Parkes',
      eventType: 'vehicle_accident',
      location: { suburb: 'Parkes' },
    });
    const types = result.incidents.map((draft) => draft.eventType);
    expect(new Set(types)).toEqual(
      new Set(['structure_fire', 'vehicle_accident', 'vehicle_fire', 'burn_off']),
    );
    for (const draft of result.incidents) {
      const [lng, lat] = draft.geometry?.type === 'Point' ? draft.geometry.coordinates : [0, 0];
      expect(lng).toBeGreaterThan(148.7);
      expect(lng).toBeLessThan(149.5);
      expect(lat).toBeGreaterThan(-36);
      expect(lat).toBeLessThan(-35.1);
    }
  });
});

/** An RSS document with made-up items. */
function rss(...items: string[]): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<rss xmlns:georss="http://www.georss.org/georss" version="2.0">' +
    `<channel><title>Made-up feed</title><pubDate>15 Jan 2026 10:00:00 EST</pubDate>${items.join('')}</channel></rss>`
  );
}

function item(description: string, extra = ''): string {
  return (
    '<item><title>CAR FIRE - FAKEHAM</title><link>https://example.org/</link>' +
    `<description>${description}</description><guid>000777-15012026</guid>` +
    `<pubDate>15 Jan 2026 10:00:00 EST</pubDate><georss:point>-35.25 149.05</georss:point>${extra}</item>`
  );
}

const LINES =
  'Incident: CAR FIRE - FAKEHAM&lt;br /&gt;Location:  1 MADEUP STREET, FAKEHAM&lt;br /&gt;Status: Units On Route' +
  '&lt;br /&gt;Suburb: FAKEHAM&lt;br /&gt;Type: CAR FIRE&lt;br /&gt;Agency: ACT Fire&lt;br /&gt;' +
  'Note: a line the parser does not know&lt;br /&gt;Incident Number: 000777-15012026&lt;br /&gt;' +
  'Updated: 15 Jan 2026 09:50:30&lt;br /&gt;Time of Call: 15 Jan 2026 09:41:02';

describe('ACT ESA currentincidents.xml: made-up documents', () => {
  it.each([
    ['an empty body', ''],
    ['an HTML error page', '<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>'],
    ['truncated XML', rss(item(LINES)).slice(0, 300)],
    ['another XML document', '<feed xmlns="http://www.w3.org/2005/Atom"><title>x</title></feed>'],
    ['an RSS root without a channel', '<rss version="2.0"></rss>'],
    ['JSON', '[]'],
  ])('rejects %s as malformed', (_, text) => {
    expect(() => parseText(text)).toThrow(MalformedFeedError);
  });

  it('accepts a channel without items, after a BOM and blank lines', () => {
    expect(parseText(`\uFEFF\n\n${rss()}`)).toEqual({ incidents: [], unmapped: [], dropped: [] });
  });

  it('reads known keys only: unknown lines stay in the description text, values keep their colons', () => {
    const [draft] = parseText(rss(item(LINES))).incidents;
    expect(draft).toMatchObject({
      id: 'act-esa-000777-15012026',
      eventType: 'vehicle_fire',
      status: 'active',
      location: { address: '1 MADEUP STREET, FAKEHAM', suburb: 'FAKEHAM' },
      geometry: { type: 'Point', coordinates: [149.05, -35.25] },
      timestamps: { reported: '2026-01-15T09:41:02+11:00', updated: '2026-01-15T09:50:30+11:00' },
    });
    expect(draft?.details).not.toHaveProperty('note');
    expect(draft?.details.description).toContain('\nNote: a line the parser does not know\n');
  });

  it('quirk: pubDate says "EST" all year but is Sydney time: +11:00 in summer, +10:00 in winter', () => {
    const summer = item('Incident: CAR FIRE - FAKEHAM&lt;br /&gt;Status: On Scene&lt;br /&gt;Type: CAR FIRE');
    const winter = summer
      .replace('000777-15012026', '000778-15072026')
      .replace('15 Jan 2026 10:00:00 EST', '15 Jul 2026 10:00:00 EST');
    const result = parseText(rss(summer, winter));
    expect(result.incidents.map((draft) => draft.timestamps)).toEqual([
      { reported: '2026-01-15T10:00:00+11:00', updated: '2026-01-15T10:00:00+11:00' },
      { reported: '2026-07-15T10:00:00+10:00', updated: '2026-07-15T10:00:00+10:00' },
    ]);
  });

  it('reads the 2026 elements when the description lacks the values, and drops items without any time', () => {
    const extra =
      '<cadid>000777-15012026</cadid><agency>ACT Fire &amp; Rescue</agency><type>ANIMAL RESCUE</type>' +
      '<controlStatus>Being controlled</controlStatus><resourceStatus>On Scene</resourceStatus>';
    const bare = item('Updated: 15 Jan 2026 09:50:30', extra).replace('<guid>000777-15012026</guid>', '');
    const timeless = item('Status: On Scene')
      .replace('000777-15012026', '000779-15012026')
      .replace(/<pubDate>[^<]*<\/pubDate>/, '');
    const result = parseText(rss(bare, timeless));
    expect(result.incidents).toHaveLength(1);
    expect(result.incidents[0]).toMatchObject({
      id: 'act-esa-000777-15012026',
      eventType: 'rescue',
      status: 'contained',
      details: {
        agency: 'ACT Fire & Rescue',
        control_status: 'Being controlled',
        resource_status: 'On Scene',
        status_raw: 'Being controlled',
      },
    });
    expect(result.dropped).toEqual([{ reason: 'no-timestamps', upstreamId: '000779-15012026' }]);
  });

  it.each([
    ['newer first', true],
    ['older first', false],
  ])(
    'keeps one item per incident, the later update (%s), and drops the other as a duplicate',
    (_, newerFirst) => {
      const older = item(LINES.replace('Status: Units On Route', 'Status: Pondering'));
      const newer = item(
        LINES.replace('Status: Units On Route', 'Status: On Scene').replace('09:50:30', '10:20:00'),
      );
      const result = parseText(newerFirst ? rss(newer, older) : rss(older, newer));
      expect(
        result.incidents.map((draft) => [draft.id, draft.details.status_raw, draft.timestamps.updated]),
      ).toEqual([['act-esa-000777-15012026', 'On Scene', '2026-01-15T10:20:00+11:00']]);
      expect(result.dropped).toEqual([{ reason: 'duplicate', upstreamId: '000777-15012026' }]);
      // The older item's unknown status describes nothing that is served: not reported.
      expect(result.unmapped).toEqual([]);
    },
  );

  it('reports unknown types and statuses, and unparseable times', () => {
    const lines = 'Status: Pondering&lt;br /&gt;Type: ODD JOB&lt;br /&gt;Updated: someday';
    const result = parseText(rss(item(lines)));
    expect(result.incidents[0]).toMatchObject({ eventType: 'other', status: 'active' });
    expect(result.unmapped.map(({ field, value }) => [field, value])).toEqual([
      ['updated', 'someday'],
      ['type', 'ODD JOB'],
      ['status', 'Pondering'],
    ]);
  });
});

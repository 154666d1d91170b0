import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MalformedFeedError } from '../../../sources/common/errors.js';
import { parseQldQfdBushfireAlertAtom } from '../../../sources/qld/qfd-bushfire-alert-atom.js';
import type { ParseResult } from '../../../model/index.js';
import { requireSharedFolder, UPSTREAM_SAMPLES_DIR } from '../../../replay/shared-samples.js';
import { byId, countBy } from '../drafts.js';

const SAMPLE = `${UPSTREAM_SAMPLES_DIR}qld/qld-qfes-bushfireAlert-atom-georss-2018-09-23.xml`;
const OFFSET = /[+-]\d\d:\d\d$/;

const parseSample = (): ParseResult => parseQldQfdBushfireAlertAtom(readFileSync(SAMPLE));
const parseText = (text: string): ParseResult => parseQldQfdBushfireAlertAtom(new TextEncoder().encode(text));

describe('QFD bushfireAlert.xml (Atom + GeoRSS): the 2018 sample', () => {
  beforeAll(() => {
    requireSharedFolder('upstream/samples/qld');
  });

  it('parses every entry into one incident, with nothing dropped and nothing unmapped', () => {
    const result = parseSample();
    expect(result.incidents).toHaveLength(27);
    expect(result.incidents.every((draft) => draft.featureType === 'incident')).toBe(true);
    expect(result.dropped).toEqual([]);
    // Every category and status of the sample is in FEEDS.md's vocabulary.
    expect(result.unmapped).toEqual([]);
  });

  it('maps the alert levels, statuses and headline event types', () => {
    const { incidents } = parseSample();
    expect(countBy(incidents.map((draft) => draft.warningLevel))).toEqual({ none: 25, advice: 2 });
    expect(countBy(incidents.map((draft) => draft.status))).toEqual({
      controlled: 7,
      active: 16,
      contained: 4,
    });
    expect(countBy(incidents.map((draft) => draft.eventType))).toEqual({ bushfire: 24, grass_fire: 3 });
  });

  it('reads the Fairymead Advice: grass fire, going, CAP triple of an Advice', () => {
    expect(byId(parseSample(), 'qld-qfd-QF4-18-193247')).toMatchObject({
      source: { state: 'qld', agency: 'qfd', feedId: 'QF4-18-193247' },
      title: 'Bush Paddock Rd N & Fairymead Rd, Fairymead',
      eventType: 'grass_fire',
      eventCategory: 'fire',
      status: 'active',
      warningLevel: 'advice',
      severity: 'Minor',
      urgency: 'Expected',
      certainty: 'Unknown',
      geometry: { type: 'Point', coordinates: [152.355704, -24.812712] },
      location: {
        address: 'Bush Paddock Rd N & Fairymead Rd, Fairymead',
        suburb: 'Fairymead',
        state: 'qld',
        latitude: -24.812712,
        longitude: 152.355704,
        precision: 'exact',
      },
      timestamps: { reported: '2018-09-23T14:36:57+10:00', updated: '2018-09-23T17:30:26+10:00' },
      details: { alert_level: 'Advice', status_raw: 'Going', source_id: 'QF4-18-193247' },
    });
  });

  it('quirk: published/updated without an offset are UTC, rendered at +10:00', () => {
    const eurimbula = byId(parseSample(), 'qld-qfd-QF2-18-186203');
    // <published>2018-09-08T05:01:50</published>, <updated>2018-09-21T04:25:41</updated>
    expect(eurimbula.timestamps).toEqual({
      reported: '2018-09-08T15:01:50+10:00',
      updated: '2018-09-21T14:25:41+10:00',
    });
    for (const { timestamps } of parseSample().incidents) {
      expect(timestamps.reported).toMatch(/\+10:00$/);
      expect(timestamps.updated).toMatch(OFFSET);
      expect(Date.parse(timestamps.updated)).toBeGreaterThanOrEqual(Date.parse(timestamps.reported));
    }
  });

  it('quirk: non-ASCII titles and DMS coordinates stay as written; the point is read lat-first', () => {
    const result = parseSample();
    expect(byId(result, 'qld-qfd-QF2-18-186203')).toMatchObject({
      title: '24°10\'19.56"S & 151°47\'30.12"E, Eurimbula',
      location: { suburb: 'Eurimbula', latitude: -24.1721, longitude: 151.7917 },
      eventType: 'bushfire',
      status: 'controlled',
    });
    expect(byId(result, 'qld-qfd-QF2-18-186203').details.description).toContain(
      'Eurimbula – vegetation fire as at 5.10pm Sun 17 Sept',
    );
    expect(byId(result, 'qld-qfd-QF2-18-191668').title).toBe('#212345S/1483231E, Mount Britton');
  });

  it('keeps every point [lng, lat] inside Queensland', () => {
    for (const draft of parseSample().incidents) {
      const [lng = 0, lat = 0] = draft.geometry?.type === 'Point' ? draft.geometry.coordinates : [];
      expect(lng > 137.9 && lng < 153.7 && lat > -29.2 && lat < -9.1, draft.id).toBe(true);
    }
  });

  it('quirk: reads the document behind a UTF-8 BOM and blank lines', () => {
    const withBom = Buffer.concat([Buffer.from('\uFEFF\n\n', 'utf8'), readFileSync(SAMPLE)]);
    expect(parseQldQfdBushfireAlertAtom(withBom)).toEqual(parseSample());
  });

  it('reads the details as plain text, one line per block', () => {
    const description = byId(parseSample(), 'qld-qfd-QF4-18-193253').details.description as string;
    expect(description.split('\n')[0]).toBe('STAY INFORMED: Brooweena grass fire as at 4.10pm Sun 23 Sept');
    expect(description).not.toMatch(/<|&lt;/);
  });
});

function atom(...entries: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:georss="http://www.georss.org/georss" xmlns="http://www.w3.org/2005/Atom">
  <title>QFD Bushfire Alert Feed</title>
  <updated>2026-01-10T15:00:00</updated>
  ${entries.join('\n')}
</feed>`;
}

type EntryField = 'id' | 'category' | 'status' | 'reported' | 'published' | 'updated' | 'point' | 'details';

function entry(fields: Partial<Record<EntryField, string>> = {}): string {
  const value = (key: EntryField, fallback: string): string => fields[key] ?? fallback;
  return `<entry>
    <category term="${value('category', 'Watch and Act')}"/>
    <content>Alert Level: ${value('category', 'Watch and Act')}
      Reported (UTC): ${value('reported', '2026-01-10T01:00:00')}
      Current Status: ${value('status', 'Going')}
      Details: ${value('details', '&lt;div&gt;PRETENDVILLE – hazard reduction burn as at 1.00pm&lt;/div&gt;')}
    </content>
    <id>${value('id', 'QF9-26-000001')}</id>
    <published>${value('published', '2026-01-10T01:00:00')}</published>
    <title>1 Madeup Rd, Pretendville</title>
    <updated>${value('updated', '2026-01-10T02:30:00Z')}</updated>
    <georss:point>${value('point', '-27.5 152.5')}</georss:point>
  </entry>`;
}

describe('QFD bushfireAlert.xml (Atom + GeoRSS): made-up documents', () => {
  it.each([
    ['an empty body', ''],
    ['an HTML error page', '<!DOCTYPE html><html><body><h1>403 Forbidden</h1></body></html>'],
    ['truncated XML', atom(entry()).slice(0, 300)],
    ['JSON', '{"type":"FeatureCollection","features":[]}'],
    ['an RSS document', '<rss><channel><title>x</title></channel></rss>'],
  ])('rejects %s as malformed', (_, text) => {
    expect(() => parseText(text)).toThrow(MalformedFeedError);
  });

  it('accepts a feed with no entries', () => {
    expect(parseText(atom())).toEqual({ incidents: [], unmapped: [], dropped: [] });
  });

  it('reads a burn under Watch and Act, an explicit Z, and a 2026 CAD number', () => {
    const [draft] = parseText(atom(entry())).incidents;
    expect(draft).toMatchObject({
      id: 'qld-qfd-QF9-26-000001',
      eventType: 'burn_off',
      eventCategory: 'planned',
      warningLevel: 'watch_and_act',
      severity: 'Moderate',
      timestamps: { reported: '2026-01-10T11:00:00+10:00', updated: '2026-01-10T12:30:00+10:00' },
      geometry: { type: 'Point', coordinates: [152.5, -27.5] },
    });
  });

  it('reports unknown levels and statuses, keeps the raw values, and drops entries without id or time', () => {
    const result = parseText(
      atom(
        entry({ id: 'QF9-26-000002', category: 'Level 7', status: 'Smouldering', point: 'nowhere' }),
        entry({ id: '' }),
        entry({ id: 'QF9-26-000003', reported: '', published: 'soon', updated: 'later' }),
      ),
    );
    expect(result.incidents.map((draft) => draft.id)).toEqual(['qld-qfd-QF9-26-000002']);
    expect(result.incidents[0]).toMatchObject({
      status: 'active',
      warningLevel: 'none',
      geometry: null,
      location: { address: '1 Madeup Rd, Pretendville', suburb: 'Pretendville', state: 'qld', lga: '' },
      details: { alert_level: 'Level 7', status_raw: 'Smouldering' },
    });
    expect(result.incidents[0]?.location).not.toHaveProperty('latitude');
    expect(result.unmapped).toEqual([
      { field: 'category', value: 'Level 7', incidentId: 'qld-qfd-QF9-26-000002' },
      { field: 'status', value: 'Smouldering', incidentId: 'qld-qfd-QF9-26-000002' },
      { field: 'point', value: 'nowhere', incidentId: 'qld-qfd-QF9-26-000002' },
    ]);
    expect(result.dropped).toEqual([
      { reason: 'no-id', upstreamId: '1 Madeup Rd, Pretendville' },
      { reason: 'no-timestamps', upstreamId: 'QF9-26-000003' },
    ]);
  });

  it("falls back on the content's Reported (UTC) line, and on published for updated", () => {
    const result = parseText(atom(entry({ published: 'soon', updated: '' })));
    expect(result.incidents[0]?.timestamps).toEqual({
      reported: '2026-01-10T11:00:00+10:00',
      updated: '2026-01-10T11:00:00+10:00',
    });
    expect(result.unmapped).toEqual([
      { field: 'published', value: 'soon', incidentId: 'qld-qfd-QF9-26-000001' },
    ]);
  });

  it('keeps the later update when an id repeats', () => {
    const result = parseText(
      atom(entry({ updated: '2026-01-10T03:00:00', status: 'Patrolled' }), entry({ status: 'Contained' })),
    );
    expect(result.incidents.map((draft) => draft.status)).toEqual(['controlled']);
    expect(result.dropped).toEqual([{ reason: 'duplicate', upstreamId: 'QF9-26-000001' }]);
  });
});

import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MalformedFeedError } from '../../../sources/common/errors.js';
import { TAS_LEGACY_PARSERS, TAS_PARSERS } from '../../../sources/tas/index.js';
import { parseTfsBushfireSummariesGeoRss } from '../../../sources/tas/tfs-bushfire-summaries-georss.js';
import type { ParseResult } from '../../../model/index.js';
import { requireSharedFolder, UPSTREAM_SAMPLES_DIR } from '../../../replay/shared-samples.js';

const SAMPLE = `${UPSTREAM_SAMPLES_DIR}tas/tas-tfs-colBushfireSummariesRss-georss-2013-05-17-legacy.xml`;

const parseText = (text: string): ParseResult =>
  parseTfsBushfireSummariesGeoRss(new TextEncoder().encode(text));

describe('TFS colBushfireSummariesRss (legacy GeoRSS): sample', () => {
  beforeAll(() => {
    requireSharedFolder('upstream/samples/tas');
  });

  it('is a legacy format, outside the catalogue parsers', () => {
    expect(TAS_LEGACY_PARSERS['tas-tfs-bushfire-summaries-georss']).toBe(parseTfsBushfireSummariesGeoRss);
    expect(Object.values(TAS_PARSERS)).not.toContain(parseTfsBushfireSummariesGeoRss);
  });

  it('reads its one item by the known keys of the description', () => {
    const result = parseTfsBushfireSummariesGeoRss(readFileSync(SAMPLE));
    expect(result.unmapped).toEqual([]);
    expect(result.dropped).toEqual([]);
    expect(result.incidents).toHaveLength(1);
    expect(result.incidents[0]).toMatchObject({
      id: 'tas-tfs-206456',
      featureType: 'incident',
      source: { state: 'tas', agency: 'tfs', feedId: '206456' },
      title: 'Rowes Road, GEEVESTON',
      eventType: 'bushfire',
      eventCategory: 'fire',
      status: 'active',
      warningLevel: 'none',
      severity: 'Unknown',
      // georss:point is "lat lon".
      geometry: { type: 'Point', coordinates: [146.93763972346954, -43.16816147626039] },
      location: {
        address: 'Rowes Road, GEEVESTON',
        suburb: 'GEEVESTON',
        state: 'tas',
        latitude: -43.16816147626039,
        longitude: 146.93763972346954,
        precision: 'exact',
      },
      timestamps: { reported: '2013-05-17T20:17:43+10:00', updated: '2013-05-17T20:17:43+10:00' },
      details: {
        alert_level: 'No Alert Level',
        region: 'S',
        type: 'VEGETATION FIRE',
        status_raw: 'Going',
        size: 'Not Available',
        vehicles: 1,
        responsible_agency: 'Tasmania Fire Service',
        source_id: '206456',
        source_url: 'http://www.fire.tas.gov.au/i/206456',
        guid: 'tag:www.fire.tas.gov.au,2013-05-17:206456',
      },
    });
    expect(result.incidents[0]?.details).not.toHaveProperty('size_ha');
    expect(result.incidents[0]?.details.description).toContain('\nUPDATED: Fri, 17 May 2013 20:17:43 +1000');
  });
});

/** A colBushfireSummariesRss-shaped channel with made-up items. */
function rss(...items: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n\n   \n<rss version="2.0" xmlns:georss="http://www.georss.org/georss"><channel><title>Made up</title>${items.join('')}</channel></rss>`;
}

function item(description: string, number = '300001', pubDate = 'Sat, 11 Jan 2025 16:05:00 +1100'): string {
  return `<item><title>Fictional Lane, SOMEWHERE</title><link>http://www.fire.tas.gov.au/i/${number}</link><category>Advice</category><guid isPermaLink="false">tag:www.fire.tas.gov.au,2025-01-11:${number}</guid><pubDate>${pubDate}</pubDate><description><![CDATA[ ${description} ]]></description><georss:point>-41.75 146.25</georss:point></item>`;
}

describe('TFS colBushfireSummariesRss: made-up documents', () => {
  it.each([
    ['an empty body', ''],
    ['an HTML error page', '<html><head><title>410 Gone</title></head><body><h1>Gone</h1></body></html>'],
    ['a truncated document', rss(item('STATUS: Going<br />')).slice(0, 200)],
    ['a KML document', '<kml><Document></Document></kml>'],
    ['an rss without a channel', '<rss version="2.0"></rss>'],
  ])('rejects %s as malformed', (_, text) => {
    expect(() => parseText(text)).toThrow(MalformedFeedError);
  });

  it('accepts a channel without items', () => {
    expect(parseText(rss())).toEqual({ incidents: [], unmapped: [], dropped: [] });
  });

  it('reads keys in any case, values with colons and links, and summer time', () => {
    const description =
      'alert level: Advice<br /> region: NW<br /> Location: Fictional Lane, SOMEWHERE<br /> status: Patrol<br /> ' +
      'Type: GRASS FIRE<br /> Size: 12 ha<br /> number of vehicles: 3<br /> ' +
      'More Info: <a href="http://www.fire.tas.gov.au/i/300001">http://www.fire.tas.gov.au/i/300001</a><br /> ' +
      'View On Map: <a href="http://www.fire.tas.gov.au/m/300001">map</a><br /> ' +
      'Responsible Agency: Tasmania Fire Service<br /> Updated: Sat, 11 Jan 2025 16:20:00 +1100<br />';
    const [draft] = parseText(rss(item(description))).incidents;
    expect(draft).toMatchObject({
      id: 'tas-tfs-300001',
      eventType: 'grass_fire',
      status: 'controlled',
      warningLevel: 'advice',
      geometry: { type: 'Point', coordinates: [146.25, -41.75] },
      timestamps: { reported: '2025-01-11T16:05:00+11:00', updated: '2025-01-11T16:20:00+11:00' },
      details: {
        region: 'NW',
        size: '12 ha',
        size_ha: 12,
        vehicles: 3,
        source_url: 'http://www.fire.tas.gov.au/i/300001',
        map_url: 'http://www.fire.tas.gov.au/m/300001',
      },
    });
  });

  it.each([
    ['older first', false],
    ['newer first', true],
  ])(
    'drops items without an incident number or a time, and keeps the later of two copies (%s)',
    (_, newerFirst) => {
      const older = item('STATUS: Going<br />', '300002', 'Sat, 11 Jan 2025 10:00:00 +1100');
      const newer = item('STATUS: Patrol<br />', '300002', 'Sat, 11 Jan 2025 12:00:00 +1100');
      const result = parseText(
        rss(
          ...(newerFirst ? [newer, older] : [older, newer]),
          item('STATUS: Going<br />', '300003', 'not a date'),
          '<item><title>No number</title><pubDate>Sat, 11 Jan 2025 10:00:00 +1100</pubDate></item>',
        ),
      );
      expect(result.incidents.map((draft) => [draft.id, draft.status])).toEqual([
        ['tas-tfs-300002', 'controlled'],
      ]);
      // In document order: the loser is dropped as soon as the second copy is read.
      expect(result.dropped).toEqual([
        { reason: 'duplicate', upstreamId: '300002' },
        { reason: 'no-timestamps', upstreamId: '300003' },
        { reason: 'no-id', upstreamId: 'No number' },
      ]);
    },
  );
});

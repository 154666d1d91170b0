import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MalformedFeedError } from '../../../sources/common/errors.js';
import { parseNswRfsMajorIncidentsGeoRss } from '../../../sources/nsw/rfs-major-incidents-georss.js';
import { parseNswRfsMajorIncidents } from '../../../sources/nsw/rfs-major-incidents.js';
import { eventTypeOf, legacyEventTypeOf } from '../../../sources/nsw/rfs-vocabulary.js';
import type { ParseResult } from '../../../model/index.js';
import { requireSharedFolder, UPSTREAM_SAMPLES_DIR } from '../../../replay/shared-samples.js';
import { byId, positionsOf } from '../drafts.js';

const SAMPLE = `${UPSTREAM_SAMPLES_DIR}nsw/nsw-rfs-majorIncidents-georss-2013-11-11-legacy.xml`;
const OFFSET = /[+-]\d\d:\d\d$/;

const parseSample = (): ParseResult => parseNswRfsMajorIncidentsGeoRss(readFileSync(SAMPLE));
const parseText = (text: string): ParseResult =>
  parseNswRfsMajorIncidentsGeoRss(new TextEncoder().encode(text));

describe('NSW RFS majorIncidents.xml (GeoRSS, 2013): the real sample', () => {
  beforeAll(() => {
    requireSharedFolder('upstream/samples/nsw');
  });

  it('parses every item: 60 incidents, 43 fire areas, nothing dropped or unmapped', () => {
    const result = parseSample();
    const areas = result.incidents.filter((draft) => draft.featureType === 'incident_area');
    expect(result.incidents.length - areas.length).toBe(60);
    expect(areas).toHaveLength(43);
    expect(result.unmapped).toEqual([]);
    expect(result.dropped).toEqual([]);
    expect(new Set(result.incidents.map((draft) => draft.id)).size).toBe(result.incidents.length);
  });

  it('reads the UTF-8 BOM file and its first item: point, polygon and description keys', () => {
    expect([...readFileSync(SAMPLE).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const result = parseSample();
    expect(byId(result, 'nsw-rfs-82338')).toMatchObject({
      featureType: 'incident',
      source: { state: 'nsw', agency: 'rfs', feedId: '82338' },
      title: 'Crossroads Kaputar Rd Narrabri',
      eventType: 'grass_fire',
      status: 'controlled',
      warningLevel: 'advice',
      severity: 'Minor',
      urgency: 'Expected',
      certainty: 'Unknown',
      geometry: { type: 'Point', coordinates: [149.9456, -30.3249] },
      location: { address: '1324 Kaputar Road Narrabri', lga: 'Narrabri', state: 'nsw', precision: 'exact' },
      timestamps: { reported: '2013-11-11T08:27:00+11:00', updated: '2013-11-11T08:27:00+11:00' },
      details: {
        size: '40 ha',
        fire: true,
        responsible_agency: 'Rural Fire Service',
        alert_level: 'Advice',
        type: 'Scrub/Grass fire',
        status_raw: 'Under Control',
        source_id: '82338',
        guid: 'tag:www.rfs.nsw.gov.au,2013-11-11:82338',
      },
    });
    const area = byId(result, 'nsw-rfs-82338-area');
    expect(area).toMatchObject({
      featureType: 'incident_area',
      parentId: 'nsw-rfs-82338',
      geometry: { type: 'Polygon' },
    });
    expect(area.geometry?.coordinates[0]).toHaveLength(32);
  });

  it('keeps several georss:polygon of one item as one MultiPolygon (invalid GeoRSS, real feed)', () => {
    const result = parseSample();
    // Hungerford Creek has 92 polygons; 8 of them have fewer than 3 distinct vertices and are no ring.
    const area = byId(result, 'nsw-rfs-80473-area');
    expect(area.geometry?.type).toBe('MultiPolygon');
    expect(area.geometry?.coordinates).toHaveLength(84);
    expect(byId(result, 'nsw-rfs-81769-area').geometry?.coordinates).toHaveLength(10);
    expect(byId(result, 'nsw-rfs-82517').geometry).toEqual({
      type: 'Point',
      coordinates: [151.5487, -32.8644],
    });
    expect(result.incidents.some((draft) => draft.id === 'nsw-rfs-82517-area')).toBe(false);
  });

  it('reads pubDate (GMT) and UPDATED (Sydney) as the same instant on every item', () => {
    const result = parseSample();
    for (const { id, timestamps } of result.incidents) {
      expect(timestamps.updated, id).toMatch(OFFSET);
      expect(timestamps.reported, id).toBe(timestamps.updated);
    }
    // "Sat, 09 Nov 2013 22:48:00 GMT" and "UPDATED: 10 Nov 2013 09:48".
    expect(byId(result, 'nsw-rfs-82437').timestamps.updated).toBe('2013-11-10T09:48:00+11:00');
  });

  it('reads a MAJOR FIRE UPDATE whose text follows on the next line, and multi-line LOCATIONs', () => {
    const result = parseSample();
    const beissons = byId(result, 'nsw-rfs-82357');
    expect(beissons.details.major_fire_update_url).toBe(
      'http://www.rfs.nsw.gov.au/dsp_content.cfm?cat_id=684',
    );
    expect(beissons.details.description).toContain(
      'MAJOR FIRE UPDATE AS AT 10 Nov 2013 18:33: Firefighters are still working on a grass fire at Milroy',
    );
    expect(beissons.details.description).toContain('\nRESPONSIBLE AGENCY: Rural Fire Service\n');
    expect(byId(result, 'nsw-rfs-82321').location.address).toBe(
      '11 km south east of birdwood homestead. South of the Pooncarie - Darnick Road GR 54H 650-952',
    );
  });

  it('decodes &amp; inside CDATA, trims titles and reads the older TYPE spellings', () => {
    const result = parseSample();
    expect(byId(result, 'nsw-rfs-81769').details.responsible_agency).toBe(
      'NSW National Parks & Wildlife Service',
    );
    expect(byId(result, 'nsw-rfs-82472').title).toBe('Kookabookra');
    expect(byId(result, 'nsw-rfs-82516')).toMatchObject({ eventType: 'structure_fire', status: 'active' });
    expect(byId(result, 'nsw-rfs-82517')).toMatchObject({
      eventType: 'vehicle_accident',
      warningLevel: 'none',
    });
    expect(byId(result, 'nsw-rfs-82321')).toMatchObject({
      eventType: 'bushfire',
      details: { type: 'Scrub fire' },
    });
    expect(byId(result, 'nsw-rfs-82409').details.type).toBe('Bush/Scrub fire');
    expect(byId(result, 'nsw-rfs-82028').details.type).toBe('Bush/Scrub/Grass fire');
  });

  it('needs the legacy table for exactly three TYPE values that FEEDS.md does not list', () => {
    const types = new Set(parseSample().incidents.map((draft) => String(draft.details.type)));
    const legacyOnly = [...types].filter((type) => eventTypeOf(type) === undefined).sort();
    expect(legacyOnly).toEqual(['Bush/Scrub fire', 'Bush/Scrub/Grass fire', 'Scrub fire']);
    expect(legacyOnly.map(legacyEventTypeOf)).toEqual(['bushfire', 'bushfire', 'bushfire']);
  });

  it('keeps every coordinate [lng, lat] inside NSW', () => {
    const outside = parseSample().incidents.flatMap((draft) =>
      positionsOf(draft).filter(([lng, lat]) => !(lng > 140.9 && lng < 153.7 && lat > -37.6 && lat < -28.1)),
    );
    expect(outside).toEqual([]);
  });
});

/** An RSS document with made-up items. */
function rss(...items: string[]): string {
  return `\uFEFF<?xml version="1.0" encoding="utf-8"?><rss version="2.0" xmlns:georss="http://www.georss.org/georss"><channel><title>Test</title>${items.join('')}</channel></rss>`;
}

function item(
  overrides: { guid?: string; pubDate?: string; description?: string; geo?: string } = {},
): string {
  const description =
    overrides.description ??
    'ALERT LEVEL: Watch and Act<br />LOCATION: 7 Madeup Lane, Fictonia<br />COUNCIL AREA: Nowhere Shire<br />' +
      'STATUS: Out of Control<br />TYPE: Bush Fire<br />FIRE: Yes<br />SIZE: 12 ha<br />' +
      'RESPONSIBLE AGENCY: Rural Fire Service<br />UPDATED: 4 Apr 2021 14:10';
  return (
    `<item><title>Madeup Lane Fire</title><link>https://example.org/x</link><category>Watch and Act</category>` +
    `<guid isPermaLink="false">${overrides.guid ?? 'tag:www.rfs.nsw.gov.au,2021-04-04:123456'}</guid>` +
    `<pubDate>${overrides.pubDate ?? 'Sun, 04 Apr 2021 04:10:00 GMT'}</pubDate>` +
    `<description><![CDATA[${description}]]></description>` +
    `${overrides.geo ?? '<georss:point>-33.5 148.5</georss:point>'}</item>`
  );
}

describe('NSW RFS majorIncidents.xml (GeoRSS): made-up documents', () => {
  it.each([
    ['an empty body', ''],
    ['an HTML error page', '<!DOCTYPE html><html><body>Service Unavailable</body></html>'],
    ['truncated XML', rss(item()).slice(0, 300)],
    ['an Atom document', '<feed xmlns="http://www.w3.org/2005/Atom"></feed>'],
    ['an RSS without a channel', '<rss version="2.0"></rss>'],
  ])('rejects %s as malformed', (_, text) => {
    expect(() => parseText(text)).toThrow(MalformedFeedError);
  });

  it('accepts a channel without items', () => {
    expect(parseText(rss())).toEqual({ incidents: [], unmapped: [], dropped: [] });
  });

  it('gives an incident the id majorIncidents.json gives it', () => {
    const [fromRss] = parseText(rss(item())).incidents;
    const json = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [148.5, -33.5] },
          properties: {
            guid: 'https://incidents.rfs.nsw.gov.au/api/v1/incidents/123456',
            pubDate: '4/04/2021 4:10:00 AM',
            description: 'STATUS: Out of control <br />TYPE: Bush Fire <br />UPDATED: 4 Apr 2021 14:10',
          },
        },
      ],
    });
    const [fromJson] = parseNswRfsMajorIncidents(new TextEncoder().encode(json)).incidents;
    expect(fromRss?.id).toBe('nsw-rfs-123456');
    expect(fromRss?.id).toBe(fromJson?.id);
    expect(fromRss?.timestamps).toEqual(fromJson?.timestamps);
    expect(fromRss).toMatchObject({ warningLevel: 'watch_and_act', status: 'active', eventType: 'bushfire' });
  });

  it('uses pubDate (GMT) to tell apart the two 02:30s of the night DST ends', () => {
    const description = 'STATUS: Under Control<br />TYPE: Grass fire<br />UPDATED: 4 Apr 2021 2:30';
    const first = item({ description, pubDate: 'Sat, 03 Apr 2021 15:30:00 GMT' });
    const second = item({
      description,
      pubDate: 'Sat, 03 Apr 2021 16:30:00 GMT',
      guid: 'tag:x,2021-04-04:2',
    });
    const times = parseText(rss(first, second)).incidents.map((draft) => draft.timestamps.updated);
    expect(times).toEqual(['2021-04-04T02:30:00+11:00', '2021-04-04T02:30:00+10:00']);
  });

  it('places an item with only polygons at their centroid and reports unknown values', () => {
    const geo = '<georss:polygon>-33 148 -33 148.1 -32.9 148.1 -32.9 148 -33 148</georss:polygon>';
    const description =
      'ALERT LEVEL: Orange<br />STATUS: Smouldering<br />TYPE: Meteor strike<br />UPDATED: 4 Apr 2021 14:10';
    const result = parseText(rss(item({ geo, description })));
    const [incident, area] = result.incidents;
    expect(incident?.geometry?.type).toBe('Point');
    expect(incident?.location.longitude).toBeCloseTo(148.05, 10);
    expect(area).toMatchObject({ featureType: 'incident_area', geometry: { type: 'Polygon' } });
    expect(incident).toMatchObject({ eventType: 'other', status: 'active', warningLevel: 'watch_and_act' });
    expect(result.unmapped).toEqual([
      { field: 'type', value: 'Meteor strike', incidentId: 'nsw-rfs-123456' },
      { field: 'status', value: 'Smouldering', incidentId: 'nsw-rfs-123456' },
    ]);
  });

  it.each([
    ['newer first', true],
    ['older first', false],
  ])(
    'keeps one item per incident, the later update (%s), and drops the other as a duplicate',
    (_, newerFirst) => {
      const older = item({ guid: 'tag:www.rfs.nsw.gov.au,2021-04-04:123456' });
      const newer = item({
        guid: 'tag:www.rfs.nsw.gov.au,2021-04-05:123456',
        pubDate: 'Sun, 04 Apr 2021 05:40:00 GMT',
        description: 'STATUS: Under Control<br />TYPE: Bush Fire<br />UPDATED: 4 Apr 2021 15:40',
      });
      const result = parseText(newerFirst ? rss(newer, older) : rss(older, newer));
      expect(result.incidents.map((draft) => [draft.id, draft.status, draft.timestamps.updated])).toEqual([
        ['nsw-rfs-123456', 'controlled', '2021-04-04T15:40:00+10:00'],
      ]);
      expect(result.dropped).toEqual([{ reason: 'duplicate', upstreamId: '123456' }]);
    },
  );

  it('skips and reports items without an incident number or any usable time', () => {
    const result = parseText(
      rss(
        item({ guid: 'tag:www.rfs.nsw.gov.au,2021-04-04' }),
        item({ guid: 'tag:x,2021-04-04:7', pubDate: 'soon', description: 'UPDATED: later' }),
      ),
    );
    expect(result.incidents).toEqual([]);
    expect(result.unmapped).toEqual([
      { field: 'guid', value: 'tag:www.rfs.nsw.gov.au,2021-04-04', incidentId: '' },
      { field: 'timestamps', value: 'pubDate=soon; UPDATED=later', incidentId: 'nsw-rfs-7' },
    ]);
  });
});

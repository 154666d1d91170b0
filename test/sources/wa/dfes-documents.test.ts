import { describe, expect, it } from 'vitest';
import { MalformedFeedError } from '../../../sources/common/errors.js';
import type { FeedParser } from '../../../sources/common/types.js';
import { parseWaDfesFireDangerRss, parseWaDfesTotalFireBanRss } from '../../../sources/wa/dfes-fire-bans.js';
import { parseWaDfesIncidentFcadJson } from '../../../sources/wa/dfes-incident-fcad-json.js';
import { parseWaDfesIncidentFcadRss } from '../../../sources/wa/dfes-incident-fcad-rss.js';
import { parseWaDfesMessageRss } from '../../../sources/wa/dfes-message-rss.js';
import { parseWaDfesMessageWarningsJson } from '../../../sources/wa/dfes-message-warnings-json.js';
import { isoTime, mislabelledGmtTime, rfc822Time } from '../../../sources/wa/dfes-shared.js';
import { parseWaDfesV1Warnings } from '../../../sources/wa/dfes-v1.js';
import {
  eventTypeOf,
  fireDangerRankOf,
  statusOf,
  totalFireBanNoticeOf,
  warningTypeOf,
} from '../../../sources/wa/dfes-vocabulary.js';
import { WA_ARCHIVE_PARSERS, WA_PARSERS } from '../../../sources/wa/index.js';
import { WA_FEEDS } from '../../../config/feeds/wa.js';
import type { ParseResult } from '../../../model/index.js';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const run = (parser: FeedParser, text: string): ParseResult => parser(encode(text));

/** A legacy incident_FCAD.json document with made-up values. */
function fcadJson(...properties: Record<string, unknown>[]): string {
  const features = properties.map((overrides) => ({
    type: 'Feature',
    geometry: { type: 'Point', sm_coordinates: 'no', coordinates: [117.25, -31.5] },
    properties: {
      incidentEventsId: '9900001',
      DFESUniqueNumber: '990001',
      locationStreetName: 'PRETEND RD',
      locationCrossName: '',
      locationSuburb: 'NOWHERE FLAT',
      localGovernmentArea: 'SHIRE OF IMAGINARY',
      region: 'GOLDFIELDS MIDLANDS',
      description: 'Bushfire',
      situation: 'Bushfire',
      type: 'Bushfire',
      lastUpdatedTime: '2021-02-03 12:05:00',
      areaBurnt: '15',
      status: 'Contained',
      startTime: '2021-02-03 10:00:00',
      numOfAppliancesResponding: '4',
      classification: 'Unclassified',
      ...overrides,
    },
  }));
  return `\n   {"type": "FeatureCollection", "features": ${JSON.stringify(features)}}`;
}

/** A legacy incident_FCAD.rss document, one item per entry. */
function fcadRss(...items: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss xmlns:geo="http://www.w3.org/2003/01/geo/wgs84_pos#" version="2.0"><channel>
<title>DFES Incidents (All Regions)</title><pubDate/>${items.join('\n')}</channel></rss>`;
}

const FCAD_ITEM = `<item>
  <title>Bushfire (NOWHERE FLAT, SHIRE OF IMAGINARY,GOLDFIELDS MIDLANDS, FCAD:
      990001)</title>
  <link>https://www.emergency.wa.gov.au/#map/incident/9900001</link>
  <description>Bushfire <![CDATA[<region>GOLDFIELDS MIDLANDS</region>
<incidentNumber>990001</incidentNumber>
<publicationTime>03/02/2021 12:05:00</publicationTime>]]></description>
  <pubDate>2021-02-03 12:05:00</pubDate>
  <guid>9900001</guid>
  <geo:long>117.25</geo:long>
  <geo:lat>-31.5</geo:lat>
</item>`;

/** A legacy message.rss document, one item per entry. */
function messageRss(...items: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss xmlns:georss="urn:oasis:names:tc:emergency:cap:1.2" xmlns:dfes="http://emergency.wa.gov.au/xmlns/dfes"
 xmlns:geo="http://www.w3.org/2003/01/geo/wgs84_pos#" version="2.0"><channel>
<title>DFES Warnings (All Regions)</title><pubDate>Wed, 3 Feb 2021 12:30:00 GMT</pubDate>
${items.join('\n')}</channel></rss>`;
}

function messageItem(options: {
  title: string;
  link?: string;
  category?: string;
  body?: string;
  extra?: string;
}) {
  return `<item>
<title>${options.title}</title>
<link>${options.link ?? 'https://www.emergency.wa.gov.au/#map/warning/bwa_100000001'}</link>
<description><![CDATA[
<div>
<b>Category: </b>${options.category ?? 'Bushfire'}</div>
<div>
<b>Alert Summary: </b>Made-up summary: with a colon, 12:30 PM</div>
<div>
<b>Content:</b><div>${options.body ?? '<p>Leave now.</p>'}</div></div>]]></description>
<dfes:region>Goldfields-Midlands</dfes:region>
<dfes:incidentNumber>990001</dfes:incidentNumber>
<dfes:publicationTime>03/02/21 12:05 PM</dfes:publicationTime>
<pubDate>Wed, 3 Feb 2021 04:05:00 GMT</pubDate>
<guid>100000001</guid>
<geo:long>117.25</geo:long>
<geo:lat>-31.5</geo:lat>
${options.extra ?? ''}
</item>`;
}

const ALL_PARSERS: Record<string, FeedParser> = { ...WA_PARSERS, ...WA_ARCHIVE_PARSERS };

describe('WA DFES parsers: malformed and empty documents', () => {
  const truncatedJson = fcadJson({}).slice(0, 200);
  const truncatedXml = fcadRss(FCAD_ITEM).slice(0, 300);
  const html = '<!DOCTYPE html><html><head><title>502</title></head><body><h1>Bad Gateway</h1></body></html>';

  for (const [format, parser] of Object.entries(ALL_PARSERS)) {
    const xml = format.endsWith('-rss');
    it.each([
      ['an empty body', ''],
      ['white space only', '\n \t '],
      ['an HTML error page', html],
      ['a truncated document', xml ? truncatedXml : truncatedJson],
      ['the wrong kind of document', xml ? '{"incidents": []}' : '<rss version="2.0"><channel/></rss>'],
    ])(`${format} rejects %s`, (_, text) => {
      expect(() => run(parser, text)).toThrow(MalformedFeedError);
    });
  }

  it.each([
    ['wa-dfes-incident-fcad-geojson', '\n\n {"type": "FeatureCollection", "features":[] }\n'],
    ['wa-dfes-message-warnings-geojson', '{"type": "FeatureCollection", "features": [] }'],
    ['wa-dfes-incident-fcad-rss', fcadRss()],
    ['wa-dfes-message-rss', `\uFEFF${messageRss()}`],
    [
      'wa-dfes-total-fire-ban-rss',
      '<rss version="2.0"><channel><title>Total Fire Ban</title></channel></rss>',
    ],
    ['wa-dfes-fire-danger-rss', '<rss version="2.0"><channel></channel></rss>'],
    ['wa-dfes-v1-incidents-json', '{"incidents": []}'],
    ['wa-dfes-v1-warnings-json', '\uFEFF {"warnings": []}'],
  ])('%s reads a valid empty document as no incidents', (format, text) => {
    expect(run(ALL_PARSERS[format]!, text)).toEqual({ incidents: [], unmapped: [], dropped: [] });
  });

  it('rejects a JSON body without the expected member and an RSS body without a channel', () => {
    expect(() => run(parseWaDfesV1Warnings, '{"incidents": []}')).toThrow(/"warnings" array/);
    expect(() => run(parseWaDfesIncidentFcadJson, '[]')).toThrow(/FeatureCollection/);
    expect(() => run(parseWaDfesMessageRss, '<rss version="2.0"/>')).toThrow(/without a <channel>/);
  });
});

describe('WA DFES legacy parsers: made-up documents', () => {
  it('gives an incident the same id in incident_FCAD.json and incident_FCAD.rss', () => {
    const [fromJson] = run(parseWaDfesIncidentFcadJson, fcadJson({})).incidents;
    const [fromRss] = run(parseWaDfesIncidentFcadRss, fcadRss(FCAD_ITEM)).incidents;
    expect(fromJson?.id).toBe('wa-dfes-990001');
    expect(fromRss?.id).toBe(fromJson?.id);
    for (const key of ['title', 'eventType', 'geometry'] as const)
      expect(fromRss?.[key]).toEqual(fromJson?.[key]);
    expect(fromRss?.location).toMatchObject({ suburb: 'NOWHERE FLAT', lga: 'SHIRE OF IMAGINARY' });
    expect(fromJson?.details).toMatchObject({ area_burnt: 15, appliances: 4, status_raw: 'Contained' });
    expect(fromJson?.status).toBe('contained');
  });

  it('falls back to the website id without a CAD number, and drops records without any id or time', () => {
    const result = run(
      parseWaDfesIncidentFcadJson,
      fcadJson(
        { DFESUniqueNumber: '' },
        { DFESUniqueNumber: '', incidentEventsId: '' },
        { DFESUniqueNumber: '990002', startTime: 'yesterday', lastUpdatedTime: '' },
      ),
    );
    expect(result.incidents.map((draft) => draft.id)).toEqual(['wa-dfes-web-9900001']);
    expect(result.dropped).toEqual([
      { reason: 'no-id', upstreamId: '' },
      { reason: 'no-timestamps', upstreamId: '990002' },
    ]);
    expect(result.unmapped).toEqual([
      { field: 'startTime', value: 'yesterday', incidentId: 'wa-dfes-990002' },
    ]);
  });

  it('keeps the later of two records with one id and reports the other as a duplicate', () => {
    const result = run(
      parseWaDfesIncidentFcadJson,
      fcadJson({ lastUpdatedTime: '2021-02-03 13:00:00', status: 'Monitoring' }, { status: 'Active' }),
    );
    expect(result.incidents.map((draft) => draft.status)).toEqual(['controlled']);
    expect(result.dropped).toEqual([{ reason: 'duplicate', upstreamId: '990001' }]);
  });

  it('reports unknown types and statuses, keeping their raw values', () => {
    const result = run(parseWaDfesIncidentFcadJson, fcadJson({ type: 'Alien Landing', status: 'Pending' }));
    expect(result.incidents[0]).toMatchObject({
      eventType: 'other',
      status: 'active',
      details: { type: 'Alien Landing', status_raw: 'Pending' },
    });
    expect(result.unmapped).toEqual([
      { field: 'type', value: 'Alien Landing', incidentId: 'wa-dfes-990001' },
      { field: 'status', value: 'Pending', incidentId: 'wa-dfes-990001' },
    ]);
  });

  it('reads a warning level from the template section when the title has none', () => {
    const body =
      '<!-- @Start{ALERT INFO} --><!-- @Start{EMERGENCY WARNING} --><p>Leave now.</p><!-- @End{EMERGENCY WARNING} -->' +
      '<!-- @Start{WATCH AND ACT} --> <!-- @End{WATCH AND ACT} --><!-- @End{ALERT INFO} -->';
    const result = run(
      parseWaDfesMessageRss,
      messageRss(messageItem({ title: 'Bushfire for Nowhere Flat', body })),
    );
    expect(result.unmapped).toEqual([]);
    expect(result.incidents[0]).toMatchObject({
      id: 'wa-dfes-bwa_100000001',
      warningLevel: 'emergency_warning',
      severity: 'Extreme',
      eventType: 'bushfire',
      details: {
        alert_summary: 'Made-up summary: with a colon, 12:30 PM',
        description: 'Leave now.',
        template_sections: ['EMERGENCY WARNING'],
        cad_id: '990001',
      },
      timestamps: { updated: '2021-02-03T12:05:00+08:00' },
    });
  });

  it('reports titles without a level and unknown categories; falls back to publicationTime', () => {
    const item = messageItem({ title: 'Smoke Alert for Nowhere Flat', category: 'Smoke' }).replace(
      /<pubDate>[^<]*<\/pubDate>/,
      '<pubDate>not a date</pubDate>',
    );
    const result = run(parseWaDfesMessageRss, messageRss(item));
    expect(result.incidents[0]).toMatchObject({ eventType: 'other', warningLevel: 'none', status: 'active' });
    expect(result.incidents[0]?.timestamps.updated).toBe('2021-02-03T12:05:00+08:00');
    expect(result.unmapped.map(({ field, value }) => [field, value])).toEqual([
      ['pubDate', 'not a date'],
      ['title', 'Smoke Alert'],
      ['category', 'Smoke'],
    ]);
  });

  it('skips unreadable polygon lines, closes open rings and ignores (0, 0) markers', () => {
    const polygon = `<georss:polygon>-31.5,117.2
-31.6,117.3
not a pair
-31.6,117.2
</georss:polygon>`;
    const item = messageItem({ title: 'Bushfire Watch and Act for Nowhere Flat', extra: polygon })
      .replace('<geo:long>117.25</geo:long>', '<geo:long>0.0</geo:long>')
      .replace('<geo:lat>-31.5</geo:lat>', '<geo:lat>0.0</geo:lat>');
    const { incidents, unmapped } = run(parseWaDfesMessageRss, messageRss(item));
    expect(incidents.map((draft) => draft.featureType)).toEqual(['incident', 'warning_area']);
    expect(incidents[1]?.geometry).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [117.2, -31.5],
          [117.3, -31.6],
          [117.2, -31.6],
          [117.2, -31.5],
        ],
      ],
    });
    // Without a marker the incident sits at the polygon's centroid (the mean of its distinct vertices).
    expect(incidents[0]?.geometry?.type).toBe('Point');
    expect(incidents[0]?.location.longitude).toBeCloseTo((117.2 + 117.3 + 117.2) / 3, 9);
    expect(incidents[0]?.location.latitude).toBeCloseTo((-31.5 - 31.6 - 31.6) / 3, 9);
    expect(unmapped).toEqual([
      { field: 'georss:polygon', value: '1 unreadable lat,lon line(s)', incidentId: 'wa-dfes-bwa_100000001' },
    ]);
  });

  it('maps JSON warning types, and an All Clear without category to other', () => {
    const document = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', sm_coordinates: 'no', coordinates: [117.25, -31.5] },
          properties: {
            messageId: 'oac_1',
            subject: 'All clear',
            type: 'All Clear',
            lastUpdatedTime: '03/02/21 12:05:00 AM',
          },
        },
        {
          type: 'Feature',
          geometry: null,
          properties: {
            messageId: 'cga_2',
            type: 'Cyclone - Get Ready',
            lastUpdatedTime: '03/02/21 12:05:00 PM',
          },
        },
      ],
    });
    const { incidents, unmapped } = run(parseWaDfesMessageWarningsJson, document);
    expect(unmapped).toEqual([]);
    expect(incidents.map((d) => [d.id, d.eventType, d.status, d.warningLevel, d.timestamps.updated])).toEqual(
      [
        ['wa-dfes-oac_1', 'other', 'safe', 'none', '2021-02-03T00:05:00+08:00'],
        ['wa-dfes-cga_2', 'cyclone', 'active', 'advice', '2021-02-03T12:05:00+08:00'],
      ],
    );
    expect(incidents[1]).toMatchObject({ title: 'Cyclone - Get Ready', geometry: null });
  });

  it('reports a fire ban notice or rating it does not know', () => {
    const tfb = `<rss version="2.0"><channel><item><title>Total Fire Ban advice for 5 February 2021</title>
<description><![CDATA[<p><strong>Partial Ban Notice</strong></p>]]></description>
<pubDate>Thu, 4 Feb 2021 09:00:00 GMT</pubDate><guid>42</guid><geo:lat/><geo:long/></item></channel></rss>`;
    expect(run(parseWaDfesTotalFireBanRss, tfb).unmapped).toEqual([
      { field: 'notice', value: 'Total Fire Ban advice for 5 February 2021', incidentId: 'wa-dfes-tfb-42' },
    ]);
    const fdr = `<rss version="2.0"><channel><item><title>Fire Danger Ratings for 5 February 2021</title>
<description><![CDATA[<p><strong>Scorching Fire Danger Ratings have been forecast for the following Fire Weather Districts for 5 February 2021:</strong></p><ul><li>Nowhere Inland</li></ul>
<p><strong>Catastrophic Fire Danger Ratings have been forecast for the following Fire Weather Districts for 5 February 2021:</strong></p><ul><li>Pretend Coast</li></ul>]]></description>
<pubDate>Thu, 4 Feb 2021 20:00:00 GMT</pubDate><guid>43</guid><geo:lat>0.0</geo:lat><geo:long>0.0</geo:long></item></channel></rss>`;
    const result = run(parseWaDfesFireDangerRss, fdr);
    expect(result.unmapped).toEqual([
      { field: 'fire_danger_rating', value: 'Scorching', incidentId: 'wa-dfes-fdr-43' },
    ]);
    expect(result.incidents[0]?.details).toMatchObject({
      highest_rating: 'Catastrophic',
      ratings: { Scorching: ['Nowhere Inland'], Catastrophic: ['Pretend Coast'] },
    });
  });

  it('serves total fire ban polygons, where a feed has them, as fire_ban_area', () => {
    const tfb = `<rss xmlns:georss="urn:oasis:names:tc:emergency:cap:1.2" version="2.0"><channel><item>
<title>Total Fire Ban advice for 5 February 2021</title>
<description><![CDATA[<p><strong>Total Fire Ban affecting</strong></p><p><strong>Nowhere Region:</strong></p><ul><li>Imaginary - 12:00 PM to 06:00 PM</li></ul>]]></description>
<pubDate>Thu, 4 Feb 2021 09:00:00 GMT</pubDate><guid>44</guid>
<georss:polygon>-31,117
-31,118
-32,118
-31,117</georss:polygon></item></channel></rss>`;
    const { incidents } = run(parseWaDfesTotalFireBanRss, tfb);
    expect(incidents.map((d) => [d.id, d.featureType, d.parentId])).toEqual([
      ['wa-dfes-tfb-44', 'incident', undefined],
      ['wa-dfes-tfb-44-fireban', 'fire_ban_area', 'wa-dfes-tfb-44'],
    ]);
    expect(incidents[0]?.details.regions).toEqual([
      { region: 'Nowhere', districts: [{ name: 'Imaginary', period: '12:00 PM to 06:00 PM' }] },
    ]);
  });
});

describe('WA DFES vocabulary, time and text helpers', () => {
  it('reads warning levels out of warning types and titles', () => {
    expect(warningTypeOf('Bushfire Emergency Warning')).toEqual({
      warningLevel: 'emergency_warning',
      status: 'active',
      hazard: 'Bushfire',
    });
    expect(warningTypeOf('Storm - Take Action Now')).toMatchObject({
      warningLevel: 'watch_and_act',
      hazard: 'Storm',
    });
    expect(warningTypeOf('Cyclone - Get Ready')).toMatchObject({ warningLevel: 'advice', hazard: 'Cyclone' });
    expect(warningTypeOf('Flood Watch & Act')).toMatchObject({
      warningLevel: 'watch_and_act',
      hazard: 'Flood',
    });
    expect(warningTypeOf('After Storm: Cancellation')).toEqual({
      warningLevel: 'none',
      status: 'safe',
      hazard: 'After Storm',
    });
    expect(warningTypeOf('All Clear')).toEqual({ warningLevel: 'none', status: 'safe', hazard: '' });
    expect(warningTypeOf('Heatwave advice')).toMatchObject({ warningLevel: 'advice', hazard: 'Heatwave' });
    // A level word inside another word is not a level.
    expect(warningTypeOf('Adviceless Storm')).toBeUndefined();
    expect(warningTypeOf('Smoke Alert')).toBeUndefined();
  });

  it('maps types, statuses, notices and ratings case-insensitively', () => {
    expect(eventTypeOf('BURN OFF')).toBe('burn_off');
    expect(eventTypeOf('road  crash')).toBe('vehicle_accident');
    expect(eventTypeOf('Spaceship')).toBeUndefined();
    expect(statusOf('on scene')).toBe('active');
    expect(statusOf('MONITORING')).toBe('controlled');
    expect(statusOf('Unknown')).toBeUndefined();
    expect(totalFireBanNoticeOf('Revocation of Total Fire Ban:')).toBe('completed');
    expect(fireDangerRankOf('Very High')).toBeLessThan(fireDangerRankOf('High') ?? -1);
    expect(fireDangerRankOf('Scorching')).toBeUndefined();
  });

  it('reads RFC 822, mislabelled-GMT and ISO times into Perth time', () => {
    expect(rfc822Time('Tue, 3 Jan 2023 05:59:13 GMT')).toBe('2023-01-03T13:59:13+08:00');
    expect(rfc822Time('Tue, 3 Jan 2023 05:59:13 +0000')).toBe('2023-01-03T13:59:13+08:00');
    expect(mislabelledGmtTime('Tue, 3 Jan 2023 13:59:57 GMT')).toBe('2023-01-03T13:59:57+08:00');
    expect(isoTime('2025-01-02T03:04:05Z')).toBe('2025-01-02T11:04:05+08:00');
    expect(isoTime('2025-01-02T03:04:05.789+10:00')).toBe('2025-01-02T01:04:05+08:00');
    expect(isoTime('2025-01-02T03:04:05')).toBe('2025-01-02T03:04:05+08:00');
    expect(isoTime('2025-01-02 03:04')).toBe('2025-01-02T03:04:00+08:00');
    // WA's 2006–09 daylight-saving trial: +09:00 in summer.
    expect(isoTime('2008-01-15T12:00:00')).toBe('2008-01-15T12:00:00+09:00');
    expect(isoTime('2025-02-30T03:04:05Z')).toBeUndefined();
    expect(isoTime('soon')).toBeUndefined();
    expect(rfc822Time('soon')).toBeUndefined();
  });
});

describe('WA catalogue', () => {
  it('lists the v1 feeds only, each with its parser', () => {
    expect(WA_FEEDS.map((feed) => [feed.key, feed.format, feed.url])).toEqual([
      ['wa-dfes-incidents', 'wa-dfes-v1-incidents-json', 'https://api.emergency.wa.gov.au/v1/incidents'],
      ['wa-dfes-warnings', 'wa-dfes-v1-warnings-json', 'https://api.emergency.wa.gov.au/v1/warnings'],
    ]);
    for (const feed of WA_FEEDS) {
      expect(WA_PARSERS[feed.format], feed.key).toBeDefined();
      expect(feed).toMatchObject({
        state: 'wa',
        agency: 'dfes',
        licence: 'Emergency WA terms',
        official: false,
      });
    }
    expect(Object.keys(WA_PARSERS).sort()).toEqual(WA_FEEDS.map((feed) => feed.format).sort());
  });
});

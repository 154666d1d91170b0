import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MalformedFeedError } from '../../../sources/common/errors.js';
import { parseSaCfsCurrentIncidentsRss } from '../../../sources/sa/cfs-current-incidents-rss.js';
import { SA_LEGACY_PARSERS, SA_PARSERS } from '../../../sources/sa/index.js';
import type { ParseResult } from '../../../model/index.js';
import { requireSharedFolder, UPSTREAM_SAMPLES_DIR } from '../../../replay/shared-samples.js';
import { byId } from '../drafts.js';

const SAMPLE = `${UPSTREAM_SAMPLES_DIR}sa/sa-cfs-criimson-CFS_Current_Incidents-rss-2013-05-17-legacy.xml`;

const parseSample = (): ParseResult => parseSaCfsCurrentIncidentsRss(readFileSync(SAMPLE));
const parseText = (text: string): ParseResult =>
  parseSaCfsCurrentIncidentsRss(new TextEncoder().encode(text));

describe('SA CFS CFS_Current_Incidents.xml (legacy 2013 RSS)', () => {
  beforeAll(() => {
    requireSharedFolder('upstream/samples/sa');
  });

  it('is a legacy format: parsed for archives, outside SA_PARSERS (no catalogue feed)', () => {
    expect(SA_LEGACY_PARSERS['sa-cfs-current-incidents-rss']).toBe(parseSaCfsCurrentIncidentsRss);
    expect(Object.keys(SA_PARSERS)).not.toContain('sa-cfs-current-incidents-rss');
  });

  it('parses the 11 items, without geometry; only these types are unknown to FEEDS.md', () => {
    const result = parseSample();
    expect(result.incidents).toHaveLength(11);
    expect(result.dropped).toEqual([]);
    expect(result.incidents.every((draft) => draft.geometry === null)).toBe(true);
    expect(result.unmapped).toEqual([
      { field: 'type', value: 'Assist Resident', incidentId: 'sa-cfs-1005162' },
      { field: 'type', value: 'Cleanup', incidentId: 'sa-cfs-1005140' },
    ]);
  });

  it('reads the vehicle fire at Virginia: guid number, "STREET, SUBURB (Type)" title, both times', () => {
    expect(byId(parseSample(), 'sa-cfs-1005208')).toEqual({
      id: 'sa-cfs-1005208',
      featureType: 'incident',
      source: { state: 'sa', agency: 'cfs', feedId: '1005208' },
      title: 'ALFRED ROAD, VIRGINIA',
      eventType: 'vehicle_fire',
      eventCategory: 'fire',
      status: 'completed',
      warningLevel: 'none',
      severity: 'Unknown',
      urgency: 'Unknown',
      certainty: 'Observed',
      geometry: null,
      location: { address: 'ALFRED ROAD, VIRGINIA', suburb: 'VIRGINIA', state: 'sa', lga: '' },
      details: {
        source_id: '1005208',
        type: 'Vehicle Fire',
        status_raw: 'COMPLETE',
        region: '2',
        description: 'First Reported: Friday, 17 May 2013 19:00:00\nStatus: COMPLETE\nRegion: 2',
        first_reported: 'Friday, 17 May 2013 19:00:00',
        pub_date: 'Fri, 17 May 2013 19:44:05 +0930',
        guid: 'http://www.cfs.sa.gov.au/custom/criimson/1005208',
        source_url: 'http://www.cfs.sa.gov.au/site/news_media/current_incidents.jsp',
      },
      timestamps: { reported: '2013-05-17T19:00:00+09:30', updated: '2013-05-17T19:44:05+09:30' },
    });
  });

  it('never lets a midnight pubDate precede First Reported; "()" is no type', () => {
    const draft = byId(parseSample(), 'sa-cfs-1005200');
    expect(draft).toMatchObject({
      title: 'BRAY ROAD, MOUNT BARKER',
      eventType: 'other',
      timestamps: { reported: '2013-05-17T17:55:00+09:30', updated: '2013-05-17T17:55:00+09:30' },
      details: { pub_date: 'Fri, 17 May 2013 00:00:00 +0930' },
    });
    expect(draft.details).not.toHaveProperty('type');
  });

  it('reads titles without a street and with a space before the comma', () => {
    const result = parseSample();
    expect(byId(result, 'sa-cfs-1005193').location).toMatchObject({ address: 'KAPUNDA', suburb: 'KAPUNDA' });
    expect(byId(result, 'sa-cfs-1005131')).toMatchObject({
      eventType: 'vehicle_accident',
      location: { address: 'AGRICULTURAL BUREAU DR/POWERS RD, MILLICENT', suburb: 'MILLICENT' },
      details: { region: '5' },
    });
    expect(byId(result, 'sa-cfs-1005124').eventType).toBe('tree_down');
  });

  it('rejects an empty body, an HTML page, a truncated document and a channel-less rss', () => {
    const valid = readFileSync(SAMPLE, 'utf8');
    for (const text of [
      '',
      '<html><head><title>SA ESS - File Unavailable</title></head><body>File Unavailable</body></html>',
      valid.slice(0, 1000),
      '<rss version="2.0"></rss>',
    ]) {
      expect(() => parseText(text)).toThrow(MalformedFeedError);
    }
  });

  it('accepts a channel without items', () => {
    expect(
      parseText('<?xml version="1.0"?><rss version="2.0"><channel><title>x</title></channel></rss>'),
    ).toEqual({ incidents: [], unmapped: [], dropped: [] });
  });

  it('reads a daylight-saving pubDate (+1030) and drops an item without a numbered guid', () => {
    const item = (guid: string): string =>
      `<item><guid isPermaLink='false'>${guid}</guid><title>PRETEND ROAD, FAKEFORD (Grass Fire)</title>` +
      '<description>First Reported: Sunday, 07 Jan 2024 13:05:00&lt;br&gt;Status: GOING&lt;br&gt;Region: 4</description>' +
      '<pubDate>Sun, 07 Jan 2024 13:20:00 +1030</pubDate></item>';
    const result = parseText(
      `<rss version='2.0'><channel>${item('http://example.org/criimson/9200001')}${item('none')}</channel></rss>`,
    );
    expect(result.incidents[0]).toMatchObject({
      id: 'sa-cfs-9200001',
      eventType: 'grass_fire',
      status: 'active',
      timestamps: { reported: '2024-01-07T13:05:00+10:30', updated: '2024-01-07T13:20:00+10:30' },
    });
    expect(result.dropped).toEqual([{ reason: 'no-id', upstreamId: 'PRETEND ROAD, FAKEFORD (Grass Fire)' }]);
  });
});

import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseWaDfesFireDangerRss, parseWaDfesTotalFireBanRss } from '../../../sources/wa/dfes-fire-bans.js';
import { parseWaDfesIncidentFcadJson } from '../../../sources/wa/dfes-incident-fcad-json.js';
import { parseWaDfesIncidentFcadRss } from '../../../sources/wa/dfes-incident-fcad-rss.js';
import { parseWaDfesMessageRss } from '../../../sources/wa/dfes-message-rss.js';
import { parseWaDfesMessageWarningsJson } from '../../../sources/wa/dfes-message-warnings-json.js';
import { readDfesRss } from '../../../sources/wa/dfes-rss.js';
import type { FeedParser } from '../../../sources/common/types.js';
import type { ParseResult } from '../../../model/index.js';
import { requireSharedFolder, UPSTREAM_SAMPLES_DIR } from '../../../replay/shared-samples.js';
import { byId, positionsOf } from '../drafts.js';

const SAMPLES = `${UPSTREAM_SAMPLES_DIR}wa/`;
const SAMPLE = {
  incidentsJson: 'wa-dfes-incident_FCAD-json-2020-05-05.json',
  incidentsRss: 'wa-dfes-incident_FCAD-rss-2018-09-30.xml',
  warnings2018: 'wa-dfes-message-rss-warnings-2018-09-30.xml',
  kimberleyFlood: 'wa-dfes-message-rss-warnings-2023-01-03-kimberley-flood.xml',
  fireDanger: 'wa-dfes-message_FDR-rss-fire-danger-2023-10-16.xml',
  totalFireBan: 'wa-dfes-message_TFB-rss-total-fire-ban-2023-01-03.xml',
  warningsJson: 'wa-dfes-message_warnings-json-2020-05-05.json',
} as const;
type SampleName = keyof typeof SAMPLE;

const PARSER: Record<SampleName, FeedParser> = {
  incidentsJson: parseWaDfesIncidentFcadJson,
  incidentsRss: parseWaDfesIncidentFcadRss,
  warnings2018: parseWaDfesMessageRss,
  kimberleyFlood: parseWaDfesMessageRss,
  fireDanger: parseWaDfesFireDangerRss,
  totalFireBan: parseWaDfesTotalFireBanRss,
  warningsJson: parseWaDfesMessageWarningsJson,
};

const bytes = (name: SampleName): Buffer => readFileSync(SAMPLES + SAMPLE[name]);
const parseSample = (name: SampleName): ParseResult => PARSER[name](bytes(name));

describe('WA DFES legacy feeds: real samples', () => {
  beforeAll(() => {
    requireSharedFolder('upstream/samples/wa');
  });

  it('parses every sample into the expected number of incidents, areas and dropped records', () => {
    const counts = (Object.keys(SAMPLE) as SampleName[]).map((name) => {
      const { incidents, dropped } = parseSample(name);
      const areas = incidents.filter((draft) => draft.featureType !== 'incident').length;
      return [name, incidents.length - areas, areas, dropped.length];
    });
    expect(counts).toEqual([
      ['incidentsJson', 34, 0, 0],
      ['incidentsRss', 50, 0, 0],
      ['warnings2018', 3, 0, 0],
      ['kimberleyFlood', 15, 12, 0],
      ['fireDanger', 1, 0, 0],
      ['totalFireBan', 4, 0, 0],
      ['warningsJson', 3, 0, 0],
    ]);
  });

  it('maps every value of every sample (no unmapped values)', () => {
    for (const name of Object.keys(SAMPLE) as SampleName[]) {
      expect(parseSample(name).unmapped, name).toEqual([]);
    }
  });

  it('gives every timestamp Perth’s +08:00 and keeps every coordinate [lng, lat] inside WA', () => {
    for (const name of Object.keys(SAMPLE) as SampleName[]) {
      for (const draft of parseSample(name).incidents) {
        expect(draft.timestamps.reported, draft.id).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);
        expect(draft.timestamps.updated, draft.id).toMatch(/\+08:00$/);
        expect(draft.source.state).toBe('wa');
        const outside = positionsOf(draft).filter(
          ([lng, lat]) => !(lng > 112.5 && lng < 129.1 && lat > -35.5 && lat < -13.5),
        );
        expect(outside, draft.id).toEqual([]);
      }
    }
  });

  describe('incident_FCAD.json (2020)', () => {
    it('reads a burn off: CAD number as id, Perth wall-clock times, street and suburb', () => {
      expect(byId(parseSample('incidentsJson'), 'wa-dfes-475111')).toEqual({
        id: 'wa-dfes-475111',
        featureType: 'incident',
        source: { state: 'wa', agency: 'dfes', feedId: '475111' },
        title: 'Burn Off - WANNEROO',
        eventType: 'burn_off',
        eventCategory: 'planned',
        status: 'active',
        warningLevel: 'none',
        severity: 'Unknown',
        urgency: 'Unknown',
        certainty: 'Observed',
        geometry: { type: 'Point', coordinates: [115.810295, -31.768328] },
        location: {
          address: 'KENTIA LOOP, WANNEROO',
          suburb: 'WANNEROO',
          lga: 'CITY OF WANNEROO',
          state: 'wa',
          latitude: -31.768328,
          longitude: 115.810295,
          precision: 'exact',
        },
        details: {
          type: 'Burn Off',
          status_raw: 'Active',
          region: 'METRO NORTH COASTAL',
          appliances: 0,
          classification: 'Unclassified',
          cad_id: '475111',
          source_id: '2015374',
          source_url: 'https://www.emergency.wa.gov.au/#map/incident/2015374',
        },
        timestamps: { reported: '2020-04-26T12:26:22+08:00', updated: '2020-04-26T14:56:34+08:00' },
      });
    });

    it('maps the WA incident types and statuses', () => {
      const result = parseSample('incidentsJson');
      const pick = (id: string) => {
        const { eventType, status, details } = byId(result, `wa-dfes-${id}`);
        return [eventType, status, details.type, details.status_raw];
      };
      expect(pick('477627')).toEqual(['structure_fire', 'active', 'Structure Fire', 'On Scene']);
      expect(pick('477177')).toEqual(['bushfire', 'controlled', 'Bushfire', 'Monitoring']);
      expect(pick('477629')).toEqual(['hazmat', 'active', 'Fuel Leak', 'On Scene']);
      expect(pick('477635')).toEqual(['alarm', 'controlled', 'Active Alarm', 'Monitoring']);
      expect(pick('477617')).toEqual(['storm', 'controlled', 'Storm Damage', 'Monitoring']);
      expect(pick('477630')).toEqual(['vehicle_fire', 'active', 'Vehicle Fire', 'On Scene']);
      // "Fire" alone, in suburban Bentley: no context to call it a bushfire.
      expect(pick('477624')).toEqual(['other', 'controlled', 'Fire', 'Monitoring']);
      expect(pick('477628')).toEqual(['other', 'controlled', 'Incident', 'Monitoring']);
      expect(byId(result, 'wa-dfes-476107').location.address).toBe(
        'THOMSON BROOK RD & TOWERS RD, THOMSON BROOK',
      );
    });

    it('quirk: accepts the blank lines before the JSON', () => {
      const text = bytes('incidentsJson').toString('utf8');
      expect(text).toMatch(/^\s+\{/);
      expect(parseSample('incidentsJson').incidents).toHaveLength(34);
    });

    it('quirk: drops the non-standard sm_coordinates member of each Point', () => {
      expect(bytes('incidentsJson').toString('utf8')).toContain('"sm_coordinates":"no"');
      for (const draft of parseSample('incidentsJson').incidents) {
        expect(Object.keys(draft.geometry ?? {}).sort()).toEqual(['coordinates', 'type']);
      }
    });
  });

  describe('incident_FCAD.rss (2018)', () => {
    it('reads the FCAD number, suburb and LGA out of a title wrapped over two lines', () => {
      expect(byId(parseSample('incidentsRss'), 'wa-dfes-402242')).toMatchObject({
        title: 'Bushfire - KUNUNURRA',
        eventType: 'bushfire',
        status: 'active',
        geometry: { type: 'Point', coordinates: [128.72871, -15.62951] },
        location: { address: 'KUNUNURRA', suburb: 'KUNUNURRA', lga: 'SHIRE OF WYNDHAM-EAST KIMBERLEY' },
        details: {
          type: 'Bushfire',
          region: 'KIMBERLEY',
          cad_id: '402242',
          source_id: '1593310',
          source_url: 'https://www.emergency.wa.gov.au/#map/incident/1593310',
        },
        // pubDate "2018-08-30 17:07:10" is Perth time, not RFC 822.
        timestamps: { reported: '2018-08-30T17:07:10+08:00', updated: '2018-08-30T17:07:10+08:00' },
      });
    });

    it('handles an empty suburb and "unknown LGA"', () => {
      expect(byId(parseSample('incidentsRss'), 'wa-dfes-402250')).toMatchObject({
        title: 'Bushfire - PILBARA',
        location: { address: '', suburb: '', lga: '' },
        details: { region: 'PILBARA', cad_id: '402250' },
      });
    });

    it('maps the 2018 types', () => {
      const types = new Map(parseSample('incidentsRss').incidents.map((d) => [d.details.type, d.eventType]));
      expect(Object.fromEntries(types)).toEqual({
        Bushfire: 'bushfire',
        Fire: 'other',
        'Active Alarm': 'alarm',
        'Burn Off': 'burn_off',
        'Smell of Gas': 'hazmat',
        'Road Crash': 'vehicle_accident',
        'Storm Damage': 'storm',
        Incident: 'other',
        Rescue: 'rescue',
      });
    });
  });

  describe('message.rss warnings', () => {
    it('quirk: item pubDate is real UTC while the channel pubDate labelled GMT is Perth time', () => {
      // Item: "Sun, 30 Sep 2018 13:41:23 GMT", issued "30/09/18 09:41 PM" Perth.
      expect(byId(parseSample('warnings2018'), 'wa-dfes-sac_130816231').timestamps.updated).toBe(
        '2018-09-30T21:41:23+08:00',
      );
      // Channel: "Sun, 30 Sep 2018 21:42:47 GMT", one minute after that item, on Perth's clock.
      expect(readDfesRss(bytes('warnings2018'), 'test').publishedAt).toBe('2018-09-30T21:42:47+08:00');
      // 2023: the channel's "13:59:57 GMT" is 44 s after the newest item (05:59:13 UTC).
      expect(readDfesRss(bytes('kimberleyFlood'), 'test').publishedAt).toBe('2023-01-03T13:59:57+08:00');
      expect(byId(parseSample('kimberleyFlood'), 'wa-dfes-fta_773717643').timestamps.updated).toBe(
        '2023-01-03T13:59:13+08:00',
      );
    });

    it('quirk: reads the CDATA HTML description by known keys and template comments', () => {
      const advice = byId(parseSample('warnings2018'), 'wa-dfes-bav_130805106');
      expect(advice).toMatchObject({
        eventType: 'bushfire',
        status: 'active',
        warningLevel: 'advice',
        severity: 'Minor',
        urgency: 'Expected',
        certainty: 'Unknown',
        location: {
          address:
            'Victoria Highway near the eastern part of Kununurra in the SHIRE OF WYNDHAM-EAST KIMBERLEY',
          lga: 'SHIRE OF WYNDHAM-EAST KIMBERLEY',
        },
        details: {
          warning_type: 'Bushfire Advice',
          category: 'Bushfire',
          alert_summary:
            'Bushfire ADVICE for Victoria Highway near the eastern part of Kununurra in the SHIRE OF WYNDHAM-EAST KIMBERLEY',
          template_sections: ['ADVICE'],
          region: 'Kimberley',
          message_id: 'bav_130805106',
          source_id: '130805106',
        },
      });
      const description = String(advice.details.description);
      expect(description).toContain('The fire was reported at 05:30 PM on 30 September 2018.');
      expect(description).not.toMatch(/@Start|<|&nbsp;/);
    });

    it('quirk: reads levels from titles ("Take Action Now", "Cancellation", "All Clear")', () => {
      const flood = parseSample('kimberleyFlood');
      const level = (id: string) => {
        const { eventType, status, warningLevel } = byId(flood, `wa-dfes-${id}`);
        return [eventType, status, warningLevel];
      };
      expect(level('fta_773717643')).toEqual(['flood', 'active', 'watch_and_act']);
      expect(level('sta_773699011')).toEqual(['storm', 'active', 'watch_and_act']);
      expect(level('sac_773699011')).toEqual(['storm', 'safe', 'none']);
      expect(level('bav_773689749')).toEqual(['bushfire', 'active', 'advice']);
      expect(level('bac_773642716')).toEqual(['bushfire', 'safe', 'none']);
      expect(level('oad_773449050')).toEqual(['other', 'active', 'advice']);
      expect(byId(flood, 'wa-dfes-fta_773717643').severity).toBe('Moderate');
      const park = byId(parseSample('warnings2018'), 'wa-dfes-oad_129813861');
      expect([park.eventType, park.warningLevel, park.details.category]).toEqual([
        'other',
        'advice',
        'Other',
      ]);
    });

    it('keeps a storm warning and its cancellation apart although they share one guid', () => {
      const flood = parseSample('kimberleyFlood');
      const pair = ['wa-dfes-sta_773699011', 'wa-dfes-sac_773699011'].map((id) => byId(flood, id));
      expect(pair.map((draft) => draft.details.source_id)).toEqual(['773699011', '773699011']);
      expect(pair.map((draft) => draft.title)).toEqual([
        'Storm - Take Action Now for Kimberley',
        'After Storm: Cancellation for Pilbara',
      ]);
    });

    it('quirk: turns newline-separated "lat,lon" georss:polygon pairs into [lng, lat] warning areas', () => {
      // The georss prefix is bound to the CAP 1.2 namespace, not GeoRSS's: it is read by prefix.
      expect(bytes('kimberleyFlood').toString('utf8')).toContain(
        'xmlns:georss="urn:oasis:names:tc:emergency:cap:1.2"',
      );
      const flood = parseSample('kimberleyFlood');
      const area = byId(flood, 'wa-dfes-fta_773717643-warning');
      expect(area).toMatchObject({ featureType: 'warning_area', parentId: 'wa-dfes-fta_773717643' });
      expect(area.geometry).toEqual({
        type: 'Polygon',
        coordinates: [
          [
            [125.50988082139997, -18.26921251242181],
            [125.53631667344726, -18.291054293076158],
            [125.66128615584982, -18.164855689540147],
            [125.59021834580139, -18.125705776657416],
            [125.50988082139997, -18.26921251242181],
          ],
        ],
      });
      // The polygon's own level differs from the title's: kept in details, the title wins.
      expect(area.details.area_alert_levels).toEqual(['Flood - Get Ready to Evacuate']);
      // Two polygons → one MultiPolygon; the incident stays at the item's geo:lat/geo:long marker.
      expect(byId(flood, 'wa-dfes-bav_773662707-warning').geometry?.type).toBe('MultiPolygon');
      expect(byId(flood, 'wa-dfes-bav_773662707').geometry).toEqual({
        type: 'Point',
        coordinates: [114.09844443961937, -22.87436953715061],
      });
      const storm = byId(flood, 'wa-dfes-sta_773699011-warning');
      expect(storm.geometry?.type === 'Polygon' && storm.geometry.coordinates[0]).toHaveLength(2606);
    });

    it('links warnings to their incident by CAD number, and reads an empty place field', () => {
      const flood = parseSample('kimberleyFlood');
      expect(byId(flood, 'wa-dfes-bav_773689749').details.cad_id).toBe('604087');
      expect(byId(flood, 'wa-dfes-bav_773662707').location.lga).toBe('SHIRE OF CARNARVON, SHIRE OF EXMOUTH');
      // "Evacuation Centre Advice for  in Kimberley": the place was left empty upstream.
      expect(byId(flood, 'wa-dfes-oad_773449050')).toMatchObject({
        title: 'Evacuation Centre Advice for in Kimberley',
        location: { address: 'Kimberley', lga: '' },
        details: { region: 'Kimberley' },
      });
    });
  });

  describe('message_warnings.json (2020)', () => {
    it('reads "DD/MM/YY hh:mm:ss PM" Perth times and levels from `type`', () => {
      const result = parseSample('warningsJson');
      expect(byId(result, 'wa-dfes-sta_301025329')).toMatchObject({
        title:
          'severe weather in South West, Great Southern, Lower South West, Goldfields-Midlands, Perth Metropolitan',
        eventType: 'storm',
        status: 'active',
        warningLevel: 'watch_and_act',
        geometry: { type: 'Point', coordinates: [117.5551180163621, -33.689367404148825] },
        location: {
          address: 'Goldfields-Midlands, Perth Metropolitan, Great Southern, South West, Lower South West',
        },
        details: { warning_type: 'Storm - Take Action Now', incident_events_id: '2020856' },
        timestamps: { reported: '2020-05-05T14:45:03+08:00', updated: '2020-05-05T14:45:03+08:00' },
      });
      expect(byId(result, 'wa-dfes-oac_300974353')).toMatchObject({
        eventType: 'structure_fire',
        status: 'safe',
        warningLevel: 'none',
        location: { address: 'Kwinana Beach and surrounding areas', lga: 'City of Kwinana' },
        details: { warning_type: 'All Clear', category: 'Structure Fire' },
        timestamps: { updated: '2020-05-05T13:11:30+08:00' },
      });
    });
  });

  describe('message_TFB.rss and message_FDR.rss', () => {
    it('makes each total fire ban a fire_ban incident without geometry, its LGAs listed', () => {
      const result = parseSample('totalFireBan');
      const ban = byId(result, 'wa-dfes-tfb-773417532');
      expect(ban).toMatchObject({
        featureType: 'incident',
        title: 'Total Fire Ban advice for 3 January 2023',
        eventType: 'fire_ban',
        eventCategory: 'hazard',
        status: 'active',
        warningLevel: 'none',
        geometry: null,
        location: {
          address: 'Midwest Gascoyne, Perth Metropolitan, Goldfields Midlands, South West, Great Southern',
          suburb: '',
          state: 'wa',
        },
        details: {
          notice: 'Total Fire Ban affecting',
          ban_date: '2023-01-03',
          revoked: false,
          district_count: 67,
        },
        // Issued "05:05 PM" Perth; pubDate "Mon, 2 Jan 2023 09:05:25 GMT".
        timestamps: { reported: '2023-01-02T17:05:25+08:00', updated: '2023-01-02T17:05:25+08:00' },
      });
      expect(ban.location).not.toHaveProperty('latitude');
      expect(ban.location.lga.split(', ')).toHaveLength(67);
      expect((ban.details.regions as { region: string }[]).map((region) => region.region)).toEqual([
        'Midwest Gascoyne',
        'Perth Metropolitan',
        'Goldfields Midlands',
        'South West',
        'Great Southern',
      ]);
      expect(byId(result, 'wa-dfes-tfb-772996988').details.regions).toEqual([
        { region: 'Pilbara', districts: [{ name: 'Karratha', period: 'All Day' }] },
      ]);
    });

    it('makes a revocation a completed ban', () => {
      expect(byId(parseSample('totalFireBan'), 'wa-dfes-tfb-772506445')).toMatchObject({
        title: 'Total Fire Ban advice has changed for 30 December 2022',
        status: 'completed',
        location: { address: 'Perth Metropolitan', lga: 'Gosnells' },
        details: {
          notice: 'Revocation of Total Fire Ban',
          ban_date: '2022-12-30',
          revoked: true,
          regions: [{ region: 'Perth Metropolitan', districts: [{ name: 'Gosnells' }] }],
        },
      });
    });

    it('quirk: dfes:publicationTime is UTC in these two feeds, and agrees with pubDate', () => {
      // "02/01/23 09:05 AM" with pubDate "Mon, 2 Jan 2023 09:05:25 GMT": both UTC, issued 05:05 PM Perth.
      const withoutPubDate = bytes('totalFireBan')
        .toString('utf8')
        .replace(/<pubDate>[^<]*GMT<\/pubDate>\s*<guid>/g, '<guid>');
      const result = parseWaDfesTotalFireBanRss(new TextEncoder().encode(withoutPubDate));
      expect(byId(result, 'wa-dfes-tfb-773417532').timestamps.updated).toBe('2023-01-02T17:05:00+08:00');
      expect(result.unmapped).toEqual([]);
    });

    it('makes the fire danger ratings a fire_ban record with each rating’s districts', () => {
      const [rating, ...others] = parseSample('fireDanger').incidents;
      expect(others).toEqual([]);
      expect(rating).toMatchObject({
        id: 'wa-dfes-fdr-878934721',
        title: 'Fire Danger Ratings for 16 October 2023',
        eventType: 'fire_ban',
        status: 'active',
        warningLevel: 'none',
        // geo:lat/geo:long are 0.0: no location.
        geometry: null,
        details: { forecast_date: '2023-10-16', highest_rating: 'Extreme' },
        // Issued 04:41 AM Perth on the 16th; pubDate "Sun, 15 Oct 2023 20:41:08 GMT".
        timestamps: { updated: '2023-10-16T04:41:08+08:00' },
      });
      const ratings = rating?.details.ratings as Record<string, string[]>;
      expect(ratings.Extreme).toEqual(['Midwest Coast']);
      expect(ratings.High).toHaveLength(26);
      expect(ratings.High?.[0]).toBe('Kimberley Inland');
    });
  });
});

import { DuckDBInstance } from '@duckdb/node-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { NO_LOCATOR, type ArchiveRecord, type StateCode } from '../../model/index.js';
import { AIDR_REGION_STATES, aidrEventType } from '../../sources/archive/index.js';
import { requireSharedFolder } from '../../replay/shared-samples.js';
import { fileSource, readAll, testLocator, type ReadAll } from './support.js';

const AIDR_FILE = 'reference/archive/aemkh_disaster_events.csv';

/** Boxes around the points of the events below, so a test locator can place them. */
const BOXES = {
  vic: [-39.2, -34.0, 140.96, 150.0],
  tas: [-43.7, -39.5, 143.8, 148.5],
  sa: [-38.1, -26.0, 129.0, 140.96],
} as const satisfies Partial<Record<StateCode, [number, number, number, number]>>;

let path: string;
let plain: ReadAll;
let located: ReadAll;
const byId = (read: ReadAll, id: string): ArchiveRecord => {
  const record = read.records.find((candidate) => candidate.id === id);
  if (!record) throw new Error(`no record ${id}`);
  return record;
};
const details = (record: ArchiveRecord): Record<string, unknown> =>
  JSON.parse(record.details) as Record<string, unknown>;

beforeAll(async () => {
  path = requireSharedFolder(AIDR_FILE);
  plain = await readAll(fileSource(path), 'aidr', { locator: NO_LOCATOR, batchSize: 100 });
  located = await readAll(fileSource(path), 'aidr', {
    locator: testLocator({ boxes: BOXES }),
    batchSize: 100,
  });
});

describe('the AIDR Australian Disaster Events file', () => {
  it('gives each state the events its regions name, as an independent count in SQL finds', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    const names = Object.entries(AIDR_REGION_STATES)
      .map(([name, code]) => `('${name}', '${code}')`)
      .join(', ');
    const expected = (
      await connection.runAndReadAll(
        `WITH named AS (SELECT DISTINCT id, trim(unnest(string_split(regions, ';'))) AS name
                        FROM read_csv('${path}', all_varchar = true))
         SELECT code, count(*)::INTEGER AS n FROM named JOIN (VALUES ${names}) states(name, code) USING (name)
         GROUP BY code`,
      )
    ).getRowObjectsJS() as { code: StateCode; n: number }[];
    connection.closeSync();
    instance.closeSync();

    const counts: Record<string, number> = {};
    for (const record of plain.records) counts[record.state] = (counts[record.state] ?? 0) + 1;
    expect(counts).toEqual(Object.fromEntries(expected.map(({ code, n }) => [code, n])));
    expect(plain.rowsRead).toBe(673);
    expect(counts).toMatchObject({ nsw: 226, vic: 170, qld: 160, act: 32 });
  });

  it('maps every category in the file to an event type, with no unknown category', () => {
    expect(plain.problems.filter((problem) => problem.problem === 'unknown_category')).toEqual([]);
    expect(plain.problems.filter((problem) => problem.problem === 'unknown_region')).toEqual([]);
    const typeOf = (id: string): string => byId(plain, id).event_type;
    expect(typeOf('nsw-aidr-4')).toBe('vehicle_accident'); // Transport - Granville Rail Disaster
    expect(typeOf('nsw-aidr-8')).toBe('vehicle_accident'); // Shipwreck - Haweis
    expect(typeOf('nsw-aidr-58')).toBe('earthquake');
    expect(typeOf('qld-aidr-93')).toBe('storm'); // Hail
    expect(typeOf('tas-aidr-299')).toBe('other'); // Criminal Act
    expect(typeOf('qld-aidr-503')).toBe('cyclone'); // "Cyclone Yasi, Queensland, 2011"
    expect(typeOf('nsw-aidr-453')).toBe('hazmat'); // Chemical
    expect(typeOf('qld-aidr-543')).toBe('structure_fire'); // Urban Fire
  });

  it('tells heatwaves from droughts in the Environmental category, whatever its spelling or dash', () => {
    expect(aidrEventType('Environmental - South-Eastern Australia Heatwave 1939').eventType).toBe(
      'extreme_heat',
    );
    expect(aidrEventType('Envionmental - National Heatwave')).toMatchObject({
      category: 'Environmental',
      eventType: 'extreme_heat',
      known: true,
    });
    expect(aidrEventType('Environmental – Drought, Queensland and New South Wales 2012')).toMatchObject({
      category: 'Environmental',
      eventType: 'other',
      known: true,
    });
    const drought = plain.records.filter((record) => record.title.startsWith('Environmental – Drought'));
    expect(drought.map((record) => [record.state, record.event_type])).toEqual([
      ['qld', 'other'],
      ['nsw', 'other'],
    ]);
  });

  it('maps Cyclone Tracy: dates in Darwin time, impacts from the counts, the point exact', () => {
    const tracy = byId(plain, 'nt-aidr-386');
    expect(tracy).toMatchObject({
      state: 'nt',
      agency: 'aidr',
      feed_id: '386',
      title: 'Cyclone Tracy',
      event_type: 'cyclone',
      event_category: 'weather',
      status: 'completed',
      event_start_date: '1974-12-25',
      event_end_date: '1974-12-25',
      reported_at: '1974-12-25T00:00:00+09:30',
      valid_from: '1974-12-25T00:00:00+09:30',
      valid_to: '1974-12-26T00:00:00+09:30',
      impact_deaths: 71,
      impact_affected: 35362 + 41000 + 650,
      impact_economic: 200_000_000,
      latitude: -12.46484184,
      longitude: 130.837616,
      precision: 'exact',
      geometry: '{"type":"Point","coordinates":[130.837616,-12.46484184]}',
      fetched_at: '2026-04-20T02:00:00+10:00',
    });
    expect(details(tracy)).toMatchObject({
      aidr_id: '386',
      source_url: 'http://www.emknowledge.gov.au/resource/?id=386',
      impacts: { evacuated: 35362, homeless: 41000, injuries: 650, deaths: 71, insured_cost: 200_000_000 },
    });
  });

  it('keeps daylight saving in Victoria: Black Saturday starts at +11:00', () => {
    expect(byId(plain, 'vic-aidr-482')).toMatchObject({
      event_type: 'bushfire',
      event_start_date: '2009-02-07',
      event_end_date: '2009-02-08',
      reported_at: '2009-02-07T00:00:00+11:00',
      updated_at: '2009-02-08T00:00:00+11:00',
      valid_to: '2009-02-09T00:00:00+11:00',
      impact_deaths: 173,
      impact_affected: 414,
      impact_economic: 1_070_000_000,
    });
  });

  it('reads day-first dates (those written with seconds) and keeps local mean time before 1895', () => {
    expect(byId(plain, 'nsw-aidr-8')).toMatchObject({
      title: 'Shipwreck - Haweis',
      event_start_date: '1829-10-24',
      reported_at: '1829-10-24T00:00:00+10:04',
    });
    expect(byId(plain, 'qld-aidr-217')).toMatchObject({
      event_start_date: '1893-02-01',
      event_end_date: '1893-02-15',
    });
  });

  it('gives a multi-state event one record per state sharing its fields, the point to its own state only', () => {
    const ashWednesday = ['vic', 'sa'].map((state) => byId(located, `${state}-aidr-131`));
    for (const record of ashWednesday) {
      expect(record).toMatchObject({
        feed_id: '131',
        title: 'Bushfire - Ash Wednesday',
        event_type: 'bushfire',
        event_start_date: '1983-02-16',
        impact_deaths: 75,
        impact_affected: 9000 + 1500,
      });
      expect(details(record)).toMatchObject({
        event_states: ['vic', 'sa'],
        event_point: [144.5871124, -37.40233612],
      });
    }
    expect(ashWednesday[0]).toMatchObject({
      latitude: -37.40233612,
      precision: 'exact',
      lga: 'VIC test LGA',
    });
    expect(ashWednesday[1]).toMatchObject({
      latitude: null,
      longitude: null,
      precision: null,
      geometry: null,
    });
    // Adelaide is half an hour behind Melbourne: each state's record starts at its own midnight.
    expect(ashWednesday.map((record) => record.valid_from)).toEqual([
      '1983-02-16T00:00:00+11:00',
      '1983-02-16T00:00:00+10:30',
    ]);

    const heatwave = ['vic', 'nsw', 'sa'].map((state) => byId(located, `${state}-aidr-1`));
    expect(heatwave.map((record) => record.precision)).toEqual([null, null, 'exact']);
    expect(new Set(heatwave.map((record) => record.impact_deaths))).toEqual(new Set([400]));
  });

  it('says so when no locator can tell which state a multi-state point lies in', () => {
    const heatwave = ['vic', 'nsw', 'sa'].map((state) => byId(plain, `${state}-aidr-1`));
    expect(heatwave.map((record) => record.geometry)).toEqual([null, null, null]);
    expect(plain.problems).toContainEqual({ line: 2, problem: 'point_not_placed', field: 'regions' });
  });

  it('sets aside events outside Australia, with their lines, and places a state-less event by its point', () => {
    const noState = plain.problems.filter((problem) => problem.problem === 'no_state');
    expect(noState.length).toBe(29);
    expect(noState.filter((problem) => problem.value === 'Outside Australia').length).toBe(28);
    const unnamed = noState.find((problem) => problem.value === '')!;
    expect(unnamed.line).toBeGreaterThan(1);
    // The row with no regions is an aircraft crash near Hobart: a locator puts it in Tasmania.
    expect(located.problems.filter((problem) => problem.problem === 'no_state').length).toBe(28);
    const hobart = located.records.find((record) => record.title.includes('Seven Mile Beach, Hobart'))!;
    expect(hobart).toMatchObject({ state: 'tas', precision: 'exact' });
  });
});

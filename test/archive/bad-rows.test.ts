import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERCHANGE_COLUMNS, NO_LOCATOR } from '../../model/index.js';
import { AIDR_REQUIRED_HEADER, ArchiveHeaderError } from '../../sources/archive/index.js';
import { loadArchiveBulk } from '../../warehouse/archive/bulk-load.js';
import { LOADED_AT, readAll, textSource } from './support.js';

/** An AIDR-shaped row: the columns the mapping reads, blank unless given. */
function aidrLine(values: Partial<Record<(typeof AIDR_REQUIRED_HEADER)[number], string>>): string[] {
  return AIDR_REQUIRED_HEADER.map((column) => values[column] ?? '');
}
const good = {
  id: '1',
  title: 'Flood - Somewhere',
  startDate: '3/1/2001 0:00',
  endDate: '3/2/2001 0:00',
  lat: '-33.5',
  lon: '150.5',
  regions: 'New South Wales',
  Deaths: '2',
};

describe('bad AIDR rows', () => {
  const rows = [
    aidrLine(good), // line 2
    aidrLine({ ...good, id: '2', description: 'Two lines\nof description' }), // lines 3–4
    aidrLine({ ...good, id: '3', title: '' }), // 5
    aidrLine({ ...good, id: '4', startDate: '13/13/2001 0:00' }), // 6
    aidrLine({ ...good, id: '5', endDate: '2/28/2001 0:00' }), // 7
    aidrLine({ ...good, id: '6', lon: '' }), // 8
    aidrLine({ ...good, id: '7', Deaths: '12a' }), // 9
    aidrLine({ ...good, id: '8', title: 'Volcano - Mount Nowhere' }), // 10
    aidrLine({ ...good, id: '9', regions: 'Atlantis;Queensland' }), // 11
    aidrLine({ ...good, id: '10', regions: 'Outside Australia' }), // 12
    aidrLine({ ...good, id: '11', lat: '-95' }), // 13
  ];
  const text =
    stringify([[...AIDR_REQUIRED_HEADER], ...rows]) +
    '12,too,few,fields\n' + // 14
    aidrLine({ ...good, id: '13' }).join(',') + // 15: a good row after the short one
    '\n';

  it('counts every bad row with its line and reason, loads the rest, and never throws', async () => {
    const read = await readAll(textSource(text), 'aidr', { locator: NO_LOCATOR, batchSize: 3 });
    expect(read.rowsRead).toBe(13);
    expect(read.records.map((record) => record.id)).toEqual([
      'nsw-aidr-1',
      'nsw-aidr-2',
      'nsw-aidr-8',
      'qld-aidr-9',
      'nsw-aidr-13',
    ]);
    expect(read.problems).toEqual([
      { line: 5, problem: 'missing', field: 'title' },
      { line: 6, problem: 'invalid', field: 'startDate', value: '13/13/2001 0:00' },
      { line: 7, problem: 'end_before_start', field: 'endDate', value: '2/28/2001 0:00' },
      { line: 8, problem: 'half_point' },
      { line: 9, problem: 'invalid', field: 'Deaths', value: '12a' },
      { line: 10, problem: 'unknown_category', field: 'title', value: 'Volcano' },
      { line: 11, problem: 'unknown_region', field: 'regions', value: 'Atlantis' },
      { line: 12, problem: 'no_state', field: 'regions', value: 'Outside Australia' },
      { line: 13, problem: 'invalid', field: 'lat', value: '-95' },
      { line: 14, problem: 'field_count', value: `4 fields, expected ${AIDR_REQUIRED_HEADER.length}` },
    ]);
    expect(read.records.find((record) => record.id === 'nsw-aidr-8')?.event_type).toBe('other');
  });

  it('reports a broken quote as a CSV problem at the line where its record starts', async () => {
    const broken = `${stringify([[...AIDR_REQUIRED_HEADER], aidrLine(good)])}2,"Flood "x - Here"${','.repeat(
      AIDR_REQUIRED_HEADER.length - 2,
    )}\n`;
    const read = await readAll(textSource(broken), 'aidr', { locator: NO_LOCATOR });
    expect(read.records.map((record) => record.id)).toEqual(['nsw-aidr-1']);
    expect(read.problems).toEqual([expect.objectContaining({ line: 3, problem: 'csv_syntax' })]);
  });

  it('refuses a file whose header is not the format’s, naming what is missing', async () => {
    await expect(readAll(textSource('id,title\n1,x\n'), 'aidr', { locator: NO_LOCATOR })).rejects.toThrow(
      ArchiveHeaderError,
    );
    await expect(
      readAll(textSource('id,title\n1,x\n'), 'interchange', { locator: NO_LOCATOR }),
    ).rejects.toThrow(/lacks source_id, agency, state, event_type, event_start_date/);
  });
});

describe('bad interchange rows, in the streaming reader and the bulk path alike', () => {
  const header = INTERCHANGE_COLUMNS.map((column) => column.name);
  const base: Record<string, string> = {
    source_id: 'e1',
    agency: 'archive',
    state: 'vic',
    event_type: 'flood',
    title: 'Flood - Here',
    event_start_date: '1990-05-01',
    event_end_date: '1990-05-03',
    latitude: '-37.5',
    longitude: '145.25',
  };
  const cases: [Record<string, string>, object | undefined][] = [
    [{}, undefined],
    [{ source_id: '' }, { problem: 'missing', field: 'source_id' }],
    [{ agency: 'Bad-Agency' }, { problem: 'invalid', field: 'agency', value: 'Bad-Agency' }],
    [{ state: 'VIC' }, { problem: 'invalid', field: 'state', value: 'VIC' }],
    [{ event_type: 'volcano' }, { problem: 'invalid', field: 'event_type', value: 'volcano' }],
    [{ title: '' }, { problem: 'missing', field: 'title' }],
    [
      { event_start_date: '1990-02-30' },
      { problem: 'invalid', field: 'event_start_date', value: '1990-02-30' },
    ],
    [{ event_start_date: '1990-5-1' }, { problem: 'invalid', field: 'event_start_date', value: '1990-5-1' }],
    [
      { event_end_date: '1990-04-30' },
      { problem: 'end_before_start', field: 'event_end_date', value: '1990-04-30' },
    ],
    [{ latitude: '-97.25' }, { problem: 'out_of_range', field: 'latitude', value: '-97.25' }],
    [{ longitude: '1e2' }, { problem: 'invalid', field: 'longitude', value: '1e2' }],
    [{ longitude: '' }, { problem: 'half_point' }],
    [{ postcode: '300' }, { problem: 'invalid', field: 'postcode', value: '300' }],
    [{ magnitude: 'strong' }, { problem: 'invalid', field: 'magnitude', value: 'strong' }],
    [{ impact_deaths: '-1' }, { problem: 'invalid', field: 'impact_deaths', value: '-1' }],
    [
      { impact_affected: '3000000000' },
      { problem: 'out_of_range', field: 'impact_affected', value: '3000000000' },
    ],
    [{ impact_economic: '12.5.1' }, { problem: 'invalid', field: 'impact_economic', value: '12.5.1' }],
    [{ details: '{"a":' }, { problem: 'invalid', field: 'details', value: '{"a":' }],
    [{ details: '"text"' }, { problem: 'invalid', field: 'details', value: '"text"' }],
    [
      { title: 'x'.repeat(150), state: 'nowhere' },
      { problem: 'invalid', field: 'state', value: 'nowhere' },
    ],
    [
      { details: `{"d":"${'y'.repeat(200)}"` },
      { problem: 'invalid', field: 'details', value: `{"d":"${'y'.repeat(94)}` },
    ],
  ];
  const text = stringify([
    header,
    ...cases.map(([change], index) =>
      header.map(
        (name) => (({ ...base, source_id: `e${index}`, ...change }) as Record<string, string>)[name] ?? '',
      ),
    ),
  ]);
  const expected = cases.flatMap(([, problem], index) => (problem ? [{ line: index + 2, ...problem }] : []));
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'archive-bad-rows-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('sets each one aside with its line, column and value', async () => {
    const read = await readAll(textSource(text), 'interchange', { locator: NO_LOCATOR });
    expect(read.problems).toEqual(expected);
    expect(read.records.map((record) => record.id)).toEqual(['vic-archive-e0']);
  });

  it('reports the same problems from DuckDB, a short record among them', async () => {
    // The short record goes in after the fifth row: the lines after it must still come out right.
    const lines = text.split('\n');
    const shortAt = 7;
    lines.splice(shortAt - 1, 0, 'e99,archive,vic,flood');
    const input = join(dir, 'bad.csv');
    await writeFile(input, lines.join('\n'));
    const result = await loadArchiveBulk({
      input,
      outDir: join(dir, 'out'),
      locator: NO_LOCATOR,
      loadedAt: LOADED_AT,
    });
    const shifted = expected.map((problem) =>
      problem.line >= shortAt ? { ...problem, line: problem.line + 1 } : problem,
    );
    expect(result.problems.problems).toEqual(
      [
        ...shifted,
        { line: shortAt, problem: 'field_count', value: `4 fields, expected ${header.length}` },
      ].sort((a, b) => a.line - b.line),
    );
    const streamed = await readAll(textSource(lines.join('\n')), 'interchange', { locator: NO_LOCATOR });
    expect(streamed.problems).toEqual(result.problems.problems);
    expect(result.problems.rejectedRows).toBe(expected.length + 1);
    expect(result.records).toBe(1);
    expect(result.rowsRead).toBe(cases.length + 1);
  });
});

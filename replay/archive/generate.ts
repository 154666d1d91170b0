import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DuckDBInstance } from '@duckdb/node-api';
import { stringify } from 'csv-stringify';
import { ARCHIVE_BOUNDARY } from '../../config/index.js';
import {
  INTERCHANGE_COLUMNS,
  type EventType,
  type InterchangeColumnName,
  type StateCode,
} from '../../model/index.js';
import { lgaName, placeName, pointIn, postcode, streetAddress } from './places.js';
import { prng, weighted, type Random } from '../random.js';

/**
 * Made-up archive rows in the interchange format (docs/archive-format.md), as many as asked, from
 * 1840 to the day before the archive boundary. Deterministic for a seed, produced one at a time so any
 * number can be written without holding them: events of one to three states, one row per state.
 */

export type InterchangeCellsRow = Record<InterchangeColumnName, string>;

export interface GenerateArchiveOptions {
  rows: number;
  seed: number;
  /** Every n-th row gets one bad value (rotating through the kinds of bad value); none by default. */
  invalidEvery?: number;
  /** Rows given whole, written after the generated ones (the demo's README example). */
  extraRows?: readonly InterchangeCellsRow[];
}

export const GENERATED_FIRST_DAY = '1840-01-01';
export const GENERATED_LAST_DAY = new Date(Date.parse(ARCHIVE_BOUNDARY) - 86_400_000)
  .toISOString()
  .slice(0, 10);
export const GENERATED_AGENCY = 'archive';

const DAY_MS = 86_400_000;
const FIRST = Date.parse(`${GENERATED_FIRST_DAY}T00:00:00Z`) / DAY_MS;
const LAST = Date.parse(`${GENERATED_LAST_DAY}T00:00:00Z`) / DAY_MS;
const LAST_YEAR_START = Date.parse(`${GENERATED_LAST_DAY.slice(0, 4)}-01-01T00:00:00Z`) / DAY_MS;

const EVENT_TYPES: readonly (readonly [EventType, number, string])[] = [
  ['bushfire', 18, 'Bushfire'],
  ['grass_fire', 8, 'Grass Fire'],
  ['structure_fire', 10, 'House Fire'],
  ['flood', 16, 'Flood'],
  ['storm', 14, 'Severe Storm'],
  ['cyclone', 3, 'Cyclone'],
  ['extreme_heat', 3, 'Heatwave'],
  ['earthquake', 2, 'Earthquake'],
  ['hazmat', 4, 'Chemical Spill'],
  ['vehicle_accident', 10, 'Transport Accident'],
  ['rescue', 5, 'Rescue'],
  ['medical', 2, 'Epidemic'],
  ['tree_down', 3, 'Tree Down'],
  ['other', 2, 'Emergency'],
];
const WEIGHTED_EVENT_TYPES = EVENT_TYPES.map((entry) => [entry, entry[1]] as const);
const STATE_WEIGHTS: readonly (readonly [StateCode, number])[] = [
  ['nsw', 30],
  ['vic', 24],
  ['qld', 20],
  ['sa', 8],
  ['wa', 10],
  ['tas', 4],
  ['nt', 2],
  ['act', 2],
];

const dayText = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
const integer = (random: Random, below: number): number => Math.floor(random() * below);

/** Recent decades hold more records than early ones (density grows linearly with time). */
function startDay(random: Random, eventIndex: number): number {
  // The first two events pin the span: one in January 1840, one in the last year.
  if (eventIndex === 0) return FIRST + integer(random, 31);
  if (eventIndex === 1) return LAST_YEAR_START + integer(random, LAST - LAST_YEAR_START + 1);
  return FIRST + Math.floor(Math.sqrt(random()) * (LAST - FIRST + 1));
}

function eventStates(random: Random): StateCode[] {
  const count = weighted(random, [
    [1, 85],
    [2, 11],
    [3, 4],
  ] as const);
  const states: StateCode[] = [];
  while (states.length < count) {
    const state = weighted(random, STATE_WEIGHTS);
    if (!states.includes(state)) states.push(state);
  }
  return states;
}

interface GeneratedEvent {
  sourceId: string;
  eventType: EventType;
  title: string;
  start: string;
  end: string;
  magnitude: string;
  magnitudeScale: string;
  deaths: string;
  affected: string;
  economic: string;
  glide: string;
  details: string;
}

function generatedEvent(random: Random, eventIndex: number): GeneratedEvent {
  const [eventType, , label] = weighted(random, WEIGHTED_EVENT_TYPES);
  const start = startDay(random, eventIndex);
  const length = random() < 0.7 ? 0 : 1 + Math.floor(-Math.log(1 - random()) * 5);
  const end = Math.min(start + length, LAST);
  const place = placeName(random);
  // Some titles carry commas and quotes, as real ones do.
  const title =
    random() < 0.1 ? `${label} - "${place}", ${dayText(start).slice(0, 4)}` : `${label} - ${place}`;
  const [magnitude, magnitudeScale] =
    eventType === 'earthquake'
      ? [(2 + random() * 4.5).toFixed(1), 'ML']
      : eventType === 'cyclone'
        ? [String(1 + integer(random, 5)), 'category']
        : ['', ''];
  const year = dayText(start).slice(0, 4);
  return {
    sourceId: `e${eventIndex + 1}`,
    eventType,
    title,
    start: dayText(start),
    end: length === 0 && random() < 0.5 ? '' : dayText(end),
    magnitude,
    magnitudeScale,
    deaths: random() < 0.2 ? String(integer(random, 30)) : '',
    affected: random() < 0.3 ? String(integer(random, 5000)) : '',
    economic: random() < 0.15 ? String(integer(random, 50_000) * 1000) : '',
    glide:
      random() < 0.05
        ? `FL-${year}-${String(eventIndex + 1)
            .padStart(6, '0')
            .slice(-6)}-AUS`
        : '',
    details:
      random() < 0.5
        ? JSON.stringify({
            description: `Made-up ${label.toLowerCase()} near ${place}.\nNo such event happened.`,
            source_url: `https://archive.example/events/${eventIndex + 1}`,
          })
        : '',
  };
}

function generatedRow(random: Random, event: GeneratedEvent, state: StateCode): InterchangeCellsRow {
  const where = random();
  const point = where < 0.7 ? pointIn(random, state) : undefined;
  return {
    source_id: event.sourceId,
    agency: GENERATED_AGENCY,
    state,
    event_type: event.eventType,
    title: event.title,
    event_start_date: event.start,
    event_end_date: event.end,
    latitude: point ? String(point.latitude) : '',
    longitude: point ? String(point.longitude) : '',
    address: point && random() < 0.5 ? streetAddress(random) : '',
    suburb: point ? placeName(random) : '',
    postcode: where < 0.85 ? postcode(random, state) : '',
    lga: where < 0.6 || (where >= 0.85 && where < 0.95) ? lgaName(random, state) : '',
    magnitude: event.magnitude,
    magnitude_scale: event.magnitudeScale,
    impact_deaths: event.deaths,
    impact_affected: event.affected,
    impact_economic: event.economic,
    glide_number: event.glide,
    details: event.details,
  };
}

/** One bad value per kind, in turn: each is a row the loaders must set aside. */
const CORRUPTIONS: readonly ((row: InterchangeCellsRow) => void)[] = [
  (row) => (row.title = ''),
  (row) => (row.state = 'xyz'),
  (row) => (row.event_start_date = '2021-02-30'),
  (row) => Object.assign(row, { latitude: '95.5', longitude: '150.25' }),
  (row) => Object.assign(row, { latitude: '-33.5', longitude: '' }),
  (row) => Object.assign(row, { event_start_date: '1990-05-02', event_end_date: '1990-05-01' }),
  (row) => (row.impact_deaths = '-3'),
  (row) => (row.postcode = '123'),
  (row) => (row.details = '[1,2]'),
  (row) => (row.event_type = 'volcano'),
  (row) => (row.impact_affected = '99999999999'),
  (row) => (row.agency = 'Bad-Agency'),
];

export function* generateArchiveRows(options: GenerateArchiveOptions): Generator<InterchangeCellsRow, void> {
  const random = prng(options.seed);
  let produced = 0;
  let eventIndex = 0;
  let corrupted = 0;
  while (produced < options.rows) {
    const event = generatedEvent(random, eventIndex);
    for (const state of eventStates(random)) {
      if (produced >= options.rows) break;
      const row = generatedRow(random, event, state);
      produced += 1;
      if (options.invalidEvery && produced % options.invalidEvery === 0) {
        CORRUPTIONS[corrupted % CORRUPTIONS.length]!(row);
        corrupted += 1;
      }
      yield row;
    }
    eventIndex += 1;
  }
  yield* options.extraRows ?? [];
}

export const ARCHIVE_FILE_FORMATS = ['csv', 'parquet'] as const;
export type ArchiveFileFormat = (typeof ARCHIVE_FILE_FORMATS)[number];

export interface WriteArchiveFileOptions extends GenerateArchiveOptions {
  out: string;
  format: ArchiveFileFormat;
}

async function writeCsv(path: string, options: GenerateArchiveOptions): Promise<void> {
  const columns = INTERCHANGE_COLUMNS.map((column) => column.name);
  await pipeline(
    Readable.from(generateArchiveRows(options)),
    stringify({ header: true, columns, record_delimiter: '\n' }),
    createWriteStream(path),
  );
}

const sqlText = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/** The Parquet form: the CSV's cells with each column's Parquet type (empty cells are null). */
async function csvToParquet(csv: string, parquet: string): Promise<void> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const select = INTERCHANGE_COLUMNS.map(
      ({ name, parquet: type }) => `CAST(NULLIF("${name}", '') AS ${type}) AS "${name}"`,
    ).join(', ');
    await connection.run(
      `COPY (SELECT ${select} FROM read_csv(${sqlText(csv)}, header = true, all_varchar = true, delim = ',', quote = '"', escape = '"'))
       TO ${sqlText(parquet)} (FORMAT parquet, COMPRESSION zstd)`,
    );
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/** Writes `rows` generated rows to `out`; returns the file's size. */
export async function writeArchiveFile(
  options: WriteArchiveFileOptions,
): Promise<{ rows: number; bytes: number }> {
  if (options.format === 'csv') {
    await writeCsv(options.out, options);
  } else {
    if (options.invalidEvery) throw new RangeError('bad values cannot be written in Parquet: use csv');
    const csv = `${options.out}.tmp.csv`;
    try {
      await writeCsv(csv, options);
      await csvToParquet(csv, options.out);
    } finally {
      await rm(csv, { force: true });
    }
  }
  return { rows: options.rows + (options.extraRows?.length ?? 0), bytes: (await stat(options.out)).size };
}

import {
  problemValue,
  type ApproximateLocator,
  type EventType,
  type RowProblem,
  type StateCode,
} from '../../model/index.js';
import {
  AIDR_AFFECTED_COLUMNS,
  AIDR_AGENCY,
  AIDR_CATEGORIES,
  AIDR_CATEGORY_ALIASES,
  AIDR_COUNT_COLUMNS,
  AIDR_OUTSIDE_AUSTRALIA,
  AIDR_REGION_STATES,
} from './aidr-vocabulary.js';
import type { InterchangeRow } from './interchange.js';
import { isCalendarDate } from './local-days.js';

/**
 * One row of the AIDR Australian Disaster Events CSV → one interchange row per state it names, sharing
 * the event's fields (ids differ by their state prefix: `vic-aidr-1`, `nsw-aidr-1`). Pure: bad values
 * become problems with the row's line, never exceptions.
 */
export interface AidrRowResult {
  rows: InterchangeRow[];
  /** Rejections (then `rows` is empty) and warnings (the rows are loaded with a fallback). */
  problems: RowProblem[];
}

const TITLE_SEPARATOR = /\s+[-–]\s+/;

/** The category named at the start of a title, and the event type it maps to. */
export function aidrEventType(title: string): { category: string; eventType: EventType; known: boolean } {
  const prefix = title.split(TITLE_SEPARATOR)[0]!.trim();
  const spelled = AIDR_CATEGORY_ALIASES[prefix] ?? prefix;
  // "Cyclone Tracy", "Cyclone Yasi, Queensland, 2011": a known category followed by a name.
  const category =
    spelled in AIDR_CATEGORIES
      ? spelled
      : Object.keys(AIDR_CATEGORIES).find((name) => new RegExp(`^${name}[\\s,]`).test(spelled));
  const entry = category === undefined ? undefined : AIDR_CATEGORIES[category];
  if (category === undefined || entry === undefined)
    return { category: prefix, eventType: 'other', known: false };
  const refined = entry.refinements?.find(([pattern]) => pattern.test(title))?.[1];
  return { category, eventType: refined ?? entry.eventType, known: true };
}

/**
 * `1/13/1939 0:00` (month first) or `13/01/1939 00:00:00` (day first): the file mixes both, and every
 * value with seconds is day-first. The day, as `YYYY-MM-DD`; the time of day is not kept.
 */
export function aidrDate(text: string): string | undefined {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4}) \d{1,2}:\d{2}(:\d{2})?$/.exec(text.trim());
  if (!match) return undefined;
  const [, first, second, year, seconds] = match;
  const [month, day] = seconds === undefined ? [first!, second!] : [second!, first!];
  const date = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isCalendarDate(date) ? date : undefined;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;
const COUNT = /^\d+$/;

function coordinate(text: string, limit: number): number | undefined {
  const value = Number(text);
  return DECIMAL.test(text) && Math.abs(value) <= limit ? value : undefined;
}

/** The states a `regions` cell names, in order, and the names it does not know. */
function regionStates(regions: string): { states: StateCode[]; unknown: string[] } {
  const states: StateCode[] = [];
  const unknown: string[] = [];
  for (const name of regions.split(';').map((part) => part.trim())) {
    if (name === '' || name === AIDR_OUTSIDE_AUSTRALIA) continue;
    const state = AIDR_REGION_STATES[name];
    if (state === undefined) unknown.push(name);
    else if (!states.includes(state)) states.push(state);
  }
  return { states, unknown };
}

const sumOrNull = (values: (number | undefined)[]): number | null => {
  const present = values.filter((value): value is number => value !== undefined);
  return present.length === 0 ? null : present.reduce((total, value) => total + value, 0);
};

/** A cell's trimmed text, '' when the row lacks the column. */
type CellText = (column: string) => string;
/** The one problem that keeps a row out of the archive. */
interface Rejected {
  rejected: RowProblem;
}
interface Point {
  latitude: number;
  longitude: number;
}

/** The event's first and last days; the end is null when the row gives none. */
function readDays(text: CellText, line: number): { start: string; end: string | null } | Rejected {
  const startText = text('startDate');
  if (startText === '') return { rejected: { line, problem: 'missing', field: 'startDate' } };
  const start = aidrDate(startText);
  if (start === undefined)
    return { rejected: { line, problem: 'invalid', field: 'startDate', value: problemValue(startText) } };
  const endText = text('endDate');
  const end = endText === '' ? null : aidrDate(endText);
  if (end === undefined)
    return { rejected: { line, problem: 'invalid', field: 'endDate', value: problemValue(endText) } };
  if (end !== null && end < start) {
    return { rejected: { line, problem: 'end_before_start', field: 'endDate', value: endText } };
  }
  return { start, end };
}

/** The event's point; undefined when the row gives neither coordinate. */
function readPoint(text: CellText, line: number): { point: Point | undefined } | Rejected {
  const [latText, lonText] = [text('lat'), text('lon')];
  if ((latText === '') !== (lonText === '')) return { rejected: { line, problem: 'half_point' } };
  const latitude = latText === '' ? null : coordinate(latText, 90);
  if (latitude === undefined)
    return { rejected: { line, problem: 'invalid', field: 'lat', value: problemValue(latText) } };
  const longitude = lonText === '' ? null : coordinate(lonText, 180);
  if (longitude === undefined) {
    return { rejected: { line, problem: 'invalid', field: 'lon', value: problemValue(lonText) } };
  }
  return { point: latitude !== null && longitude !== null ? { latitude, longitude } : undefined };
}

/** The impact counts the row gives, by their interchange key. */
function readCounts(text: CellText, line: number): { counts: Record<string, number> } | Rejected {
  const counts: Record<string, number> = {};
  for (const [column, key] of Object.entries(AIDR_COUNT_COLUMNS)) {
    const value = text(column);
    if (value === '') continue;
    if (!COUNT.test(value))
      return { rejected: { line, problem: 'invalid', field: column, value: problemValue(value) } };
    counts[key] = Number(value);
  }
  return { counts };
}

/** The fields every state's row of one event shares. */
interface AidrEvent {
  id: string;
  title: string;
  eventType: EventType;
  start: string;
  end: string | null;
  counts: Record<string, number>;
  details: string;
}

/** Where the event's point goes: the state it lies in (`pointState`) and, when the locator knows it, its LGA. */
interface EventPlacement {
  point: Point | undefined;
  pointState: StateCode | undefined;
  placed: { state: StateCode; lga: string } | undefined;
}

function aidrDetailsOf(
  cells: Readonly<Record<string, string | undefined>>,
  event: {
    id: string;
    url: string;
    states: StateCode[];
    point: Point | undefined;
    counts: Record<string, number>;
  },
): string {
  const { id, url, states, point, counts } = event;
  const description = cells.description ?? '';
  return JSON.stringify({
    aidr_id: id,
    ...(description.trim() !== '' ? { description } : {}),
    ...(url !== '' ? { source_url: url } : {}),
    ...(states.length > 1 ? { event_states: states } : {}),
    ...(point && states.length > 1 ? { event_point: [point.longitude, point.latitude] } : {}),
    ...(Object.keys(counts).length > 0 ? { impacts: counts } : {}),
  });
}

function aidrStateRow(
  event: AidrEvent,
  state: StateCode,
  { point, pointState, placed }: EventPlacement,
): InterchangeRow {
  const { counts } = event;
  const hasPoint = point !== undefined && state === pointState;
  return {
    source_id: event.id,
    agency: AIDR_AGENCY,
    state,
    event_type: event.eventType,
    title: event.title,
    event_start_date: event.start,
    event_end_date: event.end,
    latitude: hasPoint ? point.latitude : null,
    longitude: hasPoint ? point.longitude : null,
    address: null,
    suburb: null,
    postcode: null,
    lga: hasPoint && placed?.state === state ? placed.lga : null,
    magnitude: null,
    magnitude_scale: null,
    impact_deaths: counts.deaths ?? null,
    impact_affected: sumOrNull(AIDR_AFFECTED_COLUMNS.map((column) => counts[AIDR_COUNT_COLUMNS[column]!])),
    impact_economic: counts.insured_cost ?? null,
    glide_number: null,
    details: event.details,
  };
}

export function mapAidrRow(
  cells: Readonly<Record<string, string | undefined>>,
  line: number,
  locator: ApproximateLocator,
): AidrRowResult {
  const problems: RowProblem[] = [];
  const text = (column: string): string => cells[column]?.trim() ?? '';
  const reject = (problem: RowProblem): AidrRowResult => ({ rows: [], problems: [...problems, problem] });

  const id = text('id');
  if (id === '') return reject({ line, problem: 'missing', field: 'id' });
  const title = text('title');
  if (title === '') return reject({ line, problem: 'missing', field: 'title' });
  const days = readDays(text, line);
  if ('rejected' in days) return reject(days.rejected);
  const located = readPoint(text, line);
  if ('rejected' in located) return reject(located.rejected);
  const counted = readCounts(text, line);
  if ('rejected' in counted) return reject(counted.rejected);
  const { point } = located;
  const { counts } = counted;

  const { category, eventType, known } = aidrEventType(title);
  if (!known)
    problems.push({ line, problem: 'unknown_category', field: 'title', value: problemValue(category) });

  const regions = text('regions');
  const listed = regionStates(regions);
  for (const name of listed.unknown) {
    problems.push({ line, problem: 'unknown_region', field: 'regions', value: problemValue(name) });
  }
  const placed = point ? locator.byPoint(point.latitude, point.longitude) : undefined;
  // An event that names no state belongs to the state its point lies in, when the locator knows it.
  const states = listed.states.length > 0 ? listed.states : placed ? [placed.state] : [];
  if (states.length === 0)
    return reject({ line, problem: 'no_state', field: 'regions', value: problemValue(regions) });

  // One point for the whole event: it goes to the state it lies in, and to no other state's record.
  const pointState = states.length === 1 ? states[0] : states.find((state) => state === placed?.state);
  if (point && pointState === undefined)
    problems.push({ line, problem: 'point_not_placed', field: 'regions' });

  const details = aidrDetailsOf(cells, { id, url: text('url'), states, point, counts });
  const event: AidrEvent = { id, title, eventType, ...days, counts, details };
  const rows = states.map((state) => aidrStateRow(event, state, { point, pointState, placed }));
  return { rows, problems };
}

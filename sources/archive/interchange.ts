import {
  INTERCHANGE_COLUMNS,
  INTERCHANGE_PATTERNS,
  INTERCHANGE_RANGES,
  problemValue,
  type ArchiveFields,
  type EventType,
  type InterchangeColumn,
  type InterchangeColumnName,
  type RowProblem,
  type StateCode,
} from '../../model/index.js';
import { isCalendarDate } from './local-days.js';

/** A checked row of the archive interchange format: typed values, null where the cell was empty. */
export interface InterchangeRow extends Omit<ArchiveFields, 'event_start_date'> {
  source_id: string;
  agency: string;
  state: StateCode;
  event_type: EventType;
  title: string;
  /** The one archive field every row gives. */
  event_start_date: string;
  latitude: number | null;
  longitude: number | null;
  address: string | null;
  suburb: string | null;
  postcode: string | null;
  lga: string | null;
  /** A JSON object, as written. */
  details: string | null;
}

export type InterchangeCells = Partial<Record<InterchangeColumnName, string>>;

const WHOLE_VALUE = Object.fromEntries(
  Object.entries(INTERCHANGE_PATTERNS).map(([kind, pattern]) => [kind, new RegExp(`^(?:${pattern})$`)]),
) as Partial<Record<InterchangeColumn['kind'], RegExp>>;

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** The first problem of one cell, in the order the bulk path checks them too. */
function cellProblem(
  column: InterchangeColumn,
  text: string | undefined,
  line: number,
): RowProblem | undefined {
  if (text === undefined || text === '') {
    return column.required ? { line, problem: 'missing', field: column.name } : undefined;
  }
  const pattern = WHOLE_VALUE[column.kind];
  const valid =
    (pattern === undefined || pattern.test(text)) &&
    (column.kind !== 'date' || isCalendarDate(text)) &&
    (column.kind !== 'json_object' || isJsonObject(text));
  if (!valid) return { line, problem: 'invalid', field: column.name, value: problemValue(text) };
  const range = INTERCHANGE_RANGES[column.kind];
  if (range && !(Number(text) >= range[0] && Number(text) <= range[1])) {
    return { line, problem: 'out_of_range', field: column.name, value: problemValue(text) };
  }
  return undefined;
}

const textOrNull = (text: string | undefined): string | null =>
  text === undefined || text === '' ? null : text;
const numberOrNull = (text: string | undefined): number | null =>
  text === undefined || text === '' ? null : Number(text);

/**
 * One interchange row, checked column by column (first problem wins), then across columns: a point
 * needs both coordinates, and an event cannot end before it starts.
 */
export function parseInterchangeRow(
  cells: InterchangeCells,
  line: number,
): { row: InterchangeRow } | { problem: RowProblem } {
  for (const column of INTERCHANGE_COLUMNS) {
    const problem = cellProblem(column, cells[column.name], line);
    if (problem) return { problem };
  }
  const row: InterchangeRow = {
    source_id: cells.source_id!,
    agency: cells.agency!,
    state: cells.state as StateCode,
    event_type: cells.event_type as EventType,
    title: cells.title!,
    event_start_date: cells.event_start_date!,
    event_end_date: textOrNull(cells.event_end_date),
    latitude: numberOrNull(cells.latitude),
    longitude: numberOrNull(cells.longitude),
    address: textOrNull(cells.address),
    suburb: textOrNull(cells.suburb),
    postcode: textOrNull(cells.postcode),
    lga: textOrNull(cells.lga),
    magnitude: numberOrNull(cells.magnitude),
    magnitude_scale: textOrNull(cells.magnitude_scale),
    impact_deaths: numberOrNull(cells.impact_deaths),
    impact_affected: numberOrNull(cells.impact_affected),
    impact_economic: numberOrNull(cells.impact_economic),
    glide_number: textOrNull(cells.glide_number),
    details: textOrNull(cells.details),
  };
  if ((row.latitude === null) !== (row.longitude === null)) {
    return { problem: { line, problem: 'half_point' } };
  }
  if (row.event_end_date !== null && row.event_end_date < row.event_start_date) {
    return {
      problem: { line, problem: 'end_before_start', field: 'event_end_date', value: row.event_end_date },
    };
  }
  return { row };
}

/** Columns an interchange file must have; the others may be left out. */
export const INTERCHANGE_REQUIRED_HEADER: readonly string[] = INTERCHANGE_COLUMNS.filter(
  (column) => column.required,
).map((column) => column.name);

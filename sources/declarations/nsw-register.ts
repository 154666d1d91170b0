import type { DeclarationParseResult, DeclarationRecord, RejectedRow } from '../../model/index.js';
import { startDateInName } from './disaster-dates.js';
import { foldHazards } from './disaster-types.js';
import { htmlTables, type TableRow } from './html-text.js';
import { lgaNameMatcher } from './lga-names.js';
import { lgasInLines, nswLgaRecord, type NswRegisterOptions } from './nsw-records.js';

/**
 * The NSW natural disaster declarations register. NSW publishes it only as web pages, one per
 * financial year (nsw.gov.au/emergency/recovery/natural-disaster-declarations/fy-2023-24, …), each with
 * one table: AGRN | Disaster types | Name of disaster | Local Government Area | Assistance available.
 * - AGRN reads `AGRN 1141` on newer pages and a bare `1025` on older ones.
 * - The LGA cell lists one LGA per line (separate lines or list items in the markup); read as text the
 *   names run together with spaces, so multi-word names are matched against the ABS LGA names.
 * - Names are not ABS codes and are written loosely (`Mid Coast`, `Ku-Ring-Gai`): see `lga-names.ts`.
 * - The name of the disaster carries its start date, often with "onwards"; no end date is published.
 * Large declarations also get a page of their own listing their LGAs: `nsw-declaration-page.ts`.
 */
type ColumnName = 'agrn' | 'types' | 'name' | 'lgas' | 'assistance';
const HEADERS: [ColumnName, RegExp][] = [
  ['agrn', /^agrn$/i],
  ['types', /disaster type/i],
  ['name', /name of disaster/i],
  ['lgas', /local government area/i],
  ['assistance', /assistance/i],
];

function columnsOf(header: TableRow): Partial<Record<ColumnName, number>> | undefined {
  const columns: Partial<Record<ColumnName, number>> = {};
  header.cells.forEach((lines, index) => {
    const text = lines.join(' ');
    const found = HEADERS.find(([, pattern]) => pattern.test(text));
    if (found && columns[found[0]] === undefined) columns[found[0]] = index;
  });
  return columns.agrn !== undefined && columns.name !== undefined && columns.lgas !== undefined
    ? columns
    : undefined;
}

/** Rows of a register table (the header row first) → records, one per AGRN and LGA. */
export function parseNswRegisterRows(
  rows: readonly TableRow[],
  options: NswRegisterOptions,
): DeclarationParseResult {
  const [header, ...body] = rows;
  const columns = header && columnsOf(header);
  if (!columns)
    throw new Error('Not a NSW register table: no AGRN, Name of disaster and Local Government Area columns');
  const matcher = lgaNameMatcher(options.lgas, 'nsw');
  const records = new Map<string, DeclarationRecord>();
  const rejected: RejectedRow[] = [];
  const unmappedHazards = new Set<string>();
  for (const row of body) {
    const cell = (name: ColumnName) => {
      const index = columns[name];
      return index === undefined ? [] : (row.cells[index] ?? []);
    };
    const text = row.cells
      .map((lines) => lines.join(' '))
      .join(' | ')
      .slice(0, 200);
    const reject = (reason: string) => rejected.push({ line: row.line, reason, text });
    const agrnText = cell('agrn').join(' ').trim();
    const agrn = /^(?:A[GR]{2}N\s*)?(\d{1,6})$/i.exec(agrnText)?.[1];
    const name = cell('name').join(' ').trim();
    const startDate = startDateInName(name);
    if (!agrn) {
      reject(`AGRN cell "${agrnText}" is not an AGRN`);
      continue;
    }
    if (!startDate) {
      reject('no start date in the name of the disaster');
      continue;
    }
    const { lgas, unmatched } = lgasInLines(cell('lgas'), matcher);
    for (const words of unmatched) reject(`LGA name "${words}" matches no NSW LGA`);
    if (lgas.length === 0) {
      if (unmatched.length === 0) reject('no LGA named');
      continue;
    }
    const typesText = cell('types').join(' ');
    const folded = foldHazards(typesText || name);
    if (folded.types.length === 0) unmappedHazards.add(typesText || name);
    const declaration = {
      agrn,
      eventName: name,
      disasterTypes: folded.types,
      hazards: typesText ? [typesText] : [],
      startDate,
      assistance: cell('assistance').join('; ') || null,
      sourceUrl: options.sourceUrl,
    };
    for (const lga of lgas) {
      const record = nswLgaRecord(declaration, lga);
      if (!records.has(record.id)) records.set(record.id, record);
    }
  }
  return { records: [...records.values()], rejected, unmappedHazards: [...unmappedHazards] };
}

/** A register page's HTML → records from its register table(s). */
export function parseNswRegisterPage(html: string, options: NswRegisterOptions): DeclarationParseResult {
  const tables = htmlTables(html).filter((rows) => rows[0] && columnsOf(rows[0]));
  if (tables.length === 0) throw new Error('No NSW register table on the page');
  const results = tables.map((rows) => parseNswRegisterRows(rows, options));
  return {
    records: results.flatMap((result) => result.records),
    rejected: results.flatMap((result) => result.rejected),
    unmappedHazards: [...new Set(results.flatMap((result) => result.unmappedHazards))],
  };
}

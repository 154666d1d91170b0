import {
  DECLARATION_SOURCES,
  DISASTER_TYPES,
  DRFA_CATEGORIES,
  INSTRUMENT_TYPES,
  JURISDICTIONS,
  type DeclarationRecord,
  type DeclarationSourceId,
  type DisasterType,
  type DrfaCategory,
  type InstrumentType,
  type Jurisdiction,
} from '../model/index.js';

/**
 * A declaration record as a row of the lake's `declarations` table (lake/tables.ts), flat, one
 * column per field: the warehouse writes these rows, API processes read them back into records.
 */
export interface DeclarationRow {
  id: string;
  source: string;
  instrument_type: string;
  jurisdiction: string;
  agrn: number;
  event_name: string;
  disaster_types: string[];
  hazards: string[];
  area_type: string;
  area_code: string;
  area_name: string;
  /** ISO date. */
  start_date: string;
  end_date: string | null;
  drfa_categories: string[] | null;
  drfa_agdrp: boolean | null;
  drfa_dra: boolean | null;
  assistance: string | null;
  source_url: string;
}

export function declarationRow(record: DeclarationRecord): DeclarationRow {
  return {
    id: record.id,
    source: record.source,
    instrument_type: record.instrumentType,
    jurisdiction: record.jurisdiction,
    agrn: record.agrn,
    event_name: record.eventName,
    disaster_types: record.disasterTypes,
    hazards: record.hazards,
    area_type: record.area.type,
    area_code: record.area.code,
    area_name: record.area.name,
    start_date: record.startDate,
    end_date: record.endDate,
    drfa_categories: record.drfa?.categories ?? null,
    drfa_agdrp: record.drfa ? record.drfa.agdrp : null,
    drfa_dra: record.drfa ? record.drfa.dra : null,
    assistance: record.assistance,
    source_url: record.sourceUrl,
  };
}

function oneOf<T extends string>(allowed: readonly T[], value: string, column: string): T {
  if (!(allowed as readonly string[]).includes(value)) throw new Error(`declarations.${column}: ${value}`);
  return value as T;
}

/** A row back to its record; throws on a value the model does not know (a file of a newer schema). */
export function declarationRecord(row: DeclarationRow): DeclarationRecord {
  const isDrfa = row.drfa_agdrp !== null || row.drfa_dra !== null;
  return {
    id: row.id,
    source: oneOf(Object.keys(DECLARATION_SOURCES) as DeclarationSourceId[], row.source, 'source'),
    instrumentType: oneOf<InstrumentType>(INSTRUMENT_TYPES, row.instrument_type, 'instrument_type'),
    jurisdiction: oneOf<Jurisdiction>(JURISDICTIONS, row.jurisdiction, 'jurisdiction'),
    agrn: row.agrn,
    eventName: row.event_name,
    disasterTypes: row.disaster_types.map((type) =>
      oneOf<DisasterType>(DISASTER_TYPES, type, 'disaster_types'),
    ),
    hazards: row.hazards,
    area: { type: row.area_type === 'sal' ? 'sal' : 'lga', code: row.area_code, name: row.area_name },
    startDate: row.start_date,
    endDate: row.end_date,
    drfa: isDrfa
      ? {
          categories:
            row.drfa_categories?.map((c) => oneOf<DrfaCategory>(DRFA_CATEGORIES, c, 'drfa_categories')) ??
            null,
          agdrp: row.drfa_agdrp === true,
          dra: row.drfa_dra === true,
        }
      : null,
    assistance: row.assistance,
    sourceUrl: row.source_url,
  };
}

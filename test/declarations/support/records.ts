import {
  DECLARATION_SOURCES,
  type DeclarationRecord,
  type DeclarationSourceId,
  type Jurisdiction,
} from '../../../model/index.js';

/** A made-up record: a DRFA activation by default, a NSW declaration with `source: 'nsw_disaster_declarations'`. */
export function madeUpRecord(fields: {
  agrn: number;
  code: string;
  startDate: string;
  jurisdiction?: Jurisdiction;
  source?: DeclarationSourceId;
  areaType?: 'lga' | 'sal';
  areaName?: string;
  endDate?: string | null;
  disasterTypes?: DeclarationRecord['disasterTypes'];
}): DeclarationRecord {
  const source = fields.source ?? 'nema_drfa_activations';
  const areaType = fields.areaType ?? 'lga';
  return {
    id: `${source}:${fields.agrn}:${areaType}:${fields.code}`,
    source,
    instrumentType: DECLARATION_SOURCES[source].instrumentType,
    jurisdiction: fields.jurisdiction ?? 'nsw',
    agrn: fields.agrn,
    eventName: `Made-up event ${fields.agrn}`,
    disasterTypes: fields.disasterTypes ?? ['flood'],
    hazards: ['Flood'],
    area: { type: areaType, code: fields.code, name: fields.areaName ?? `Area ${fields.code}` },
    startDate: fields.startDate,
    endDate: fields.endDate ?? null,
    drfa: source === 'nema_drfa_activations' ? { categories: ['A', 'B'], agdrp: false, dra: false } : null,
    assistance: null,
    sourceUrl: DECLARATION_SOURCES[source].url,
  };
}
